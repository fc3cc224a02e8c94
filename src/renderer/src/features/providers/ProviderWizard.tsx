import {
  Alert,
  Anchor,
  Autocomplete,
  Badge,
  Button,
  Card,
  Code,
  Collapse,
  Group,
  Loader,
  PasswordInput,
  Radio,
  SimpleGrid,
  Stack,
  Stepper,
  Switch,
  TagsInput,
  Text,
  TextInput,
  Title
} from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react'
import { useEffect, useMemo, useState } from 'react'
import { DEFAULT_NODE_NAME } from '../../../../shared/contract/identity'
import { PROVIDER_CATALOG } from '../../../../shared/provider-catalog'
import { ApiFailure, errorText } from '../../api/client'
import { useClient } from '../../api/client-context'
import { useHealth, useProviders, useRouteMutation } from '../../api/queries'
import { navigate } from '../../app/router'
import { useAddDraft } from './draft-store'
import {
  choiceLabel,
  draftOf,
  fullName,
  KIND_CHOICES,
  kindOf,
  STEPS,
  stepOfField,
  toProvider,
  updateDraft,
  validate,
  type FieldErrors,
  type ProviderDraft,
  type WizardMode
} from './provider-draft'

/** The add and edit flows share this form; add keeps its draft in a persisted store, edit in memory. */
export function ProviderWizard({ mode }: { mode: WizardMode }) {
  const health = useHealth()
  const providers = useProviders()
  const nodeName = health.data?.node_name ?? DEFAULT_NODE_NAME
  const addDraft = useAddDraft()
  const editing = mode.kind === 'edit' ? providers.data?.find((p) => p.id === mode.providerId) : undefined
  const [editDraft, setEditDraft] = useState<ProviderDraft | null>(null)

  useEffect(() => {
    if (mode.kind === 'add') addDraft.start(nodeName)
  }, [mode.kind, nodeName]) // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (editing && !editDraft) setEditDraft(draftOf(editing))
  }, [editing, editDraft])

  if (mode.kind === 'edit' && providers.isSuccess && !editing) {
    return (
      <Alert color="red" title="No such provider">
        Provider “{mode.providerId}” does not exist. <Anchor href="#/providers">Back to providers</Anchor>
      </Alert>
    )
  }
  const draft = mode.kind === 'add' ? addDraft.draft : editDraft
  if (!draft) return <Loader aria-label="Loading" />
  const update = (patch: Partial<ProviderDraft>) =>
    mode.kind === 'add' ? addDraft.update(patch) : setEditDraft((d) => (d ? updateDraft(d, patch) : d))
  return (
    <WizardForm
      mode={mode}
      draft={draft}
      update={update}
      hasStoredKey={editing?.has_api_key ?? false}
      takenIds={(providers.data ?? []).map((p) => p.id)}
      onDone={() => {
        if (mode.kind === 'add') addDraft.discard()
        navigate(mode.kind === 'add' && mode.firstRun ? { name: 'new-job' } : { name: 'providers' })
      }}
    />
  )
}

interface FormProps {
  readonly mode: WizardMode
  readonly draft: ProviderDraft
  readonly update: (patch: Partial<ProviderDraft>) => void
  readonly hasStoredKey: boolean
  readonly takenIds: readonly string[]
  readonly onDone: () => void
}

