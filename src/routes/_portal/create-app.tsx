import { createFileRoute } from '@tanstack/react-router'
import { CreateAppWizard } from '@/features/apps/components/create-app-wizard'
import { AppCheckout } from '../-app-checkout'

export const Route = createFileRoute('/_portal/create-app')({
  component: function CreateAppRoute() {
    return <CreateAppWizard payment={(props) => <AppCheckout {...props} />} />
  },
})
