import { Alert, Anchor, Button, Card, Group, Loader, Stack, Stepper, Text, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconAlertTriangle, IconCheck, IconRefresh } from '@tabler/icons-react'
import { useEffect, useMemo, useReducer, useRef, useState } from 'react'
import { DEFAULT_NODE_NAME } from '../../../../shared/contract/identity'
import type { LastCheck, ProviderListEntry } from '../../../../shared/contract/provider'
import { ApiFailure, errorText, noticeText, untilAborted } from '../../api/client'
import { CANCELLED, useCancellable } from '../../app/use-cancellable'
import { useClient } from '../../api/client-context'
import { useHealth, useProviders, useRouteMutation } from '../../api/queries'
import { askToConfirm } from '../../app/confirm'
import { guardLeaving } from '../../app/leave-guard'
import { backTo, hrefOf, navigate, type CameFrom } from '../../app/router'
import { useAddDraft } from './draft-store'
import { CheckButton, LastCheckView } from './ProviderHealth'
import {
  chosenModels,
  draftOf,
  editChanged,
  firstStepWithErrors,
  freeDerivedId,
  STEPS,
  formErrorsOf,
  toProvider,
  toProviders,
  updateDraft,
  validate,
  type FieldErrors,
  type ProviderDraft,
  type WizardMode
} from './provider-draft'
import { rememberKindChoice } from './kind-choices'
import { BusyButton } from '../../app/BusyButton'
import { focusWhenLost } from '../../app/focus-when-lost'
import { ConnectionStep } from './ConnectionStep'
import { IdentityStep } from './IdentityStep'
import { KindStep } from './KindStep'
import { inWizardWords } from './key-advice'
import { failureToFix, type FieldToFix } from './failure-to-fix'
import { backToConversation } from './back-to-conversation'
import { ModelStep } from './ModelStep'
import { ReviewStep } from './ReviewStep'
import stepsCss from './WizardSteps.module.css'
import { useStepTabs } from './use-step-tabs'
import { modelOfBody, type TestState } from './wizard-step-props'

/** How the edit page was reached from a failed answer: the failure's kind and HTTP status, the inbox it is in. */
/** What a provider's settings were opened for: the failure to fix, and the conversation to go back to. */
export type WizardArrival = {
  readonly fix?: string
  readonly status?: number
} & CameFrom

