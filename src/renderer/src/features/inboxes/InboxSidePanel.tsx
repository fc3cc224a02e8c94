import { Box, Button, Group, Paper, Stack, Table, Text, Title, Tree, useTree, type RenderTreeNodePayload } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconChevronRight } from '@tabler/icons-react'
import { useCallback, useLayoutEffect, useMemo, useRef, useState, type RefObject, type SyntheticEvent } from 'react'
import type { Inbox } from '../../../../shared/contract/inbox'
import type { JobConfig } from '../../../../shared/contract/job'
import { emptyScope, type JobScope } from '../../../../shared/contract/scope'
import { useRouteMutation } from '../../api/queries'
import {
  HeldEntriesContext,
  mergeConfigEdit,
  mergeScopeEdit,
  ScopeEditor,
  scopeCount,
  scopeCountText,
  useHeldEntries,
  useMissingEntries
} from '../jobs'
import { useClient } from '../../api/client-context'
import { JobConfigForm } from './JobConfigForm'
import { SCOPE_ENTRIES_PER_PAGE, scopeTree, sectionOfMore } from './scope-tree'
import { treeKeyProps } from './tree-keys'
import { useFocusAcrossBreakpoint } from './layout-focus'
import { noticeText } from '../../api/client'
import { BusyButton } from '../../app/BusyButton'
import { DIALOG_WITH_FOOT_STYLES, DialogFoot } from '../../app/DialogFoot'
import { Dialog } from '../../app/Dialog'
import { usePanelDiscard } from './side-panel-discard'

interface Props {
  readonly jobId: string
  readonly inbox: Inbox
  readonly inDrawer?: boolean
  /** Beside the conversation: the button that opens the panel in a drawer below xl (the view's header has it). */
  readonly detailsButton?: RefObject<HTMLButtonElement | null>
  /** The panel's own element (beside the conversation: where the drawer's focus goes back once the window is wide). */
  readonly asideRef?: RefObject<HTMLDivElement | null>
}

const NO_BUTTON: RefObject<HTMLButtonElement | null> = { current: null }

const NONE_SHOWN: Record<string, number> = {}

/**
 * A row of the scope tree. A branch that opens has a chevron (pointing down when open): drawn as
 * plain lines of text, nothing showed that "Library files (3)" could be opened to list them.
 */
const scopeRow = ({ node, expanded, hasChildren, elementProps }: RenderTreeNodePayload) => (
  // At the panel's text size ("1 entry", the config table): Tree's own 16 px stood out beside them.
  <Group gap={4} wrap="nowrap" fz="xs" {...elementProps}>
    {hasChildren ? (
      <IconChevronRight
        size={14}
        aria-hidden
        data-testid="scope-branch-mark"
        data-expanded={expanded || undefined}
        style={{ flexShrink: 0, transform: expanded ? 'rotate(90deg)' : undefined }}
      />
    ) : (
      <Box w={14} style={{ flexShrink: 0 }} aria-hidden />
    )}
    <span>{node.label}</span>
  </Group>
)

