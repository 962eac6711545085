import { ActionIcon } from '@mantine/core'
import { IconMessageChatbot } from '@tabler/icons-react'
import { lazy, Suspense, useRef, useState } from 'react'
import { assistantTexts } from '@/contract/assistant-texts'

const loadWindow = () => import('./assistant-window')
// The window (and its chat logic) is fetched on first use, so it never weighs on the first load.
const AssistantWindow = lazy(() => loadWindow().then((module) => ({ default: module.AssistantWindow })))

/** The floating assistant button on every page; the window slides in when it is pressed. */
export function AssistantLauncher() {
  const [opened, setOpened] = useState(false)
  const [loaded, setLoaded] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  return (
    <>
      <ActionIcon
        ref={button}
        title={assistantTexts.open}
        aria-label={assistantTexts.open}
        aria-haspopup="dialog"
        aria-expanded={opened}
        size={56}
        radius="xl"
        variant="filled"
        onPointerEnter={() => void loadWindow()}
        onFocus={() => void loadWindow()}
        onClick={() => {
          setLoaded(true)
          setOpened(true)
        }}
        style={{
          position: 'fixed',
          right: 20,
          bottom: 20,
          zIndex: 200,
          boxShadow: '0 8px 24px rgba(0,0,0,.35)',
        }}
      >
        <IconMessageChatbot size={30} aria-hidden />
      </ActionIcon>
      {loaded && (
        <Suspense fallback={null}>
          <AssistantWindow
            opened={opened}
            onClose={() => setOpened(false)}
            onClosed={() => button.current?.focus()}
          />
        </Suspense>
      )}
    </>
  )
}