/** The add and edit flows share this form; add keeps its draft in a persisted store, edit in memory. */
export function ProviderWizard({ mode, arrival = {} }: { mode: WizardMode; arrival?: WizardArrival }) {
  const health = useHealth()
  const providers = useProviders()
  const nodeName = health.data?.node_name ?? DEFAULT_NODE_NAME
  const addDraft = useAddDraft()
  const startAddDraft = useAddDraft((s) => s.start)
  const stored = mode.kind === 'edit' ? providers.data?.find((p) => p.id === mode.providerId) : undefined
  // Edit starts from the stored provider; the first change makes the draft the operator's own.
  const [editDraft, setEditDraft] = useState<ProviderDraft | null>(null)
  // Deleted elsewhere (another window, a script) while the operator has changes: the form stays, with
  // what was typed, and says so. It was replaced by "No such provider", the changes lost without a word.
  const [lastStored, setLastStored] = useState(stored)
  if (stored && stored !== lastStored) setLastStored(stored)
  const deletedMeanwhile = mode.kind === 'edit' && providers.isSuccess && !stored && !!editDraft && !!lastStored
  const editing = stored ?? (deletedMeanwhile ? lastStored : undefined)
  // Reached from a failed answer: the step holding what failed, its field focused, the failure said above the form.
  const storedModel = editing ? draftOf(editing).model : ''
  const toFix = mode.kind === 'edit' ? failureToFix(arrival.fix, arrival.status, storedModel) : undefined
  const startStep = toFix?.step ?? 0
  const storedDraft = useMemo(() => (editing ? { ...draftOf(editing), step: startStep } : null), [editing, startStep])
  // Changed elsewhere while being edited: the provider as it was when the first change was made here.
  // Saving wrote over the other change without a word; it is said, and saving asks first.
  const [editBase, setEditBase] = useState<ProviderListEntry | null>(null)
  /** The form shows these saved settings, on the given step; any change of the operator's is dropped. */
  const adoptSaved = (saved: ProviderListEntry, step: ProviderDraft['step']) => {
    setEditBase(saved)
    setEditDraft({ ...draftOf(saved), step })
  }
  const changedMeanwhile =
    mode.kind === 'edit' && !!stored && !!editDraft && !!editBase && savedSettings(stored) !== savedSettings(editBase)
  if (changedMeanwhile && !editChanged(editDraft, draftOf(editBase))) {
    // Nothing of the operator's own yet (a step moved to): the form takes the new settings, on its step.
    adoptSaved(stored, editDraft.step)
  }

  useEffect(() => {
    if (mode.kind === 'add') startAddDraft(nodeName)
  }, [mode.kind, nodeName, startAddDraft])

  // Edits not saved were lost without a word on leaving the page (the add draft is kept, an edit is
  // not): leaving asks first. Saved, the page is left without asking.
  const unsaved = !!editDraft && !!storedDraft && editChanged(editDraft, storedDraft)
  const shownName = editing
    ? editing.name?.trim() && editing.name.trim() !== editing.id
      ? `“${editing.name.trim()}” (${editing.id})`
      : `“${editing.id}”`
    : ''
  const releaseGuard = useRef<(() => void) | null>(null)
  const editedId = mode.kind === 'edit' ? mode.providerId : null
  // The page's own address (with what it was opened for): going to it again is not leaving.
  const ownHref = editedId === null ? null : hrefOf({ name: 'edit-provider', providerId: editedId, ...arrival })
  // The conversation the settings were opened from, as it was (its search followed too).
  const back = backTo(arrival)
  useEffect(() => {
    if (!unsaved || ownHref === null) return
    const release = guardLeaving(
      ownHref,
      'Leave without saving?',
      `Your changes to provider ${shownName} are not saved. If you leave this page, they are lost.`
    )
    releaseGuard.current = release
    return () => {
      releaseGuard.current = null
      release()
    }
  }, [unsaved, shownName, ownHref])

  if (mode.kind === 'edit' && providers.isSuccess && !editing) {
    return (
      <Alert color="red" title="No such provider">
        Provider “{mode.providerId}” does not exist. <Anchor href="#/providers">Back to providers</Anchor>
      </Alert>
    )
  }
  const draft = mode.kind === 'add' ? addDraft.draft : (editDraft ?? storedDraft)
  if (!draft) return <Loader role="img" aria-label="Loading" />
  const update = (patch: Partial<ProviderDraft>) => {
    if (mode.kind === 'add') return addDraft.update(patch)
    if (!editDraft) setEditBase(editing ?? null)
    setEditDraft((d) => updateDraft(d ?? draft, patch))
  }
  /** The form shows the settings saved now, on the step it is on; the operator's changes are dropped. */
  const takeSaved = () => {
    if (!stored) return
    adoptSaved(stored, draft.step)
    focusWhenLost(() => document.querySelector<HTMLElement>('.mantine-Stepper-step[data-progress]'))
  }
  const form = (
    <WizardForm
      mode={mode}
      draft={draft}
      update={update}
      storedName={editing?.name?.trim() || undefined}
      hasStoredKey={editing?.has_api_key ?? false}
      lastCheck={editing?.last_check ?? null}
      takenIds={(providers.data ?? []).map((p) => p.id)}
      resumed={mode.kind === 'add' && addDraft.resumed}
      notice={mode.kind === 'add' ? addDraft.notice : null}
      onStartOver={(then) =>
        confirmStartOver(() => {
          addDraft.startOver(nodeName)
          then()
        })
      }
      saveBlocked={deletedMeanwhile}
      confirmSave={changedMeanwhile ? (proceed) => confirmOverwrite(shownName, proceed) : undefined}
      focusField={toFix?.field}
      onDone={() => {
        releaseGuard.current?.()
        if (mode.kind === 'add') addDraft.discard()
        if (mode.kind === 'edit' && arrival.from) {
          // Came from a failed answer: back to its conversation, on Retry.
          backToConversation(arrival)
          return
        }
        navigate(mode.kind === 'add' && mode.firstRun ? { name: 'new-job' } : { name: 'providers' })
        // The wizard leaves with the button that had the focus: the focus goes to the provider's Edit
        // once its row shows (after an edit), else to the page's content, not to the body (Tab from the top).
        const leaving = document.activeElement
        // The test's outcome held the focus while the save ran, and goes with the wizard: bound for the page's content,
        // the focus goes there now, not onto the body until the next page is drawn (Tab from the top, nothing read out).
        if (editedId === null && leaving?.hasAttribute('data-test-outcome')) document.getElementById('main-content')?.focus()
        focusWhenLost(
          () =>
            editedId === null
              ? document.getElementById('main-content')
              : document.querySelector<HTMLElement>(`[data-testid="provider-row-${CSS.escape(editedId)}"] a[data-edit]`),
          (el) => el === leaving
        )
      }}
    />
  )
  // The form keeps its place in the tree when the notice appears: remounted, it lost its step.
  return (
    <>
      {deletedMeanwhile && (
        <Alert color="red" role="alert" title="This provider was deleted" mb="md">
          Provider {shownName} was deleted elsewhere (in another window or by a script) while you were editing it. Your changes are still
          shown here, but cannot be saved to it. <Anchor href="#/providers">Back to providers</Anchor>
        </Alert>
      )}
      {changedMeanwhile && !deletedMeanwhile && (
        <Alert color="yellow" role="alert" title="This provider was changed elsewhere" mb="md" data-testid="changed-elsewhere">
          <Text size="sm">
            Provider {shownName} was changed elsewhere (in another window or by a script) while you were editing it. Saving replaces those
            changes with yours.
          </Text>
          <Button mt="xs" size="xs" variant="light" color="yellow" onClick={takeSaved}>
            Discard my changes and show the saved settings
          </Button>
        </Alert>
      )}
      {toFix && (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size="1.125rem" />} mb="md" data-testid="failure-to-fix">
          <Text size="sm">{toFix.sentence}</Text>
          {back && (
            <Anchor href={hrefOf(back)} size="sm" underline="always">
              Back to the conversation
            </Anchor>
          )}
        </Alert>
      )}
      {form}
    </>
  )
}