/** The job's scope (read-only tree, editable in a dialog) and its config. */
export function InboxSidePanel({ jobId, inbox, inDrawer = false, detailsButton = NO_BUTTON, asideRef }: Props) {
  // The scope as get_inbox read it (kept when events patch the inbox, read again when it changes).
  const scope = inbox.job_scope ?? undefined
  const tree = useTree()
  // Entries whose path was renamed or deleted since: marked, since they find nothing.
  const missing = useMissingEntries(scope ?? emptyScope())
  const missingKey = missing.map((m) => `${m.section}/${m.index}`).join('\n')
  // Tree initializes itself again whenever `data` is a new array: built once per scope, not per render.
  // How many entries each branch shows, for this job: the next conversation's panel (the same component,
  // moved to with Alt+Up/Down) starts again from one page per branch.
  const [shown, setShown] = useState<{ readonly jobId: string; readonly entries: Record<string, number> }>({ jobId, entries: {} })
  const shownEntries = shown.jobId === jobId ? shown.entries : NONE_SHOWN
  const treeData = useMemo(
    () => (scope ? scopeTree(scope, new Set(missingKey ? missingKey.split('\n') : []), shownEntries) : []),
    [scope, missingKey, shownEntries]
  )
  const treeBox = useRef<HTMLDivElement>(null)
  // A "Show more" row (click, Enter or Space) draws the next entries and hands the focus to the first of them.
  // As they are drawn, not a frame later: a key pressed meanwhile (an arrow right after Enter on a slow
  // machine) moved from the "Show more" row, and the focus then jumped back to the first entry.
  const focusEntry = useRef<string | null>(null)
  useLayoutEffect(() => {
    const value = focusEntry.current
    if (value === null) return
    const first = treeBox.current?.querySelector<HTMLElement>(`[role="treeitem"][data-value="${value}"]`)
    if (!first) return
    focusEntry.current = null
    first.setAttribute('data-focus-ring', 'true')
    first.focus()
  })
  const showMore = (e: SyntheticEvent<HTMLElement>) => {
    const row = e.target instanceof HTMLElement ? e.target.closest<HTMLElement>('[role="treeitem"]') : null
    const section = sectionOfMore(row?.dataset.value)
    if (!section) return
    e.preventDefault()
    e.stopPropagation()
    const from = shownEntries[section] ?? SCOPE_ENTRIES_PER_PAGE
    setShown((s) => ({ jobId, entries: { ...(s.jobId === jobId ? s.entries : {}), [section]: from + SCOPE_ENTRIES_PER_PAGE } }))
    focusEntry.current = `${section}/${from}`
  }
  const [editingScope, setEditingScope] = useState<JobScope | null>(null)
  // The scope as the dialog opened on it: what the dialog changed is measured against it on saving.
  const [scopeBase, setScopeBase] = useState<JobScope | null>(null)
  // A dialog saving (reading the latest, then writing): it closes itself once saved, and Escape or
  // Cancel meanwhile do nothing (asked to discard, the dialog then closed under the question).
  const [saving, setSaving] = useState(false)
  const editScopeButton = useRef<HTMLButtonElement>(null)
  // A network folder typed into the dialog but not added: said on its field (the typing kept) on Save, as
  // New job does, not left out of the saved scope without a word; closing the dialog asks first.
  const heldEntries = useHeldEntries()
  // The window's width crossing xl hides the panel (or the Details button) with the focus in it: the
  // focus goes to the Details button, or back to the panel's first button, not to the page's body.
  const panelButton = useCallback(() => (inDrawer ? null : editScopeButton.current), [inDrawer])
  useFocusAcrossBreakpoint('xl', panelButton, detailsButton)
  const scopeChanged = useMemo(
    () => !!editingScope && !!scopeBase && JSON.stringify(editingScope) !== JSON.stringify(scopeBase),
    [editingScope, scopeBase]
  )
  // The Job config dialog tells whether it holds changes (its ref as of now, its state for the guard).
  const configChanged = useRef(false)
  const [configEdited, setConfigEdited] = useState(false)
  const onConfigChanged = useCallback((changed: boolean) => {
    configChanged.current = changed
    setConfigEdited(changed)
  }, [])
  const editConfigButton = useRef<HTMLButtonElement>(null)
  const [editingConfig, setEditingConfig] = useState<JobConfig | null>(null)
  // Closing either dialog, or leaving the conversation, with changes in it asks first (side-panel-discard).
  // Edit scope's picks too: Alt+Up/Down or Back closed it as a cancel and they were lost without a word; and a
  // network folder typed there but not added (its form reports its typing, as Job config's form its changes).
  const closeAsking = usePanelDiscard(
    inbox.inbox_id,
    scopeChanged || (editingScope !== null && heldEntries.typing) ? 'scope' : editingConfig !== null && configEdited ? 'job config' : null,
    saving
  )
  const closeScope = () =>
    closeAsking(
      'scope',
      scopeChanged
        ? 'The entries you added or removed since you opened it will be lost.'
        : // A network folder typed but not added is a change too: it was dropped without a question.
          heldEntries.anyTyping()
          ? 'The network folder you typed but did not add will be lost.'
          : null,
      () => setEditingScope(null),
      () => editScopeButton.current
    )
  const closeConfig = () =>
    closeAsking(
      'job config',
      configChanged.current ? 'What you changed since you opened it will be lost.' : null,
      () => setEditingConfig(null),
      () => editConfigButton.current
    )
  const client = useClient()
  const updateScope = useRouteMutation('update_job_scope')
  const updateConfig = useRouteMutation('update_job_config')
  const config = inbox.job_config

  const saveScope = async () => {
    if (!editingScope || !scopeBase) return
    if (heldEntries.anyHeld()) return
    setSaving(true)
    try {
      // Another window may have saved the scope since the dialog opened: only this dialog's changes are applied to it.
      const latest = await client.call('get_job_scope', { query: { job_id: jobId } })
      await updateScope.mutateAsync({ job_id: jobId, job_scope: mergeScopeEdit(scopeBase, editingScope, latest) })
      setEditingScope(null)
      notifications.show({ color: 'teal', message: 'Scope saved' })
    } catch (err) {
      notifications.show({ color: 'red', title: 'Scope not saved', message: noticeText(err) })
    } finally {
      setSaving(false)
    }
  }
  const saveConfig = async (base: JobConfig, edited: JobConfig) => {
    setSaving(true)
    try {
      const latest = (await client.call('get_inbox', { query: { inbox_name: inbox.inbox_id } })).job_config
      await updateConfig.mutateAsync({ job_id: jobId, config: mergeConfigEdit(base, edited, latest) })
      setEditingConfig(null)
    } catch (err) {
      notifications.show({ color: 'red', title: 'Config not saved', message: noticeText(err) })
    } finally {
      setSaving(false)
    }
  }

  return (
    <Stack
      ref={asideRef}
      w={inDrawer ? undefined : 320}
      gap="sm"
      style={{ flexShrink: 0, overflow: 'auto' }}
      // Beside the conversation on wide windows only: below xl (1408 px) it took 336 px of a 1280 px
      // window, leaving the conversation about 430 px beside the app's navigation and the conversation list.
      visibleFrom={inDrawer ? undefined : 'xl'}
      component="aside"
      aria-label="Job details"
      // Marked in the same drawing as the dialog is asked for (the dialog itself comes a render later):
      // a drawer holding the panel leaves an Escape typed meanwhile to the dialog (escapeIsFor).
      data-opens-dialog={editingScope !== null || editingConfig !== null || undefined}
    >
      <Paper withBorder p="sm">
        <Group justify="space-between" mb="xs">
          <Title order={3} size="h5">
            Scope
          </Title>
          <Button
            ref={editScopeButton}
            size="xs"
            variant="light"
            onClick={() => {
              if (!scope) return
              setScopeBase(scope)
              setEditingScope(scope)
            }}
            disabled={!scope}
          >
            Edit scope
          </Button>
        </Group>
        {scope && scopeCount(scope) === 0 && (
          // Said, rather than five branches each counting "(0)".
          <Text size="xs" c="dimmed" data-testid="scope-none">
            None: the job draws on no documents.
          </Text>
        )}
        {scope && scopeCount(scope) > 0 && (
          <>
            <Text size="xs" c="dimmed" mb={4}>
              {scopeCountText(scopeCount(scope), missing.length)}
            </Text>
            <div
              {...treeKeyProps}
              ref={treeBox}
              onClickCapture={showMore}
              onKeyDownCapture={(e) => {
                if (e.key === 'Enter' || e.key === ' ') showMore(e)
              }}
            >
              <Tree data={treeData} tree={tree} levelOffset="md" aria-label="Scope" renderNode={scopeRow} />
            </div>
          </>
        )}
      </Paper>
      <Paper withBorder p="sm">
        <Group justify="space-between" mb="xs">
          <Title order={3} size="h5">
            Job config
          </Title>
          <Button
            ref={editConfigButton}
            size="xs"
            variant="light"
            onClick={() => {
              onConfigChanged(false)
              setEditingConfig(config)
            }}
          >
            Edit config
          </Button>
        </Group>
        <Table fz="xs" verticalSpacing={2}>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>System prompt</Table.Td>
              <Table.Td>
                {config.custom_prompt ? (
                  // A few lines, wrapped anywhere: a long prompt (or one long word, a URL) pushed the panel thousands of px wide and tall.
                  <Text size="xs" lineClamp={4} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }} data-testid="config-prompt">
                    {config.custom_prompt}
                  </Text>
                ) : (
                  <Text span c="dimmed" size="xs">
                    none
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td>Temperature</Table.Td>
              <Table.Td>{config.temperature}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td>Top p / top k</Table.Td>
              <Table.Td>
                {config.top_p} / {config.top_k}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td>Seed</Table.Td>
              <Table.Td>{config.seed}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td>Streaming</Table.Td>
              <Table.Td>{config.stream ? 'on' : 'off'}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Paper>

      <Dialog opened={editingScope !== null} onClose={closeScope} ownEscape title="Edit scope" size="xl" styles={DIALOG_WITH_FOOT_STYLES}>
        {editingScope && (
          <Stack>
            <HeldEntriesContext.Provider value={heldEntries.value}>
              <ScopeEditor value={editingScope} onChange={setEditingScope} />
            </HeldEntriesContext.Provider>
            <DialogFoot>
              <Button variant="default" onClick={closeScope}>
                Cancel
              </Button>
              <BusyButton onClick={() => void saveScope()} loading={saving}>
                Save scope
              </BusyButton>
            </DialogFoot>
          </Stack>
        )}
      </Dialog>
      <Dialog opened={editingConfig !== null} onClose={closeConfig} ownEscape title="Job config" styles={DIALOG_WITH_FOOT_STYLES}>
        {editingConfig && (
          <JobConfigForm
            initial={editingConfig}
            saving={saving}
            onSave={(c) => void saveConfig(editingConfig, c)}
            onCancel={closeConfig}
            onChanged={onConfigChanged}
          />
        )}
      </Dialog>
    </Stack>
  )
}