export function WizardForm({ mode, draft, update, hasStoredKey, takenIds, onDone }: FormProps) {
  const client = useClient()
  const add = useRouteMutation('add_llm_provider')
  const modify = useRouteMutation('modify_llm_provider')
  const [serverErrors, setServerErrors] = useState<FieldErrors>({})
  const [testState, setTestState] = useState<{ status: 'idle' | 'testing' | 'ok' | 'failed'; message?: string }>({ status: 'idle' })
  const [shown, setShown] = useState(false)
  const step = draft.step
  const idIsTaken = mode.kind === 'add' && takenIds.includes(draft.id)
  const idTaken = shown && step >= 3 && idIsTaken
  const errors: FieldErrors = {
    ...(shown ? validate(draft, mode.kind, step, hasStoredKey) : {}),
    ...(idTaken ? { id: `A provider with id “${draft.id}” exists already` } : {}),
    ...serverErrors
  }
  const body = useMemo(() => toProvider(draft, mode.kind), [draft, mode.kind])

  const change = (patch: Partial<ProviderDraft>) => {
    setServerErrors({})
    setTestState({ status: 'idle' })
    update(patch)
  }
  const goTo = (target: number) => {
    if (target > step) {
      const errs = validate(draft, mode.kind, step, hasStoredKey)
      if (Object.keys(errs).length || (step >= 3 && idIsTaken)) {
        setShown(true)
        return
      }
    }
    setShown(false)
    update({ step: target })
  }

  const showFailure = (err: unknown) => {
    if (err instanceof ApiFailure && err.fieldPaths.length) {
      const fieldErrors: Record<string, string> = {}
      for (const p of err.fieldPaths) {
        const key = p.startsWith('model') ? 'model' : p.startsWith('full_identity_name') ? 'full_identity_name' : p
        fieldErrors[key] = err.fieldMessage(p) ?? err.message
      }
      setServerErrors(fieldErrors)
      update({ step: Math.min(...err.fieldPaths.map(stepOfField)) })
    } else if (err instanceof ApiFailure && err.status === 409) {
      setServerErrors({ id: err.message.replace(/^id: /, '') })
      update({ step: 3 })
    } else {
      notifications.show({ color: 'red', title: 'The provider was not saved', message: errorText(err) })
    }
  }

  const save = async () => {
    try {
      if (mode.kind === 'add') await add.mutateAsync(body)
      else await modify.mutateAsync(body)
      notifications.show({
        color: 'teal',
        icon: <IconCheck size={18} />,
        message: `Provider “${body.id}” ${mode.kind === 'add' ? 'added' : 'saved'}`
      })
      onDone()
    } catch (err) {
      showFailure(err)
    }
  }

  const testThenSave = async () => {
    setTestState({ status: 'testing' })
    try {
      const res = await client.call('test_llm_provider', { body })
      setTestState({ status: 'ok', message: res.message })
      await save()
    } catch (err) {
      if (err instanceof ApiFailure && err.status === 400) {
        setTestState({ status: 'idle' })
        showFailure(err)
      } else setTestState({ status: 'failed', message: errorText(err) })
    }
  }

  const busy = add.isPending || modify.isPending || testState.status === 'testing'
  return (
    <Stack maw={820} gap="lg" style={{ overflow: 'auto' }} pb="xl">
      <div>
        <Title order={2}>{mode.kind === 'add' ? 'Add an LLM provider' : `Edit provider “${draft.id}”`}</Title>
        {mode.kind === 'add' && mode.firstRun && (
          <Text c="dimmed">Welcome to Nodedesk. Jobs answer through an LLM provider: set one up to begin.</Text>
        )}
      </div>
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
        <Stack gap="md">
          {step === 0 && <KindStep draft={draft} change={change} error={errors.kind} />}
          {step === 1 && <ConnectionStep draft={draft} change={change} errors={errors} mode={mode} hasStoredKey={hasStoredKey} />}
          {step === 2 && <ModelStep draft={draft} change={change} errors={errors} mode={mode} />}
          {step === 3 && <IdentityStep draft={draft} change={change} errors={errors} mode={mode} />}
          {step === 4 && <ReviewStep body={body} testState={testState} onSaveAnyway={() => void save()} busy={busy} />}
          <Group justify="space-between">
            <Button variant="default" onClick={() => goTo(step - 1)} disabled={step === 0 || busy}>
              Back
            </Button>
            {step < STEPS.length - 1 ? (
              <Button type="submit">Next</Button>
            ) : (
              <Button type="submit" loading={busy}>
                {mode.kind === 'add' ? 'Test & add provider' : 'Test & save'}
              </Button>
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

function KindStep({ draft, change, error }: { draft: ProviderDraft; change: StepProps['change']; error?: string }) {
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
          <Radio.Card key={c} value={c} p="sm" radius="md" aria-label={choiceLabel(c)}>
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
  const needsKey = draft.choice !== 'compatible' && PROVIDER_CATALOG[kind].needsKey
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
  const [listed, setListed] = useState<{ loading: boolean; models: string[]; error?: string }>({ loading: false, models: [] })
  const fetchModels = async () => {
    setListed({ loading: true, models: [] })
    try {
      const useStored = mode.kind === 'edit' && draft.keyAction === 'unchanged'
      const res = await client.call('provider_models_with_key', {
        body: useStored
          ? { llm_provider_id: draft.id, external_url: draft.externalUrl || null }
          : { kind, external_url: draft.externalUrl || null, api_key: draft.apiKey || null }
      })
      setListed({ loading: false, models: res.models.map((m) => m.id) })
    } catch (err) {
      setListed({ loading: false, models: [], error: errorText(err) })
    }
  }
  const options = [...new Set([...listed.models, ...(draft.choice === 'compatible' ? [] : PROVIDER_CATALOG[kind].modelPresets)])]
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
      <Group>
        <Button variant="light" onClick={() => void fetchModels()} loading={listed.loading}>
          List the provider's models
        </Button>
        {listed.models.length > 0 && (
          <Text size="sm" c="dimmed">
            {listed.models.length} models listed
          </Text>
        )}
      </Group>
      {listed.error && (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title="The models could not be listed">
          {listed.error}. You can still type the model name.
        </Alert>
      )}
    </Stack>
  )
}

function IdentityStep({ draft, change, errors, mode }: StepProps) {
  const [advanced, setAdvanced] = useState(!!errors.full_identity_name)
  return (
    <Stack>
      {mode.kind === 'add' && (
        <TextInput
          label="Display name"
          description="The provider id is derived from it."
          value={draft.displayName}
          onChange={(e) => change({ displayName: e.currentTarget.value })}
          placeholder="My GPT-4o"
        />
      )}
      <TextInput
        label="Provider id"
        description="1–64 characters: letters, digits, _ and -. Jobs refer to the provider by it."
        withAsterisk
        value={draft.id}
        disabled={mode.kind === 'edit'}
        onChange={(e) => change({ id: e.currentTarget.value, idEdited: true })}
        error={errors.id}
      />
      <div>
        <Text size="sm" fw={500}>
          Agent identity
        </Text>
        <Code data-testid="full-identity-name">{fullName(draft)}</Code>
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
          <TextInput
            label="Agent name"
            value={draft.subidentityName}
            onChange={(e) => change({ subidentityName: e.currentTarget.value, identityEdited: true })}
          />
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

function ReviewStep({
  body,
  testState,
  onSaveAnyway,
  busy
}: {
  body: ReturnType<typeof toProvider>
  testState: { status: string; message?: string }
  onSaveAnyway: () => void
  busy: boolean
}) {
  const shown = { ...body, ...('api_key' in body ? { api_key: body.api_key === null ? null : '•••••••• (hidden)' } : {}) }
  return (
    <Stack>
      <Text>This is exactly what will be sent. Adding first makes one short test call to the model.</Text>
      <Card withBorder p="sm">
        <Code block data-testid="review-json" style={{ whiteSpace: 'pre-wrap' }}>
          {JSON.stringify(shown, null, 2)}
        </Code>
      </Card>
      {testState.status === 'ok' && (
        <Alert color="teal" icon={<IconCheck size={18} />} title="Connection works">
          {testState.message}
        </Alert>
      )}
      {testState.status === 'failed' && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title="The test call failed">
          <Text size="sm">{testState.message}</Text>
          <Button mt="sm" size="xs" variant="light" color="red" onClick={onSaveAnyway} disabled={busy}>
            Save without a working test
          </Button>
        </Alert>
      )}
      {'api_key' in body && body.api_key === null && (
        <Badge color="red" variant="light">
          The stored key will be removed
        </Badge>
      )}
    </Stack>
  )
}
