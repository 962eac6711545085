import { ActionIcon } from '@mantine/core'
import { IconBrandWhatsapp } from '@tabler/icons-react'
import { whatsappChatUrl } from '@/contract/site'

/** Floating WhatsApp contact: opens a chat with the site's number and a prefilled greeting. */
export function WhatsappButton() {
  return (
    <ActionIcon
      title="Chat with us on WhatsApp"
      component="a"
      href={whatsappChatUrl()}
      target="_blank"
      rel="noopener noreferrer"
      aria-label="Chat with us on WhatsApp"
      size={56}
      radius="xl"
      color="#1f9d55"
      variant="filled"
      style={{
        position: 'fixed',
        left: 20,
        bottom: 20,
        zIndex: 200,
        boxShadow: '0 8px 24px rgba(0,0,0,.35)',
      }}
    >
      <IconBrandWhatsapp size={30} aria-hidden />
    </ActionIcon>
  )
}
