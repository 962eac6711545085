import { createFileRoute } from '@tanstack/react-router'
import { OnlineOnly } from '@/components/offline-notice'
import { HomeHero } from '@/features/home/components/home-hero'

export const Route = createFileRoute('/')({
  component: () => (
    <OnlineOnly>
      <HomeHero />
    </OnlineOnly>
  ),
})
