import { Center, Loader } from '@mantine/core'
import { Suspense, useEffect, useState, type ComponentType } from 'react'
import { useProviders } from '../api/queries'
import { InboxesPage } from '../features/inboxes/InboxesPage'
import { AppLayout } from './AppLayout'
import { hrefOf, navigateReplacing, routeNow, useRoute } from './router'
import { lazyScreen, ScreenBoundary } from './screen-loading'
import { importAgain } from './import-again'
import { whenIdle } from './when-idle'

// The inbox list is in the first bundle; the other screens load when first opened (asked for again, after their code
// could not be fetched, at a new address: importAgain).
const screen = <M, P extends object>(load: () => Promise<M>, pick: (m: M) => ComponentType<P>) => {
  const loadAgain = importAgain(load)
  return lazyScreen(() => loadAgain().then(pick))
}
const InboxView = screen(
  () => import('../features/inboxes/InboxView'),
  (m) => m.InboxView
)
const NewJobPage = screen(
  () => import('../features/jobs/NewJobPage'),
  (m) => m.NewJobPage
)
const ProvidersPage = screen(
  () => import('../features/providers/ProvidersPage'),
  (m) => m.ProvidersPage
)
const ProviderWizard = screen(
  () => import('../features/providers/ProviderWizard'),
  (m) => m.ProviderWizard
)
const FilesPage = screen(
  () => import('../features/files/FilesPage'),
  (m) => m.FilesPage
)
const SettingsPage = screen(
  () => import('../features/settings/SettingsPage'),
  (m) => m.SettingsPage
)

const loading = (
  <Center h="100%">
    <Loader role="img" aria-label="Loading" />
  </Center>
)

export function App() {
  const route = useRoute()
  const providers = useProviders()
  const firstRun = providers.data?.length === 0

  // With no provider yet, the window starts with setting one up. The list is asked for again
  // first: one added meanwhile (another window, a script) must not bounce the user back. Once only:
  // the operator may go elsewhere from the wizard (Files to upload documents first, Settings), and
  // every link used to bounce back to it.
  const refetchProviders = providers.refetch
  const [wizardSeen, setWizardSeen] = useState(false)
  // A screen the operator opened before the answers came (a link clicked during the loader) is where they
  // go: it was replaced by the wizard a moment later, the Settings they were typing in lost. So is a window
  // opened on another screen than the list (its address: a reload on Settings, a link to Files): it is
  // where the operator asked to be, and the wizard replaced it while they typed there.
  const [openedAt] = useState(() => routeNow())
  const openedOnList = openedAt.name === 'inboxes'
  if (firstRun && route.name === 'new-provider' && !wizardSeen) setWizardSeen(true)
  useEffect(() => {
    if (!firstRun || wizardSeen) return
    let current = true
    // Its code loads meanwhile: the window goes from the loader straight to the wizard.
    ProviderWizard.preload().catch(() => undefined)
    void refetchProviders().then((r) => {
      if (!current || r.data?.length !== 0) return
      if (openedOnList && hrefOf(routeNow()) === hrefOf(openedAt)) navigateReplacing({ name: 'new-provider' })
      else setWizardSeen(true)
    })
    return () => {
      current = false
    }
  }, [firstRun, wizardSeen, refetchProviders, openedAt, openedOnList])

  // From the list, the next screen is almost always a conversation: its code loads once the list is drawn
  // and the window idle, and the conversation is then drawn at once (lazyScreen). Loaded on Enter, the
  // first conversation opened took 0.5-1 s (0.15 s for the next), the focus on the page body all that time.
  const onList = route.name === 'inboxes'
  useEffect(() => (onList ? whenIdle(() => void InboxView.preload().catch(() => undefined)) : undefined), [onList])

  // The inbox list does not wait for the providers (its first rows come first), but with none it is not
  // shown on the way to the wizard: a new user saw "No inboxes yet", then a blank, then the wizard.
  const inboxes = firstRun && !wizardSeen ? loading : <InboxesPage emptyWaits={providers.isPending} />
  let page
  if (route.name === 'inboxes') page = inboxes
  // Only while the providers are first read: a read again after a failure (a screen opened asks again) makes the
  // query pending once more, and the loader in its place unmounted the screen, whose next mount asked again: the
  // Providers and Settings screens of a window the node no longer knew sent some 150 requests a second.
  else if (providers.isPending && providers.errorUpdateCount === 0) page = loading
  else if (route.name === 'inbox') page = <InboxView key={route.inboxId} inboxId={route.inboxId} />
  else if (route.name === 'new-job') page = <NewJobPage />
  else if (route.name === 'providers') page = <ProvidersPage />
  else if (route.name === 'new-provider') page = <ProviderWizard mode={{ kind: 'add', firstRun }} />
  else if (route.name === 'edit-provider')
    page = (
      <ProviderWizard
        key={route.providerId}
        mode={{ kind: 'edit', providerId: route.providerId }}
        arrival={{ fix: route.fix, status: route.status, from: route.from, q: route.q, hidden: route.hidden }}
      />
    )
  else if (route.name === 'files') page = <FilesPage path={route.path} node={route.node} came={route} />
  else if (route.name === 'settings') page = <SettingsPage />
  else page = inboxes
  return (
    <AppLayout route={route}>
      {/* Keyed by the screen: another one opened starts without the failure. */}
      <ScreenBoundary key={route.name}>
        <Suspense fallback={loading}>{page}</Suspense>
      </ScreenBoundary>
    </AppLayout>
  )
}
