import { Alert, Anchor, Button, Group, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core'
import { askToConfirm } from '../../app/confirm'
import { notifications } from '@mantine/notifications'
import { useEffect, useRef, useState } from 'react'
import { jobInboxId } from '../../../../shared/contract/inbox'
import type { JobScope } from '../../../../shared/contract/scope'
import { useProviders, useRouteMutation } from '../../api/queries'
import { hrefOf, navigate } from '../../app/router'
import { useNewJobDraft } from './new-job-draft'
import { focusComposerOnOpen } from '../../stores/composer-focus'
import { ScopeEditor } from './ScopeEditor'
import { removeEntries, scopeCount } from './scope-entries'
import { errorText, noticeText } from '../../api/client'
import { useClient } from '../../api/client-context'
import { missingEntriesNow } from './missing-now'
import { useMissingEntries } from './use-missing-entries'
import { scopeCountText } from './scope-counts'
import type { MissingEntry } from './vfs-selection'
import { MissingList } from './MissingList'
import { providerSelectProps } from '../providers'
import { BusyButton } from '../../app/BusyButton'
import { focusWhenLost } from '../../app/focus-when-lost'
import { useReplacingSearch } from '../../app/replacing-search'
import { draftLosses, listed } from './draft-losses'
import { countText } from '../../app/count-format'
import { HeldEntriesContext, useHeldEntries } from './held-entries'

export function NewJobPage() {
  const providers = useProviders()
  const create = useRouteMutation('create_job')
  const draft = useNewJobDraft()
  // The scope's entries gone from the library (the picker's check, shared): counted apart, not as there.
  const missingNow = useMissingEntries(draft.scope)
  const providerField = useRef<HTMLInputElement>(null)
  const providerSelect = providerSelectProps(providers.data)
  const { props: providerSearch } = useReplacingSearch(providerSelect.data.find((o) => o.value === draft.providerId)?.label)
  const clearButton = useRef<HTMLButtonElement>(null)

  // The draft outlives reloads and provider changes: one naming a provider no longer stored (removed
  // here or in another window) showed a blank or stale choice and Create job failed with a 404.
  // The one chosen instead is said, with the one that went: switched without a word, Create made the
  // job on a provider the operator had not chosen.
  const gone =
    draft.providerId !== null && providers.data && !providers.data.some((p) => p.id === draft.providerId) ? draft.providerId : null
  const [replaced, setReplaced] = useState<string | null>(null)
  if (gone !== null && gone !== replaced) setReplaced(gone)
  useEffect(() => {
    if (!providers.data) return
    if (draft.providerId !== null && providers.data.some((p) => p.id === draft.providerId)) return
    // The first one that works (or was never checked): one whose last check failed is not offered first.
    const first = (providers.data.find((p) => p.last_check?.ok !== false) ?? providers.data[0])?.id ?? null
    if (first !== draft.providerId) draft.set({ providerId: first })
  }, [providers.data, draft])
  const chosen = (providerId: string | null) => {
    setReplaced(null)
    draft.set({ providerId })
  }

  const client = useClient()
  const heldEntries = useHeldEntries()
  const [checking, setChecking] = useState(false)
  const createButton = useRef<HTMLButtonElement>(null)

  // Files or folders chosen, then deleted or moved (in another window, by a script) before Create: the
  // node takes such a scope as it is, and the job silently finds nothing in them. The chosen paths are
  // checked now, and the operator chooses: create without them, or go back to the scope.
  const submit = async () => {
    if (!draft.providerId) return
    // A network folder typed but not added: said on its field (the typing kept), not left out of the job silently.
    if (heldEntries.anyHeld()) return
    // The scope stays editable while it is checked: an entry ticked or unticked meanwhile is in the
    // job (the scope is checked again as it is then), not dropped for the one Create was pressed with.
    let scope = useNewJobDraft.getState().scope
    let missing: MissingEntry[] = []
    setChecking(true)
    try {
      let checked: JobScope
      do {
        checked = scope
        missing = await missingEntriesNow(client, checked)
        scope = useNewJobDraft.getState().scope
      } while (scope !== checked)
    } catch {
      // Not known now: Create goes on, and says why if the node does not take it either.
      scope = useNewJobDraft.getState().scope
      missing = []
    } finally {
      setChecking(false)
    }
    if (missing.length === 0) return createWith(scope)
    askToConfirm({
      title:
        missing.length === 1
          ? 'A chosen item is no longer in the library'
          : `${countText(missing.length)} chosen items are no longer in the library`,
      children: <MissingList missing={missing} />,
      labels: { confirm: 'Remove and create', cancel: 'Go back' },
      returnFocus: false,
      onConfirm: () => {
        const kept = removeEntries(scope, missing)
        draft.set({ scope: kept })
        void createWith(kept)
      },
      // Back on Create job either way: gone back, or while the job is created (the page is then left
      // for the conversation; if the node refuses it, the operator is where Create was pressed).
      // Waited for while disabled (the job being created): a disabled button takes no focus.
      onClose: () => focusWhenLost(() => (createButton.current?.disabled ? null : createButton.current))
    })
  }

  const createWith = async (scope: JobScope) => {
    if (!draft.providerId) return
    try {
      const { job_id } = await create.mutateAsync({
        llm_provider: draft.providerId,
        job_creation_info: {
          scope,
          associated_ui: draft.sheet.trim() ? { Sheet: draft.sheet.trim() } : null,
          is_hidden: draft.hidden
        }
      })
      draft.reset()
      focusComposerOnOpen(jobInboxId(job_id))
      navigate({ name: 'inbox', inboxId: jobInboxId(job_id) })
    } catch (err) {
      notifications.show({ color: 'red', title: 'The job was not created', message: noticeText(err) })
    }
  }

  // Clear threw away a scope picked one entry at a time, without a word: it asks first when something would be lost.
  const clear = () => {
    const lost = draftLosses(draft, missingNow.length)
    if (lost.length === 0) return draft.reset()
    let cleared = false
    askToConfirm({
      title: 'Clear the new job?',
      children: <Text size="sm">{listed(lost).replace(/^./, (c) => c.toUpperCase())} will be discarded. The provider stays chosen.</Text>,
      labels: { confirm: 'Clear', cancel: 'Keep editing' },
      confirmProps: { color: 'red' },
      // Cleared, the form starts again at its first field; kept, the focus is back on Clear.
      returnFocus: false,
      onConfirm: () => {
        cleared = true
        draft.reset()
      },
      onClose: () => focusWhenLost(() => (cleared ? providerField.current : clearButton.current))
    })
  }

  return (
    <Stack maw={900} className="page-scroll" style={{ overflow: 'auto' }} pb="xl">
      <Title order={2}>New job</Title>
      {providers.data?.length === 0 && (
        <Alert color="yellow">
          A job needs a provider. <Anchor href={hrefOf({ name: 'new-provider' })}>Add one first</Anchor>.
        </Alert>
      )}
      <Select
        ref={providerField}
        label="Provider"
        description="The job's answers come from it; you can switch later."
        searchable
        // With none stored, its list said "No provider matches" to nothing typed.
        nothingFoundMessage={providers.data?.length === 0 ? 'No provider yet: add one first.' : 'No provider matches'}
        {...providerSelect}
        {...providerSearch}
        value={draft.providerId}
        onChange={chosen}
        allowDeselect={false}
        withAsterisk
        // Not read (signed out, the node away), the list was empty and nothing said why.
        error={providers.isError && !providers.data ? `The providers could not be read. ${errorText(providers.error)}` : undefined}
      />
      {replaced && (
        <Alert
          color="yellow"
          data-testid="provider-replaced"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => {
            setReplaced(null)
            // Its button, which held the focus, goes with it: the focus goes to the provider it speaks of.
            focusWhenLost(
              () => providerField.current,
              (el) => !!el.closest('[data-testid="provider-replaced"]')
            )
          }}
        >
          The provider “{replaced}” chosen for this job has been removed from the node.
          {draft.providerId !== null &&
            draft.providerId !== replaced &&
            ` “${providerSelect.data.find((o) => o.value === draft.providerId)?.label ?? draft.providerId}” is chosen instead.`}
        </Alert>
      )}
      <div>
        <Title order={3} size="h4">
          Scope
        </Title>
        <Text size="sm" c="dimmed">
          The documents and folders the job may draw on: {scopeCountText(scopeCount(draft.scope), missingNow.length)}.
        </Text>
      </div>
      <HeldEntriesContext.Provider value={heldEntries.value}>
        <ScopeEditor
          value={draft.scope}
          onChange={(scope) => draft.set({ scope })}
          networkTyping={{
            value: draft.networkTyping,
            update: (next) => draft.set({ networkTyping: next(useNewJobDraft.getState().networkTyping) })
          }}
        />
      </HeldEntriesContext.Provider>
      <Group align="flex-end">
        <TextInput
          label="Sheet association"
          description="Optional: a sheet this job belongs to"
          value={draft.sheet}
          onChange={(e) => draft.set({ sheet: e.currentTarget.value })}
        />
        <Switch
          label="Hidden job"
          description="Left out of the inbox list unless “show hidden” is on"
          checked={draft.hidden}
          onChange={(e) => draft.set({ hidden: e.currentTarget.checked })}
        />
      </Group>
      <Group>
        <BusyButton ref={createButton} onClick={() => void submit()} loading={checking || create.isPending} disabled={!draft.providerId}>
          Create job
        </BusyButton>
        <Button ref={clearButton} variant="subtle" color="gray" onClick={clear}>
          Clear
        </Button>
      </Group>
    </Stack>
  )
}
