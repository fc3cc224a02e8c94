import {
  Alert,
  Anchor,
  Autocomplete,
  Badge,
  Button,
  Card,
  Checkbox,
  Code,
  Collapse,
  Group,
  Loader,
  PasswordInput,
  Radio,
  SimpleGrid,
  Stack,
  Stepper,
  ScrollArea,
  Switch,
  Table,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title
} from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconAlertTriangle, IconCheck, IconRefresh, IconSearch } from '@tabler/icons-react'
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { DEFAULT_NODE_NAME } from '../../../../shared/contract/identity'
import type { LastCheck, LlmProvider } from '../../../../shared/contract/provider'
import { PROVIDER_CATALOG, resolveBaseUrl, resolveUrlQuery } from '../../../../shared/provider-catalog'
import { ApiFailure, errorText, untilAborted } from '../../api/client'
import { useClient } from '../../api/client-context'
import { useHealth, useProviders, useRouteMutation } from '../../api/queries'
import { askToConfirm } from '../../app/confirm'
import { navigate } from '../../app/router'
import { useAddDraft } from './draft-store'
import { CheckButton, LastCheckView } from './ProviderHealth'
import {
  choiceLabel,
  chosenModels,
  draftOf,
  firstStepWithErrors,
  fullName,
  keyNeededAt,
  KIND_CHOICES,
  kindOf,
  STEPS,
  stepOfField,
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

/** Model lists longer than this get a filter above them. */
const MODEL_FILTER_FROM = 12

/** The add and edit flows share this form; add keeps its draft in a persisted store, edit in memory. */
export function ProviderWizard({ mode }: { mode: WizardMode }) {
  const health = useHealth()
  const providers = useProviders()
  const nodeName = health.data?.node_name ?? DEFAULT_NODE_NAME
  const addDraft = useAddDraft()
  const startAddDraft = useAddDraft((s) => s.start)
  const editing = mode.kind === 'edit' ? providers.data?.find((p) => p.id === mode.providerId) : undefined
  // Edit starts from the stored provider; the first change makes the draft the operator's own.
  const [editDraft, setEditDraft] = useState<ProviderDraft | null>(null)
  const storedDraft = useMemo(() => (editing ? draftOf(editing) : null), [editing])

  useEffect(() => {
    if (mode.kind === 'add') startAddDraft(nodeName)
  }, [mode.kind, nodeName, startAddDraft])

  if (mode.kind === 'edit' && providers.isSuccess && !editing) {
    return (
      <Alert color="red" title="No such provider">
        Provider “{mode.providerId}” does not exist. <Anchor href="#/providers">Back to providers</Anchor>
      </Alert>
    )
  }
  const draft = mode.kind === 'add' ? addDraft.draft : (editDraft ?? storedDraft)
  if (!draft) return <Loader aria-label="Loading" />
  const update = (patch: Partial<ProviderDraft>) =>
    mode.kind === 'add' ? addDraft.update(patch) : setEditDraft((d) => updateDraft(d ?? draft, patch))
  return (
    <WizardForm
      mode={mode}
      draft={draft}
      update={update}
      hasStoredKey={editing?.has_api_key ?? false}
      lastCheck={editing?.last_check ?? null}
      takenIds={(providers.data ?? []).map((p) => p.id)}
      resumed={mode.kind === 'add' && addDraft.resumed}
      notice={mode.kind === 'add' ? addDraft.notice : null}
      onStartOver={() => confirmStartOver(() => addDraft.startOver(nodeName))}
      onDone={() => {
        if (mode.kind === 'add') addDraft.discard()
        navigate(mode.kind === 'add' && mode.firstRun ? { name: 'new-job' } : { name: 'providers' })
        // The wizard leaves with the button that had the focus: the focus goes to the provider's Edit
        // once its row shows (after an edit), else to the page's content, not to the body (Tab from the top).
        const editedId = mode.kind === 'edit' ? mode.providerId : null
        const leaving = document.activeElement
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
}

interface FormProps {
  readonly mode: WizardMode
  readonly draft: ProviderDraft
  readonly update: (patch: Partial<ProviderDraft>) => void
  readonly hasStoredKey: boolean
  readonly lastCheck?: LastCheck | null
  readonly takenIds: readonly string[]
  readonly resumed?: boolean
  readonly notice?: string | null
  readonly onStartOver?: () => void
  readonly onDone: () => void
}

type TestState = { status: 'idle' | 'testing' | 'ok' | 'failed' | 'cancelled'; message?: string }

/** The fields of a step, first to last: focus goes to the first on each step. */
const FIRST_FIELD =
  '[role="radio"][aria-checked="true"], input:not([type="hidden"]):not(:disabled), textarea:not(:disabled), [data-step-focus]'

export function WizardForm({ mode, draft, update, hasStoredKey, lastCheck, takenIds, resumed, notice, onStartOver, onDone }: FormProps) {
  const client = useClient()
  const addMany = useRouteMutation('add_llm_providers')
  const modify = useRouteMutation('modify_llm_provider')
  const [serverErrors, setServerErrors] = useState<FieldErrors>({})
  const [testState, setTestState] = useState<TestState>({ status: 'idle' })
  /** The test under way, to cancel it; also cancelled when the wizard is left (it must not save afterwards). */
  const testRun = useRef<AbortController | null>(null)
  useEffect(() => () => testRun.current?.abort(), [])
  const [shown, setShown] = useState(false)
  const step = draft.step
  const single = mode.kind === 'edit' || chosenModels(draft).length <= 1
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
  useEffect(() => {
    const root = stepRef.current
    // A selector list matches in document order, whichever selector matched: the chosen kind is
    // looked for alone first, or the first card (OpenAI) took the focus and Enter chose it.
    const first =
      step === 0
        ? (root?.querySelector<HTMLElement>('[role="radio"][aria-checked="true"]') ?? root?.querySelector<HTMLElement>('[role="radio"]'))
        : root?.querySelector<HTMLElement>(FIRST_FIELD)
    first?.focus()
  }, [step])

  const change = (patch: Partial<ProviderDraft>) => {
    setServerErrors({})
    // A test under way tests the settings as they were: it must not save them once they have changed.
    testRun.current?.abort()
    testRun.current = null
    setTestState({ status: 'idle' })
    update(patch)
  }
  const goTo = (target: number) => {
    if (target > step) {
      const errs = validate(draft, mode.kind, step, hasStoredKey, takenIds)
      if (Object.keys(errs).length || (step >= 3 && idIsTaken)) {
        setShown(true)
        // Something missing on an earlier step (e.g. the key after a reload): go there, not nowhere.
        const first = firstStepWithErrors(errs, step)
        if (first < step) update({ step: first })
        return
      }
    }
    setShown(false)
    update({ step: target })
  }

  const showFailure = (err: unknown) => {
    if (err instanceof ApiFailure && err.fieldPaths.length) {
      // add_llm_providers names `providers[2].id`: the field is the same for every provider of the form.
      const field = (p: string) => p.replace(/^providers\[\d+\]\./, '')
      const fieldErrors: Record<string, string> = {}
      for (const p of err.fieldPaths) {
        const f = field(p)
        const key = f.startsWith('model') ? 'model' : f.startsWith('full_identity_name') ? 'full_identity_name' : f
        fieldErrors[key] = err.fieldMessage(p) ?? errorText(err)
      }
      setServerErrors(fieldErrors)
      update({ step: Math.min(...err.fieldPaths.map((p) => stepOfField(field(p)))) })
    } else if (err instanceof ApiFailure && err.status === 409) {
      setServerErrors({ id: errorText(err) })
      update({ step: 3 })
    } else {
      notifications.show({ color: 'red', title: 'Nothing was saved', message: errorText(err) })
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
        icon: <IconCheck size={18} />,
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
    const run = new AbortController()
    testRun.current = run
    setTestState({ status: 'testing' })
    const failures: string[] = []
    let answered = ''
    const queue = [...bodies]
    const worker = async () => {
      for (let body = queue.shift(); body; body = queue.shift()) {
        try {
          answered = (await untilAborted(client.call('test_llm_provider', { body }), run.signal)).message
        } catch (err) {
          if (run.signal.aborted) return
          if (err instanceof ApiFailure && err.status === 400) throw err
          failures.push(bodies.length > 1 ? `${modelOfBody(body)}: ${errorText(err)}` : errorText(err))
        }
      }
    }
    try {
      await Promise.all(Array.from({ length: Math.min(4, bodies.length) }, worker))
    } catch (err) {
      setTestState({ status: 'idle' })
      showFailure(err)
      return
    }
    // Cancelled (or the wizard left): nothing is saved. A server that never answers held the wizard
    // for the node's whole time limit (2 minutes), with no way out but to leave the page.
    if (run.signal.aborted) {
      if (testRun.current === run) setTestState({ status: 'cancelled' })
      return
    }
    if (failures.length) {
      const head = bodies.length > 1 ? `${failures.length} of ${bodies.length} models did not answer. ` : ''
      setTestState({ status: 'failed', message: `${head}${failures.join('\n')}` })
      return
    }
    setTestState({ status: 'ok', message: bodies.length > 1 ? `All ${bodies.length} models answered.` : answered })
    await save()
  }

  const busy = addMany.isPending || modify.isPending || testState.status === 'testing'
  const cancelTestButton = useRef<HTMLButtonElement>(null)
  // The submit button is disabled while the test runs, which drops the focus: Cancel test takes it.
  useEffect(() => {
    if (testState.status === 'testing') return focusWhenLost(() => cancelTestButton.current)
  }, [testState.status])
  const submitLabel =
    mode.kind === 'edit' ? 'Test & save' : bodies.length > 1 ? `Test & add ${bodies.length} providers` : 'Test & add provider'
  return (
    <Stack maw={820} gap="lg" className="page-scroll" style={{ overflow: 'auto' }} pb="xl">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Title order={2}>{mode.kind === 'add' ? 'Add an LLM provider' : `Edit provider “${draft.id}”`}</Title>
          {mode.kind === 'add' && mode.firstRun && (
            <Text c="dimmed">Welcome to Nodedesk. Jobs answer through an LLM provider: set one up to begin.</Text>
          )}
        </div>
        {mode.kind === 'add' && onStartOver && (draft.choice !== null || step > 0) && (
          <Button
            variant="default"
            size="xs"
            leftSection={<IconRefresh size={14} />}
            onClick={onStartOver}
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
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="draft-notice">
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
            <CheckButton providerId={draft.id} />
          </Group>
        </Card>
      )}
      <Stepper active={step} onStepClick={goTo} allowNextStepsSelect={false} size="sm">
        {STEPS.map((label) => (
          <Stepper.Step key={label} label={label} />
        ))}
      </Stepper>
      <form
        onSubmit={(e) => {
          e.preventDefault()
          if (step < STEPS.length - 1) goTo(step + 1)
          else void testThenSave()
        }}
      >
        <Stack gap="md" ref={stepRef}>
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
          {step === 2 && <ModelStep draft={draft} change={change} errors={errors} mode={mode} />}
          {step === 3 && <IdentityStep draft={draft} change={change} errors={errors} mode={mode} bodies={bodies} />}
          {step === 4 && (
            <ReviewStep
              draft={draft}
              mode={mode}
              bodies={bodies}
              testState={testState}
              onSaveAnyway={() => void save()}
              busy={busy}
              hasStoredKey={hasStoredKey}
            />
          )}
          <Group justify="space-between">
            <Button variant="default" onClick={() => goTo(step - 1)} disabled={step === 0 || busy}>
              Back
            </Button>
            {step < STEPS.length - 1 ? (
              <Button type="submit">Next</Button>
            ) : (
              <Group gap="xs">
                {testState.status === 'testing' && (
                  <Button ref={cancelTestButton} variant="default" onClick={() => testRun.current?.abort()}>
                    Cancel test
                  </Button>
                )}
                <BusyButton type="submit" loading={busy}>
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

interface StepProps {
  readonly draft: ProviderDraft
  readonly change: (patch: Partial<ProviderDraft>) => void
  readonly errors: FieldErrors
  readonly mode: WizardMode
}

const modelOfBody = (p: LlmProvider) => Object.values(p.model)[0]!.model_type

function KindStep({
  draft,
  change,
  error,
  onEnter
}: {
  draft: ProviderDraft
  change: StepProps['change']
  error?: string
  onEnter: (choice: NonNullable<ProviderDraft['choice']>) => void
}) {
  return (
    <Radio.Group
      label="Which kind of provider?"
      description="Hosted services need an API key; Ollama and OpenAI-compatible servers usually run on your machine."
      value={draft.choice ?? ''}
      onChange={(v) => change({ choice: v as ProviderDraft['choice'] })}
      error={error}
    >
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} mt="sm">
        {KIND_CHOICES.map((c) => (
          <Radio.Card
            key={c}
            value={c}
            p="sm"
            radius="md"
            aria-label={choiceLabel(c)}
            // One Tab stop for the group (the chosen kind, else the first); the arrow keys move between kinds.
            tabIndex={c === (draft.choice ?? KIND_CHOICES[0]) ? 0 : -1}
            onKeyDown={(e: KeyboardEvent<HTMLButtonElement>) => {
              // Enter chooses this kind and goes on, as Next would.
              if (e.key !== 'Enter') return
              e.preventDefault()
              onEnter(c)
            }}
          >
            <Group wrap="nowrap" align="flex-start">
              <Radio.Indicator />
              <div>
                <Text fw={600}>{choiceLabel(c)}</Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {c === 'compatible' ? 'LM Studio, vLLM, llama.cpp, LocalAI…' : PROVIDER_CATALOG[c].defaultUrl}
                </Text>
              </div>
            </Group>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  )
}

function ConnectionStep({ draft, change, errors, mode, hasStoredKey }: StepProps & { hasStoredKey: boolean }) {
  const kind = kindOf(draft.choice!)
  const needsKey = keyNeededAt(draft)
  return (
    <Stack>
      <TextInput
        label="API base URL"
        description={kind === 'Ollama' ? 'Where Ollama listens.' : 'Including the version path, e.g. …/v1. A URL without a path gets /v1.'}
        placeholder={draft.choice === 'compatible' ? 'http://127.0.0.1:8080/v1' : PROVIDER_CATALOG[kind].defaultUrl}
        value={draft.externalUrl}
        onChange={(e) => change({ externalUrl: e.currentTarget.value })}
        error={errors.external_url}
        withAsterisk={draft.choice === 'compatible'}
      />
      {draft.keyUnreadable && (
        <Alert color="orange" title="Enter the API key again" data-testid="key-unreadable">
          The stored API key can no longer be decrypted on this machine (its secret key was lost or replaced). Type the key again, or leave
          the field empty to remove it.
        </Alert>
      )}
      {mode.kind === 'edit' && draft.keyAction !== 'set' ? (
        <Group align="flex-end">
          <PasswordInput
            label="API key"
            style={{ flex: 1 }}
            value=""
            placeholder={draft.keyAction === 'remove' ? 'will be removed' : hasStoredKey ? 'unchanged' : 'none set'}
            onChange={(e) => change({ keyAction: 'set', apiKey: e.currentTarget.value })}
            error={errors.api_key}
          />
          {hasStoredKey && draft.keyAction !== 'remove' && (
            <Button variant="light" color="red" onClick={() => change({ keyAction: 'remove', apiKey: '' })}>
              Remove key
            </Button>
          )}
          {draft.keyAction === 'remove' && (
            <Button variant="default" onClick={() => change({ keyAction: 'unchanged' })}>
              Keep key
            </Button>
          )}
        </Group>
      ) : (
        <PasswordInput
          label="API key"
          description={needsKey ? `Stored encrypted; the app never shows it again.` : 'Optional for this kind.'}
          withAsterisk={needsKey}
          value={draft.apiKey}
          onChange={(e) => change({ apiKey: e.currentTarget.value, keyAction: 'set' })}
          error={errors.api_key}
          autoComplete="off"
        />
      )}
    </Stack>
  )
}

function ModelStep({ draft, change, errors, mode }: StepProps) {
  const client = useClient()
  const kind = kindOf(draft.choice!)
  const [listed, setListed] = useState<{ loading: boolean; models: string[] | null; error?: string }>({ loading: false, models: null })
  const [typed, setTyped] = useState('')
  const [filter, setFilter] = useState('')
  const fetchModels = async () => {
    setListed({ loading: true, models: null })
    try {
      const useStored = mode.kind === 'edit' && draft.keyAction === 'unchanged'
      const res = await client.call('provider_models_with_key', {
        body: useStored
          ? { llm_provider_id: draft.id, external_url: draft.externalUrl || null }
          : { kind, external_url: draft.externalUrl || null, api_key: draft.apiKey || null }
      })
      setListed({ loading: false, models: res.models.map((m) => m.id) })
    } catch (err) {
      setListed({ loading: false, models: null, error: errorText(err) })
    }
  }
  // Adding: the server's models are what one chooses from, so they are asked for at once.
  const listOnOpen = mode.kind === 'add'
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the step lists the server's models when it opens; the fetch marks itself loading as it starts
    if (listOnOpen) void fetchModels()
  }, [listOnOpen]) // eslint-disable-line react-hooks/exhaustive-deps -- once per visit of the step, with the settings of that moment
  const presets = draft.choice === 'compatible' ? [] : PROVIDER_CATALOG[kind].modelPresets
  const status = (
    <>
      <Group>
        <BusyButton variant="light" onClick={() => void fetchModels()} loading={listed.loading}>
          {listed.models || listed.error ? "List the server's models again" : "List the provider's models"}
        </BusyButton>
        {listed.models && (
          <Text size="sm" c="dimmed" data-testid="models-listed">
            {listed.models.length === 1 ? '1 model listed' : `${listed.models.length} models listed`}
          </Text>
        )}
      </Group>
      {listed.error && (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title="The models could not be listed">
          {listed.error} You can still type the model name.
        </Alert>
      )}
    </>
  )

  if (mode.kind === 'edit') {
    const options = [...new Set([...(listed.models ?? []), ...presets])]
    return (
      <Stack>
        <Autocomplete
          label="Model"
          description="Pick a preset or one the provider lists, or type any model name."
          withAsterisk
          data={options}
          value={draft.model}
          onChange={(v) => change({ model: v })}
          error={errors.model}
          placeholder={PROVIDER_CATALOG[kind].modelPresets[0]}
        />
        {status}
      </Stack>
    )
  }

  const chosen = chosenModels(draft)
  const options = [...new Set([...(listed.models ?? (listed.loading ? [] : presets)), ...chosen])]
  // A hosted service lists hundreds of models: a filter finds them (every word typed, any case); ticked ones stay listed.
  const filterable = options.length > MODEL_FILTER_FROM
  const words = filterable ? filter.toLowerCase().split(/\s+/).filter(Boolean) : []
  const shown = options.filter((o) => chosen.includes(o) || words.every((w) => o.toLowerCase().includes(w)))
  const addTyped = () => {
    const name = typed.trim()
    if (!name) return
    if (!chosen.includes(name)) change({ models: [...chosen, name] })
    setTyped('')
  }
  return (
    <Stack>
      {options.length > 0 && (
        <Checkbox.Group
          label="Models"
          description="Each model you tick becomes a provider of its own, sharing this server's address and key."
          withAsterisk
          value={chosen}
          onChange={(v) => change({ models: options.filter((o) => v.includes(o)) })}
          error={errors.model}
        >
          {filterable && (
            <TextInput
              mt="xs"
              aria-label="Filter the models"
              placeholder={`Filter ${options.length} models`}
              leftSection={<IconSearch size={16} />}
              value={filter}
              onChange={(e) => setFilter(e.currentTarget.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') e.preventDefault() // filters; Next stays a click away
              }}
            />
          )}
          {filterable && shown.length === chosen.length && words.length > 0 && (
            <Text size="sm" c="dimmed" mt="xs">
              No other listed model matches “{filter.trim()}”. A model the server does not list can be typed below.
            </Text>
          )}
          <ScrollArea.Autosize mah={280} type="auto" mt="xs">
            <Stack gap={6} py={2}>
              {shown.map((m) => (
                <Checkbox key={m} value={m} label={m} styles={{ label: { fontFamily: 'var(--mantine-font-family-monospace)' } }} />
              ))}
            </Stack>
          </ScrollArea.Autosize>
        </Checkbox.Group>
      )}
      {listed.loading && options.length === 0 && <Loader size="sm" aria-label="Listing the server's models" />}
      {status}
      <Group align="flex-end">
        <TextInput
          label="Another model"
          description="A model the server does not list: type its name, then Add."
          placeholder={
            draft.choice === 'compatible' ? 'e.g. mistral-7b-instruct' : (PROVIDER_CATALOG[kind].modelPresets[0] ?? 'model name')
          }
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          onKeyDown={(e) => {
            // The Enter that confirms an input method's characters is the composition's.
            if (e.key !== 'Enter' || e.nativeEvent.isComposing) return
            e.preventDefault() // adds the model; Next stays a click away
            addTyped()
          }}
          error={options.length === 0 ? errors.model : undefined}
          style={{ flex: 1 }}
        />
        <Button variant="default" onClick={addTyped} disabled={!typed.trim()}>
          Add
        </Button>
      </Group>
    </Stack>
  )
}

function IdentityStep({ draft, change, errors, mode, bodies }: StepProps & { bodies: readonly LlmProvider[] }) {
  const [advanced, setAdvanced] = useState(!!errors.full_identity_name)
  const many = bodies.length > 1
  return (
    <Stack>
      <TextInput
        label="Display name"
        description={
          mode.kind === 'edit'
            ? 'Shown wherever the provider appears.'
            : many
              ? 'Shown wherever these providers appear, with each model after it; their ids come from it.'
              : 'Shown wherever the provider appears; the provider id is derived from it.'
        }
        value={draft.displayName}
        onChange={(e) => change({ displayName: e.currentTarget.value })}
        placeholder="My laptop"
        error={errors.name}
      />
      <Textarea
        label="Description"
        description="Optional: what it is for, where it runs."
        rows={3}
        value={draft.description}
        onChange={(e) => change({ description: e.currentTarget.value })}
        error={errors.description}
      />
      {many ? (
        <div>
          <Text size="sm" fw={500}>
            Provider ids
          </Text>
          <Text size="xs" c="dimmed">
            One provider per model; jobs refer to each by its id.
          </Text>
          <Table withTableBorder mt={4} aria-label="Provider ids" data-testid="provider-ids">
            <Table.Tbody>
              {bodies.map((b) => (
                <Table.Tr key={b.id}>
                  <Table.Td ff="monospace">{modelOfBody(b)}</Table.Td>
                  <Table.Td ff="monospace">{b.id}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {errors.id && (
            <Text c="red" size="sm" mt={4}>
              {errors.id}
            </Text>
          )}
        </div>
      ) : (
        <TextInput
          label="Provider id"
          description="1–64 characters: letters, digits, _ and -. Jobs refer to the provider by it."
          withAsterisk
          value={draft.id}
          disabled={mode.kind === 'edit'}
          onChange={(e) => change({ id: e.currentTarget.value, idEdited: true })}
          error={errors.id}
        />
      )}
      <div>
        <Text size="sm" fw={500}>
          Agent identity
        </Text>
        <Code data-testid="full-identity-name">
          {many ? bodies.map((b) => b.full_identity_name.full_name).join('\n') : fullName(draft)}
        </Code>
        <Anchor component="button" type="button" size="sm" ml="sm" onClick={() => setAdvanced((a) => !a)} aria-expanded={advanced}>
          Advanced
        </Anchor>
        {errors.full_identity_name && (
          <Text c="red" size="sm">
            {errors.full_identity_name}
          </Text>
        )}
      </div>
      <Collapse expanded={advanced}>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label="Node name"
            value={draft.nodeName}
            onChange={(e) => change({ nodeName: e.currentTarget.value, identityEdited: true })}
          />
          <TextInput
            label="Profile"
            value={draft.profileName}
            onChange={(e) => change({ profileName: e.currentTarget.value, identityEdited: true })}
          />
          {!many && (
            <TextInput
              label="Agent name"
              value={draft.subidentityName}
              onChange={(e) => change({ subidentityName: e.currentTarget.value, identityEdited: true })}
            />
          )}
        </SimpleGrid>
      </Collapse>
      <Switch
        label="Perform locally"
        description="Run the model on this machine rather than a hosted service."
        checked={draft.performLocally}
        onChange={(e) => change({ performLocally: e.currentTarget.checked })}
      />
      <TagsInput
        label="Allowed message senders"
        description="Identities that may message this agent; Enter adds one."
        value={[...draft.allowedSenders]}
        onChange={(v) => change({ allowedSenders: v })}
      />
      <TagsInput label="Storage bucket permissions" value={[...draft.storageBuckets]} onChange={(v) => change({ storageBuckets: v })} />
      <TagsInput label="Toolkit permissions" value={[...draft.toolkits]} onChange={(v) => change({ toolkits: v })} />
    </Stack>
  )
}

/** The review's summary, one row per setting, as a person reads it. */
export function reviewRows(
  draft: ProviderDraft,
  mode: WizardMode['kind'],
  bodies: readonly LlmProvider[],
  hasStoredKey: boolean
): [string, string][] {
  const first = bodies[0]!
  const kind = kindOf(draft.choice ?? 'OpenAI')
  const key =
    mode === 'add' || draft.keyAction === 'set'
      ? draft.apiKey
        ? 'Set: stored encrypted, never shown again'
        : 'None'
      : draft.keyAction === 'remove'
        ? 'The stored key will be removed'
        : hasStoredKey
          ? 'Unchanged (a key is stored)'
          : 'None'
  const list = (xs: readonly string[]) => (xs.length ? xs.join(', ') : 'None')
  const rows: [string, string][] = [
    ['Kind', choiceLabel(draft.choice ?? 'OpenAI')],
    // With its query string, which every call carries (a gateway's ?api-version=): the base alone read as if it were dropped.
    ['Address', resolveBaseUrl(kind, first.external_url) + resolveUrlQuery(first.external_url)],
    ['API key', key],
    [bodies.length > 1 ? `Models (${bodies.length})` : 'Model', bodies.map(modelOfBody).join(', ')],
    [bodies.length > 1 ? 'Provider ids' : 'Provider id', bodies.map((b) => b.id).join(', ')],
    ['Display name', bodies.length > 1 ? bodies.map((b) => b.name ?? b.id).join(', ') : (first.name ?? 'None (the id is shown)')],
    ['Description', first.description ?? 'None'],
    ['Agent identity', bodies.map((b) => b.full_identity_name.full_name).join(', ')],
    ['Performs locally', first.perform_locally ? 'Yes' : 'No'],
    ['Allowed message senders', list(first.allowed_message_senders)],
    ['Storage bucket permissions', list(first.storage_bucket_permissions)],
    ['Toolkit permissions', list(first.toolkit_permissions)]
  ]
  return rows
}

function ReviewStep({
  draft,
  mode,
  bodies,
  testState,
  onSaveAnyway,
  busy,
  hasStoredKey
}: {
  draft: ProviderDraft
  mode: WizardMode
  bodies: readonly LlmProvider[]
  testState: TestState
  onSaveAnyway: () => void
  busy: boolean
  hasStoredKey: boolean
}) {
  const [showJson, setShowJson] = useState(false)
  const hide = (b: LlmProvider) => ('api_key' in b ? { ...b, api_key: b.api_key === null ? null : '•••••••• (hidden)' } : b)
  // Exactly the request: add_llm_providers' body when adding, modify_llm_provider's when editing.
  const request = mode.kind === 'add' ? { providers: bodies.map(hide) } : hide(bodies[0]!)
  const many = bodies.length > 1
  return (
    <Stack>
      <Text data-step-focus tabIndex={-1}>
        {many
          ? `${bodies.length} providers will be added at once, one per model: all of them or, if anything is wrong, none. Each model first gets one short test call.`
          : mode.kind === 'add'
            ? 'Adding first makes one short test call to the model.'
            : 'Saving first makes one short test call to the model.'}
      </Text>
      <Table withTableBorder variant="vertical" layout="fixed" data-testid="review-summary" aria-label="Summary">
        <Table.Tbody>
          {reviewRows(draft, mode.kind, bodies, hasStoredKey).map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={220}>{label}</Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <div>
        <Anchor component="button" type="button" size="sm" onClick={() => setShowJson((v) => !v)} aria-expanded={showJson}>
          {showJson ? 'Hide the exact request' : 'Show the exact request (JSON)'}
        </Anchor>
        <Collapse expanded={showJson}>
          <Card withBorder p="sm" mt="xs">
            <Code block data-testid="review-json" style={{ whiteSpace: 'pre-wrap' }}>
              {JSON.stringify(request, null, 2)}
            </Code>
          </Card>
        </Collapse>
      </div>
      {testState.status === 'ok' && (
        <Alert color="teal" icon={<IconCheck size={18} />} title={many ? 'Every model answered' : 'Connection works'}>
          {testState.message}
        </Alert>
      )}
      {testState.status === 'testing' && (
        <Text size="sm" c="dimmed" role="status">
          Waiting for the model to answer the test call. A server that does not answer is given up after 2 minutes; Cancel test stops
          waiting now.
        </Text>
      )}
      {testState.status === 'cancelled' && (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title="The test was cancelled">
          <Text size="sm">Nothing was saved. Test again, change the settings, or save them untested.</Text>
          <Button mt="sm" size="xs" variant="light" color="yellow" onClick={onSaveAnyway} disabled={busy}>
            Save without a working test
          </Button>
        </Alert>
      )}
      {testState.status === 'failed' && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title="The test call failed">
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {testState.message}
          </Text>
          <Button mt="sm" size="xs" variant="light" color="red" onClick={onSaveAnyway} disabled={busy}>
            Save without a working test
          </Button>
        </Alert>
      )}
      {mode.kind === 'edit' && draft.keyAction === 'remove' && (
        <Badge color="red" variant="light">
          The stored key will be removed
        </Badge>
      )}
    </Stack>
  )
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