/** What the form saves of a provider: its last check (a Check run here or elsewhere) is not a change. */
const savedSettings = (p: ProviderListEntry) => JSON.stringify({ ...p, last_check: null })

/** Saving over a change made elsewhere meanwhile asks first: it replaced the other change without a word. */
function confirmOverwrite(shownName: string, proceed: () => void) {
  askToConfirm({
    title: 'Replace the changes made elsewhere?',
    children: (
      <Text size="sm">
        Provider {shownName} was changed elsewhere while you were editing it. Saving writes your settings over those changes.
      </Text>
    ),
    labels: { confirm: 'Test & save mine', cancel: 'Keep editing' },
    confirmProps: { color: 'yellow' },
    onConfirm: proceed
  })
}

interface FormProps {
  readonly mode: WizardMode
  readonly draft: ProviderDraft
  readonly update: (patch: Partial<ProviderDraft>) => void
  /** Editing: the display name the provider is saved with (the title names it as the Providers page does). */
  readonly storedName?: string
  readonly hasStoredKey: boolean
  readonly lastCheck?: LastCheck | null
  readonly takenIds: readonly string[]
  readonly resumed?: boolean
  readonly notice?: string | null
  /** Asks, then starts the add draft over and calls `then` (the form forgets the errors it showed). */
  readonly onStartOver?: (then: () => void) => void
  readonly onDone: () => void
  /** Reached from a failed answer: the field holding what failed, focused as the form opens. */
  readonly focusField?: FieldToFix
  /** Editing a provider deleted elsewhere: nothing can be saved to it (the notice above the form says why). */
  readonly saveBlocked?: boolean
  /** Editing a provider changed elsewhere meanwhile: saving asks first, then `proceed`s. */
  readonly confirmSave?: (proceed: () => void) => void
}

/** The fields of a step, first to last: focus goes to the first on each step. */
const FIRST_FIELD =
  '[role="radio"][aria-checked="true"], input:not([type="hidden"]):not(:disabled), textarea:not(:disabled), [data-step-focus]'

/** The fields a step's focus selects the text of. */
const TYPED_OVER = ['text', 'url', 'password', 'search']

