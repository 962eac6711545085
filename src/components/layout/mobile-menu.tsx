import { Box, Drawer, Stack } from '@mantine/core'
import { AuthButtons, NavItems } from './nav-items'
import { BrandMark } from './brand-mark'

/** The header's navigation as a drawer for narrow screens. */
export default function MobileMenu({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Drawer opened={opened} onClose={onClose} title={<BrandMark size={24} />} size="xs" position="right">
      <Stack gap="lg">
        <Box component="nav" aria-label="Mobile">
          <NavItems vertical onNavigate={onClose} />
        </Box>
        <Stack gap="xs">
          <AuthButtons onNavigate={onClose} fullWidth />
        </Stack>
      </Stack>
    </Drawer>
  )
}
