import { Center, Loader } from '@mantine/core'
import { useEffect } from 'react'
import { useProviders } from '../api/queries'
import { InboxesPage } from '../features/inboxes/InboxesPage'
import { InboxView } from '../features/inboxes/InboxView'
import { NewJobPage } from '../features/jobs/NewJobPage'
import { ProvidersPage } from '../features/providers/ProvidersPage'
import { ProviderWizard } from '../features/providers/ProviderWizard'
import { AppLayout } from './AppLayout'
import { navigate, useRoute } from './router'

export function App() {
  const route = useRoute()
  const providers = useProviders()
  const firstRun = providers.data?.length === 0

  // With no provider yet, everything starts with setting one up.
  useEffect(() => {
    if (firstRun && route.name !== 'new-provider') navigate({ name: 'new-provider' })
  }, [firstRun, route.name])

  let page
  if (providers.isPending) page = <Center h="100%"><Loader aria-label="Loading" /></Center>
  else if (route.name === 'inbox') page = <InboxView key={route.inboxId} inboxId={route.inboxId} />
  else if (route.name === 'new-job') page = <NewJobPage />
  else if (route.name === 'providers') page = <ProvidersPage />
  else if (route.name === 'new-provider') page = <ProviderWizard mode={{ kind: 'add', firstRun }} />
  else if (route.name === 'edit-provider') page = <ProviderWizard key={route.providerId} mode={{ kind: 'edit', providerId: route.providerId }} />
  else page = <InboxesPage />
  return <AppLayout route={route}>{page}</AppLayout>
}