export function WizardForm({
  mode,
  draft,
  update,
  storedName,
  hasStoredKey,
  lastCheck,
  takenIds,
  resumed,
  notice,
  onStartOver,
  onDone,
  focusField,
  saveBlocked = false,
  confirmSave
}: FormProps) {
  const client = useClient()
  const addMany = useRouteMutation('add_llm_providers')
  const modify = useRouteMutation('modify_llm_provider')
  const [serverErrors, setServerErrors] = useState<FieldErrors>({})
  const [testState, setTestState] = useState<TestState>({ status: 'idle' })
  /** The test under way, to cancel it; also cancelled when the wizard is left (it must not save afterwards). */
  const testRun = useCancellable()
  const [shown, setShown] = useState(false)
  const step = draft.step
  const single = mode.kind === 'edit' || chosenModels(draft).length <= 1
  // A derived id a provider has already is proposed with -2 (-3...) instead; one typed by hand is left to the error below.
  const freeId = mode.kind === 'add' ? freeDerivedId(draft, takenIds) : undefined
  useEffect(() => {
    if (freeId) update({ id: freeId })
  }, [freeId]) // eslint-disable-line react-hooks/exhaustive-deps -- update is a new function each render
  const idIsTaken = mode.kind === 'add' && single && takenIds.includes(draft.id)
  const idTaken = shown && step >= 3 && idIsTaken
  const errors: FieldErrors = {
    ...(shown ? validate(draft, mode.kind, step, hasStoredKey, takenIds) : {}),
    ...(idTaken ? { id: `A provider with id “${draft.id}” exists already. Choose another id.` } : {}),
    ...serverErrors
  }
  const bodies = useMemo(
    () => (mode.kind === 'add' ? toProviders(draft, takenIds) : [toProvider(draft, mode.kind)]),
    [draft, mode.kind, takenIds]
  )

  // Each step starts at its first field (the chosen kind on the first), not at <body>.
  const stepRef = useRef<HTMLDivElement>(null)
  /**
   * Editing opens on the first step, and a step is chosen from its tab: the focus is on that tab
   * (the page as it was), not on the step's first field. The chosen kind is the last card of a tall
   * grid: focused, it scrolled the form in a 800x600 window past its title and its step tabs.
   */
  const stepsRef = useRef<HTMLDivElement>(null)
  // Opened on the step of a failure to fix: its field (the key, the address or the model), not the step's tab.
  const toKeyField = useRef(focusField === 'key')
  const focusStepTab = useRef(mode.kind === 'edit' && focusField === undefined)
  useEffect(() => {
    if (focusStepTab.current) {
      focusStepTab.current = false
      const tab = stepsRef.current?.querySelector<HTMLElement>('.mantine-Stepper-step[data-progress]')
      if (tab) return tab.focus()
    }
    const root = stepRef.current
    // A selector list matches in document order, whichever selector matched: the chosen kind is
    // looked for alone first, or the first card (OpenAI) took the focus and Enter chose it.
    const first =
      step === 0
        ? (root?.querySelector<HTMLElement>('[role="radio"][aria-checked="true"]') ?? root?.querySelector<HTMLElement>('[role="radio"]'))
        : root?.querySelector<HTMLElement>(FIRST_FIELD)
    // Back from the Model step for a key refused: the key field, not the address above it.
    const key = toKeyField.current ? root?.querySelector<HTMLElement>('[data-key-field]') : null
    toKeyField.current = false
    const field = key ?? first
    field?.focus()
    // Its text selected, as when it is reached with Tab: typed at once, a new address replaced nothing
    // and went after the one filled in (Ollama's http://127.0.0.1:11434), the caret at its end.
    if (field instanceof HTMLInputElement && TYPED_OVER.includes(field.type)) field.select()
  }, [step])
  // Next on a step with a problem (or the node refusing a field) moves the focus to the first field
  // marked invalid on the step shown: it stayed on Next, at the foot of a long step, with the message
  // out of sight above and nothing read out. Runs after the step's own focus, so it wins on a step change.
  const focusInvalidOn = useRef<number | null>(null)
  // A render to run it in, also when the errors were shown already and nothing else changes.
  const [, renderForFocus] = useReducer((n: number) => n + 1, 0)
  const focusInvalid = (onStep: number) => {
    focusInvalidOn.current = onStep
    renderForFocus()
  }
  useEffect(() => {
    if (focusInvalidOn.current !== step) return
    focusInvalidOn.current = null
    stepRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  })

  const change = (patch: Partial<ProviderDraft>) => {
    setServerErrors({})
    // A test under way tests the settings as they were: it must not save them once they have changed.
    testRun.cancel()
    setTestState({ status: 'idle' })
    update(patch)
  }
  /** Moves to `target`; going forward checks every step before it (editing may jump ahead), else stays on the first at fault. */
  const goTo = (target: number): boolean => {
    if (target > step) {
      const errs = validate(draft, mode.kind, target - 1, hasStoredKey, takenIds)
      if (Object.keys(errs).length || (target > 3 && idIsTaken)) {
        setShown(true)
        // Something missing on an earlier step (e.g. the key after a reload): go there, not nowhere.
        const first = firstStepWithErrors(errs, Math.min(target - 1, 3))
        focusInvalid(first)
        if (first !== step) update({ step: first })
        return false
      }
    }
    setShown(false)
    update({ step: target })
    return true
  }
  const lastStep = STEPS.length - 1
  // Adding is guided step by step (back to a step done); editing reaches any step at once (each checked on the way).
  const stepTabs = useStepTabs({
    count: STEPS.length,
    selected: step,
    visitable: (i) => (mode.kind === 'edit' ? i !== step : i < step),
    onChoose: (target) => {
      focusStepTab.current = mode.kind === 'edit'
      if (!goTo(target)) focusStepTab.current = false
    }
  })
  /**
   * Editing: Test & save from any step. A rename took three Nexts from the first step; the steps
   * are tabs to jump to, and the review (where the test's outcome shows) is where saving lands.
   */
  const saveFromStep = () => {
    if (goTo(lastStep)) guardSave(() => void testThenSave())
  }
  /** Every way to save passes here: refused when the provider is gone, asked first when it changed elsewhere. */
  const guardSave = (run: () => void) => {
    if (saveBlocked) return
    if (confirmSave) confirmSave(run)
    else run()
  }

  const showFailure = (err: unknown) => {
    const onForm = err instanceof ApiFailure ? formErrorsOf(err.fieldPaths, (p) => err.fieldMessage(p) ?? errorText(err)) : undefined
    if (onForm) {
      setServerErrors(onForm.errors)
      focusInvalid(onForm.step)
      update({ step: onForm.step })
    } else if (err instanceof ApiFailure && err.status === 409) {
      setServerErrors({ id: errorText(err) })
      focusInvalid(3)
      update({ step: 3 })
    } else {
      notifications.show({ color: 'red', title: 'Nothing was saved', message: noticeText(err) })
    }
  }

  const save = async () => {
    try {
      if (mode.kind === 'add') await addMany.mutateAsync({ providers: bodies })
      else await modify.mutateAsync(bodies[0]!)
      if (draft.choice)
        rememberKindChoice(
          bodies.map((b) => b.id),
          draft.choice
        )
      const one = bodies[0]!
      notifications.show({
        color: 'teal',
        icon: <IconCheck size="1.125rem" />,
        message:
          bodies.length > 1
            ? `${bodies.length} providers added`
            : `Provider “${one.name ?? one.id}” ${mode.kind === 'add' ? 'added' : 'saved'}`
      })
      onDone()
    } catch (err) {
      showFailure(err)
    }
  }

  /** One short test call per model (a few at a time); all answer: saved, else the failures are listed. */
  const testThenSave = async () => {
    const signal = testRun.start()
    setTestState({ status: 'testing' })
    const failures: { model: string; said: string }[] = []
    let answered = ''
    const queue = [...bodies]
    const worker = async () => {
      for (let body = queue.shift(); body; body = queue.shift()) {
        try {
          answered = (await untilAborted(client.call('test_llm_provider', { body }), signal)).message
        } catch (err) {
          if (signal.aborted) return
          if (err instanceof ApiFailure && err.status === 400) throw err
          // Said as the wizard would: the key is on its Connection step, not in "the provider's settings".
          const said = inWizardWords(errorText(err)).text
          failures.push({ model: modelOfBody(body), said })
        }
      }
    }
    try {
      await Promise.all(Array.from({ length: Math.min(4, bodies.length) }, worker))
    } catch (err) {
      setTestState({ status: 'idle' })
      showFailure(err)
      return
    } finally {
      testRun.end(signal)
    }
    // Cancelled (or the wizard left): nothing is saved. A server that never answers held the wizard
    // for the node's whole time limit (2 minutes), with no way out but to leave the page.
    if (signal.aborted) {
      if (signal.reason === CANCELLED) setTestState({ status: 'cancelled' })
      return
    }
    if (failures.length) {
      setTestState({ status: 'failed', message: failedMessage(failures, bodies.length) })
      return
    }
    setTestState({ status: 'ok', message: bodies.length > 1 ? `All ${bodies.length} models answered.` : answered })
    await save()
  }

  const busy = addMany.isPending || modify.isPending || testState.status === 'testing'
  const cancelTestButton = useRef<HTMLButtonElement>(null)
  // The submit button is disabled while the test runs, which drops the focus: Cancel test takes it.
  useEffect(() => {
    if (testState.status !== 'testing') return
    // Test & save pressed on an earlier step of an edit opens the review, whose first line (at its top)
    // takes the focus; the test at the foot is then scrolled into view, and that line out of it: the
    // focus was where nobody could see it, and Cancel test not where it is when pressed on the review.
    if (document.activeElement?.hasAttribute('data-step-focus')) cancelTestButton.current?.focus()
    return focusWhenLost(() => cancelTestButton.current)
  }, [testState.status])
  /**
   * The test passed, the save under way (or Save without a working test pressed): Cancel test went, or the
   * pressed button is disabled, and the focus fell on <body> until the save landed (Tab from the top of the
   * page, nothing read out). The test's outcome, shown the whole time, takes it; saved, the wizard sends it on.
   */
  const saving = addMany.isPending || modify.isPending
  useEffect(() => {
    if (!saving && testState.status !== 'ok') return
    return focusWhenLost(() => stepRef.current?.querySelector<HTMLElement>('[data-test-outcome]'))
  }, [saving, testState.status])
  /**
   * The test's progress and outcome show at the review's foot, above its buttons. Test & save pressed on
   * another step of an edit opens the review at its top: in a 800x600 window the wait, Cancel test and
   * the failure were all below its edge, and the page seemed not to answer. They are scrolled into view.
   */
  const foot = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (testState.status !== 'idle') foot.current?.scrollIntoView({ block: 'nearest' })
  }, [testState.status])
  const submitLabel =
    mode.kind === 'edit' ? 'Test & save' : bodies.length > 1 ? `Test & add ${bodies.length} providers` : 'Test & add provider'
  return (
    <Stack maw={820} gap="lg" className="page-scroll" style={{ overflow: 'auto' }} pb="xl">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          {/* Named as the Providers page and its Remove dialog name it: "Edit provider “b”" did not say it was the "Local" one. */}
          <Title order={2}>
            {mode.kind === 'add'
              ? 'Add an LLM provider'
              : `Edit provider ${storedName && storedName !== draft.id ? `“${storedName}” (${draft.id})` : `“${draft.id}”`}`}
          </Title>
          {mode.kind === 'add' && mode.firstRun && (
            <Text c="dimmed">Welcome to Nodedesk. Jobs answer through an LLM provider: set one up to begin.</Text>
          )}
        </div>
        {mode.kind === 'add' && onStartOver && (draft.choice !== null || step > 0) && (
          <Button
            variant="default"
            size="xs"
            leftSection={<IconRefresh size="0.875rem" />}
            // Started over after a step's error was shown: the first step said "Choose a kind of provider", its
            // first choice marked invalid, before anything was done. The errors shown go with the draft.
            onClick={() =>
              onStartOver(() => {
                setShown(false)
                setServerErrors({})
                setTestState({ status: 'idle' })
              })
            }
            disabled={busy}
            style={{ flexShrink: 0 }} // beside a long title in a narrow window: the label stays whole
          >
            Start over
          </Button>
        )}
      </Group>
      {mode.kind === 'add' && resumed && !notice && (
        <Alert color="blue" variant="light" data-testid="resumed-draft">
          You are continuing the provider you started earlier. “Start over” discards it.
        </Alert>
      )}
      {notice && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size="1.125rem" />} data-testid="draft-notice">
          {notice}
        </Alert>
      )}
      {mode.kind === 'edit' && (
        <Card withBorder padding="sm">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <div>
              <Text size="sm" fw={500} mb={4}>
                Last check of the saved settings
              </Text>
              <LastCheckView check={lastCheck ?? null} />
            </div>
            {/* Gone (deleted elsewhere): a check of it said it "did not answer". Named as the Providers page's
                row names it (its display name, else its id): "Check mock-one" here was "Check Mock one" there. */}
            {!saveBlocked && <CheckButton providerId={draft.id} name={storedName} />}
          </Group>
        </Card>
      )}
      <div className={stepsCss.box} ref={stepsRef}>
        <Stepper
          active={step}
          // Clicks (and Enter or Space) on the tabs are taken by the tab list (use-step-tabs.ts).
          onStepClick={() => {}}
          size="sm"
          classNames={{ steps: stepsCss.steps, step: stepsCss.step, stepBody: stepsCss.stepBody, separator: stepsCss.separator }}
          attributes={{
            steps: { role: 'tablist', 'aria-label': 'Steps', ...stepTabs.listProps },
            separator: { 'aria-hidden': true }
          }}
        >
          {STEPS.map((label, i) => (
            <Stepper.Step key={label} label={label} {...stepTabs.tabProps(i)} />
          ))}
        </Stepper>
      </div>
      <form
        onSubmit={(e) => {
          e.preventDefault()
          if (step < STEPS.length - 1) goTo(step + 1)
          else guardSave(() => void testThenSave())
        }}
      >
        <Stack gap="md" ref={stepRef} {...stepTabs.panelProps}>
          {step === 0 && (
            <KindStep
              draft={draft}
              change={change}
              error={errors.kind}
              onEnter={(choice) => {
                change({ choice })
                update({ step: 1 })
              }}
            />
          )}
          {step === 1 && <ConnectionStep draft={draft} change={change} errors={errors} mode={mode} hasStoredKey={hasStoredKey} />}
          {step === 2 && (
            <ModelStep
              draft={draft}
              change={change}
              errors={errors}
              mode={mode}
              onChangeConnection={() => {
                toKeyField.current = true
                goTo(1)
              }}
            />
          )}
          {step === 3 && <IdentityStep draft={draft} change={change} errors={errors} mode={mode} bodies={bodies} />}
          {step === 4 && (
            <ReviewStep
              draft={draft}
              mode={mode}
              bodies={bodies}
              testState={testState}
              onSaveAnyway={() => guardSave(() => void save())}
              onChangeConnection={() => goTo(1)}
              busy={busy || saveBlocked}
              hasStoredKey={hasStoredKey}
            />
          )}
          <Group justify="space-between" ref={foot}>
            <Button variant="default" onClick={() => goTo(step - 1)} disabled={step === 0 || busy}>
              Back
            </Button>
            {step < lastStep && mode.kind === 'edit' ? (
              <Group gap="xs">
                <Button type="submit" variant="default">
                  Next
                </Button>
                <BusyButton onClick={saveFromStep} loading={busy} disabled={saveBlocked}>
                  {submitLabel}
                </BusyButton>
              </Group>
            ) : step < lastStep ? (
              <Button type="submit">Next</Button>
            ) : (
              <Group gap="xs">
                {testState.status === 'testing' && (
                  <Button ref={cancelTestButton} variant="default" onClick={() => testRun.cancel(CANCELLED)}>
                    Cancel test
                  </Button>
                )}
                <BusyButton type="submit" loading={busy} disabled={saveBlocked}>
                  {submitLabel}
                </BusyButton>
              </Group>
            )}
          </Group>
        </Stack>
      </form>
    </Stack>
  )
}

