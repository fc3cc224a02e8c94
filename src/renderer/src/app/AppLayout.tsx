import { Alert, Anchor, Badge, Box, Burger, Group, NavLink, Stack, Text, Title, VisuallyHidden } from '@mantine/core'
import { useDisclosure, useHotkeys } from '@mantine/hooks'
import { IconFolders, IconInbox, IconPlugConnected, IconPlugConnectedX, IconPlus, IconSettings } from '@tabler/icons-react'
import { useEffect, type ReactNode } from 'react'
import { useClient } from '../api/client-context'
import { useHealth } from '../api/queries'
import { useNodeStatus } from '../api/use-node-status'
import { uploadsUnderWay, useUploadsUnderWay } from '../stores/uploads'
import { useAskBeforeUnloadWhileUploading } from './upload-unload-guard'
import classes from './AppLayout.module.css'
import { typedBeforeDrawn } from './early-keys'
import { mayLeave } from './leave-guard'
import { hrefOf, navigateNow, type Route } from './router'
import { closeShortcuts, onShortcutsKey, openShortcuts, shortcutsOpen } from './shortcut-keys'
import { ThemeSwitch } from './ThemeSwitch'
import { ariaWithCommandKey, withCommandKey } from './platform'

/** Ctrl/Cmd+K from anywhere: the inbox list with its search box focused (then `focused` is told it, or null if it never came). */
function focusInboxSearch(focused?: (box: HTMLElement | null) => void) {
  // From a page with changes not saved: the search opens once the operator chooses to leave it.
  if (!mayLeave(hrefOf({ name: 'inboxes' }), () => focusInboxSearch(focused))) return
  // The list is drawn now, and its box focused at once: what is typed right after the shortcut went
  // to the field being left (a conversation's message box) while the list waited for the hashchange.
  navigateNow({ name: 'inboxes' })
  // Should the list still be on its way (a loader in its place), the box is waited for.
  const tryFocus = (tries: number) => {
    const input = document.getElementById('inbox-search')
    input?.focus()
    if (input && document.activeElement === input) focused?.(input)
    else if (tries > 0) setTimeout(() => tryFocus(tries - 1), 50)
    else focused?.(null)
  }
  tryFocus(60)
}

/**
 * Ctrl/Cmd+K pressed. A dialog is answered first: the list opened behind it, its box focused under the
 * dialog, which stayed, and what was typed next went there unseen. The list of shortcuts (which names
 * Ctrl+K) is closed instead.
 */
function searchKey() {
  const dialogs = document.querySelectorAll('.mantine-Modal-content[role="dialog"]').length
  if (dialogs > (shortcutsOpen() ? 1 : 0)) return
  closeShortcuts()
  focusInboxSearch()
}

/** The navigation's sections: where each goes, and the routes during which it is the current one. */
const SECTIONS: readonly { route: Route; label: string; Icon: typeof IconInbox; covers: Route['name'][] }[] = [
  { route: { name: 'inboxes' }, label: 'Inboxes', Icon: IconInbox, covers: ['inboxes', 'inbox'] },
  { route: { name: 'new-job' }, label: 'New job', Icon: IconPlus, covers: ['new-job'] },
  { route: { name: 'providers' }, label: 'Providers', Icon: IconPlugConnected, covers: ['providers', 'new-provider', 'edit-provider'] },
  { route: { name: 'files' }, label: 'Files', Icon: IconFolders, covers: ['files'] },
  { route: { name: 'settings' }, label: 'Settings', Icon: IconSettings, covers: ['settings'] }
]