/**
 * What the failed test of `total` models says. Several models of one server usually fail for one reason
 * (the key, the address): the same sentence, repeated for each model, made a wall of text of eight
 * ticked models; it is said once. Otherwise each model's reason is on a line of its own, the count on its
 * own line above them (the first model's reason ran on after it).
 */
function failedMessage(failures: readonly { model: string; said: string }[], total: number): string {
  if (total <= 1) return failures[0]!.said
  const reasons = new Set(failures.map((f) => f.said))
  if (failures.length === total && reasons.size === 1) return `None of the ${total} models answered: ${failures[0]!.said}`
  return [`${failures.length} of ${total} models did not answer.`, ...failures.map((f) => `${f.model}: ${f.said}`)].join('\n')
}

/**
 * "Start over" threw away a draft of several steps (kind, address, key, models, names) at one click:
 * it asks first. Started over, the focus goes to the first step's choices; kept, back to the button.
 */
function confirmStartOver(startOver: () => void) {
  let started = false
  askToConfirm({
    title: 'Start over?',
    children: <Text size="sm">The provider you started (its kind, address, key and models chosen so far) will be discarded.</Text>,
    labels: { confirm: 'Start over', cancel: 'Keep editing' },
    confirmProps: { color: 'red' },
    onConfirm: () => {
      started = true
      startOver()
    },
    onClose: () => {
      if (started) focusWhenLost(() => document.querySelector<HTMLElement>('input[type="radio"], [role="radio"]'))
    }
  })
}