export function AppLayout({ route, children }: { route: Route; children: ReactNode }) {
  const [opened, { toggle, close }] = useDisclosure()
  const health = useHealth()
  const node = useNodeStatus()
  const client = useClient()
  const signedOut = node.status !== 'down' && !node.sessionEnded && node.signedOut
  const uploading = useUploadsUnderWay(uploadsUnderWay)
  useAskBeforeUnloadWhileUploading()
  useHotkeys([['mod+K', searchKey]], [])
  // Keys pressed while the window was still being drawn (early-keys): Ctrl+K opens the search now, with what was typed after it.
  useEffect(() => typedBeforeDrawn(focusInboxSearch), [])
  useEffect(() => {
    window.addEventListener('keydown', onShortcutsKey)
    return () => window.removeEventListener('keydown', onShortcutsKey)
  }, [])
  // Marked for screen readers too (aria-current), not only by its look.
  const active = (names: Route['name'][]) => names.includes(route.name)
  return (
    // The frame of Mantine's AppShell, in plain elements (AppLayout.module.css says why).
    <div className={classes.frame} data-navbar-open={opened || undefined}>
      <SkipLink />
      <header className={classes.header}>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          {/* On a narrow window the colour scheme switch keeps its room: the node's name is left out (it would
              be squeezed to an empty pill), then the logo, and the title is cut last. */}
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
            <Box component="img" src="./favicon.svg" alt="" width={24} height={24} visibleFrom="xs" />
            <Title order={1} size="h4" miw={0} style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
              Nodedesk
            </Title>
            {health.data && (
              // A plain title, not a Mantine Tooltip: the popover code would load with the first screen for this one hint.
              <Badge
                variant="filled"
                color="teal.9"
                tt="none"
                data-testid="node-name"
                title={`Node version ${health.data.version}`}
                visibleFrom="xs"
                style={{ flexShrink: 0 }}
              >
                {health.data.node_name}
              </Badge>
            )}
          </Group>
          <Box style={{ flexShrink: 0 }}>
            <ThemeSwitch />
          </Box>
        </Group>
      </header>
      <nav className={classes.navbar} aria-label="Main">
        {SECTIONS.map(({ route: to, label, Icon, covers }) => (
          <NavLink
            key={label}
            className={classes.navLink}
            href={hrefOf(to)}
            label={label}
            leftSection={<Icon size={18} />}
            rightSection={to.name === 'files' && uploading > 0 ? <UploadsBadge count={uploading} /> : undefined}
            active={active(covers)}
            aria-current={active(covers) ? 'page' : undefined}
            onClick={close}
          />
        ))}
        <Stack gap={2} mt="auto" p="xs" align="flex-start">
          <Text size="xs" c="dimmed">
            {withCommandKey('K')} searches inboxes
          </Text>
          <Anchor component="button" type="button" size="xs" onClick={openShortcuts} aria-keyshortcuts={`? ${ariaWithCommandKey('/')}`}>
            Keyboard shortcuts
          </Anchor>
        </Stack>
      </nav>
      <main
        id={MAIN_ID}
        className={classes.main}
        tabIndex={-1}
        style={{ display: 'flex', flexDirection: 'column', height: '100dvh', outline: 'none' }}
      >
        {node.status === 'down' && <NodeDownBanner since={node.downSince} headless={client.transport.kind === 'http'} />}
        {node.status === 'up' && node.sessionEnded && (
          <SessionBanner title="The node restarted" testId="session-ended-banner">
            It answers again, but it no longer knows this window. Open the UI address the node printed (or ask it for a new one) to
            continue.
          </SessionBanner>
        )}
        {signedOut && (
          <SessionBanner title="This window is not signed in to the node" testId="signed-out-banner">
            The one-time code in the address it was opened with was used already (each code works once). Open the UI address the node
            printed when it started, or ask it for a new one (POST /v2/session/ui_code with its token), to continue.
          </SessionBanner>
        )}
        {children}
      </main>
    </div>
  )
}

const MAIN_ID = 'main-content'

/** A notice that this window has no session with the node, and how to get one. */
function SessionBanner({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Alert role="alert" color="yellow" mb="sm" title={title} data-testid={testId} style={{ flexShrink: 0 }}>
      {children}
    </Alert>
  )
}

/** Uploads still queued or being sent, beside Files: they go on while the operator is on another page. */
function UploadsBadge({ count }: { count: number }) {
  const text = `${count} upload${count === 1 ? '' : 's'} under way`
  return (
    <Badge size="sm" variant="light" circle={count < 10} title={text} data-testid="uploads-under-way">
      {count}
      <VisuallyHidden component="span"> {text.slice(String(count).length)}</VisuallyHidden>
    </Badge>
  )
}

/**
 * The first Tab stop: keyboard users go past the header and the navigation to the page in one key.
 * It moves the focus itself: following `#main-content` would change the hash, which is the route.
 */
function SkipLink() {
  return (
    <a
      className="skip-link"
      href={`#${MAIN_ID}`}
      onClick={(e) => {
        e.preventDefault()
        document.getElementById(MAIN_ID)?.focus()
      }}
    >
      Skip to content
    </a>
  )
}

/**
 * Shown while the node does not answer; it goes away by itself when the node is back. `headless`: the window is a browser tab of `npm run serve`. A node stopped there and started again
 * forgets this tab's session, and one started on another port cannot be found from here: the notice
 * said only that it "goes away by itself", which it never did then.
 */
function NodeDownBanner({ since, headless }: { since: Date | null; headless: boolean }) {
  return (
    <Alert
      role="alert"
      color="red"
      variant="filled"
      mb="sm"
      icon={<IconPlugConnectedX size="1.125rem" />}
      title="The node is not answering"
      data-testid="node-down-banner"
      style={{ flexShrink: 0 }}
    >
      Nodedesk lost contact with the node{since ? ` at ${since.toLocaleTimeString()}` : ''}. Nothing can be saved or answered until it is
      back; this message goes away by itself when it answers again.
      {headless &&
        ' If the node was stopped, start it again and open the UI address it prints: a node started again no longer knows this window, and one on another port cannot be found from here.'}
    </Alert>
  )
}
