import { Alert, Autocomplete, Button, Group, Input, Loader, Stack, ScrollArea, Text, TextInput } from '@mantine/core'
import { IconAlertTriangle, IconSearch } from '@tabler/icons-react'
import { useCallback, useEffect, useId, useRef, useState } from 'react'
import type { ProviderKind } from '../../../../shared/contract/identity'
import { PROVIDER_CATALOG, resolveBaseUrl } from '../../../../shared/provider-catalog'
import { ApiFailure, errorText, untilAborted } from '../../api/client'
import { CANCELLED, useCancellable } from '../../app/use-cancellable'
import { useClient } from '../../api/client-context'
import { focusWhenLost } from '../../app/focus-when-lost'
import { inWizardWords } from './key-advice'
import { chosenModels, kindOf, typedKey } from './provider-draft'
import { BusyButton } from '../../app/BusyButton'
import { type StepProps } from './wizard-step-props'
import { countText } from '../../app/count-format'
import { useLatest } from '../../app/use-latest'
import { ModelBox, ModelsFieldset } from './ModelChoices'

/** Model lists longer than this get a filter above them. */
const MODEL_FILTER_FROM = 12

/** What the step says of a failed listing, and whether the key is at fault (the Connection step has it). */
function listingFailure(err: unknown): { error: string; keyProblem: boolean } {
  const { text, keyAdvice } = inWizardWords(errorText(err))
  // The node refused the key before asking the server (none for a kind that needs one, a stored key
  // that cannot be read or is not sent to this address): the key field is the one to change.
  return { error: text, keyProblem: keyAdvice || (err instanceof ApiFailure && err.fieldPaths.includes('api_key')) }
}

/** The address the models are asked of, as the node resolves it (without its query, which may hold a secret). */
function serverAddress(kind: ProviderKind, externalUrl: string): string {
  try {
    return resolveBaseUrl(kind, externalUrl.trim() || null)
  } catch {
    return 'the server' // not a URL: the node says so once it answers
  }
}

type Listed = {
  loading: boolean
  models: string[] | null
  error?: string
  /** The failure is the key's: the alert offers the Connection step, where it is typed. */
  keyProblem?: boolean
  /** Cancel was pressed while the server was asked. */
  cancelled?: boolean
}

/** The models the step offers to tick, in its order: the server's (or the presets), then those typed. */
const modelOptions = (listed: Listed, presets: readonly string[], chosen: readonly string[]): string[] => [
  ...new Set([...(listed.models ?? (listed.loading ? [] : presets)), ...chosen])
]

/**
 * The wizard's third step: the models to add, listed by the server or typed.
 * `onChangeConnection`: back to the Connection step, its key field focused (the key was refused).
 */
export function ModelStep({ draft, change, errors, mode, onChangeConnection }: StepProps & { onChangeConnection: () => void }) {
  const client = useClient()
  const kind = kindOf(draft.choice!)
  // Adding: the server's models are what one chooses from, so they are asked for at once.
  const listOnOpen = mode.kind === 'add'
  // Loading from the first drawing when the list is asked for at once: a kind with presets drew them for
  // a moment, the wizard focused the first, and it went as the list was asked for (the focus on <body>).
  const [listed, setListed] = useState<Listed>({ loading: listOnOpen, models: null })
  const [typed, setTyped] = useState('')
  const [filter, setFilter] = useState('')
  /**
   * The listing under way, to cancel it. A server that never answered held the step for the node's
   * time limit (20 seconds) behind a spinner without a word: Cancel stops waiting, as the review's
   * Cancel test does (the node's request goes on, and its answer is ignored). Leaving the step cancels it too.
   */
  const listing = useCancellable()
  const listButton = useRef<HTMLButtonElement>(null)
  const cancelButton = useRef<HTMLButtonElement>(null)
  /** The listing ends (answered, failed or cancelled): Cancel goes, and the focus it had goes to the list button. */
  const endListing = (next: Listed) => {
    const cancel = cancelButton.current
    const hadFocus = !!cancel && document.activeElement === cancel
    setListed(next)
    // Still on Cancel until it is drawn no more: waited for.
    if (hadFocus)
      focusWhenLost(
        () => listButton.current,
        (el) => el === cancel
      )
  }
  const fetchModels = async () => {
    const signal = listing.start()
    setListed({ loading: true, models: null })
    try {
      // Editing names the provider: its stored key (unless replaced or removed) and the address's hidden values are used.
      const sentKey = mode.kind === 'add' || draft.keyAction !== 'unchanged' ? { api_key: typedKey(draft) || null } : {}
      const res = await untilAborted(
        client.call('provider_models_with_key', {
          body: {
            ...(mode.kind === 'edit' ? { llm_provider_id: draft.id } : {}),
            kind,
            external_url: draft.externalUrl || null,
            ...sentKey
          }
        }),
        signal
      )
      endListing({ loading: false, models: res.models.map((m) => m.id) })
    } catch (err) {
      // Cancelled, listed again or left: whoever aborted it says what the step shows.
      if (signal.aborted) return
      endListing({ loading: false, models: null, ...listingFailure(err) })
    } finally {
      listing.end(signal)
    }
  }
  const cancelListing = () => {
    listing.cancel(CANCELLED)
    endListing({ loading: false, models: null, cancelled: true })
  }
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the step lists the server's models when it opens; the fetch marks itself loading as it starts
    if (listOnOpen) void fetchModels()
  }, [listOnOpen]) // eslint-disable-line react-hooks/exhaustive-deps -- once per visit of the step, with the settings of that moment
  // The step opens on "Another model" while the list is asked for (the wizard focuses the step's first
  // field): once the list comes, the focus moves to it, unless that field was clicked or typed in meanwhile.
  // It stayed under the list, so a keyboard user went back up past "List again" to tick a model.
  const another = useRef<HTMLInputElement>(null)
  const anotherUsed = useRef(false)
  const list = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!listed.models?.length || document.activeElement !== another.current || anotherUsed.current) return
    list.current?.querySelector<HTMLElement>('input:not(:disabled)')?.focus()
  }, [listed.models])
  const presets = draft.choice === 'compatible' ? [] : PROVIDER_CATALOG[kind].modelPresets
  /**
   * The list's error, tied to each model's box: Next with none ticked said "Choose at least one model…" with the
   * focus left on Next, as no box was marked invalid for the wizard to move it to (the other steps' fields are).
   */
  const modelErrorId = useId()
  // One handler for every model's checkbox, the same at each render, reading the step as it is at the
  // tick: a row is drawn again only when its own tick changes, whatever the number of models listed.
  const latest = useLatest({ draft, change, listed, presets })
  const onTick = useCallback(
    (model: string, on: boolean) => {
      const { draft, change, listed, presets } = latest.current
      const ticked = new Set(chosenModels(draft))
      if (on) ticked.add(model)
      else ticked.delete(model)
      change({ models: modelOptions(listed, presets, [...ticked]).filter((o) => ticked.has(o)) })
    },
    [latest]
  )
  const status = (
    <>
      <Group>
        <BusyButton
          ref={listButton}
          variant="light"
          onClick={(e) => {
            void fetchModels()
            // Disabled while it lists, the button drops the focus: Cancel takes it.
            const pressed = e.currentTarget
            focusWhenLost(
              () => cancelButton.current,
              (el) => el === pressed
            )
          }}
          loading={listed.loading}
        >
          {listed.models || listed.error || listed.cancelled ? "List the server's models again" : "List the provider's models"}
        </BusyButton>
        {listed.loading && (
          <Button ref={cancelButton} variant="default" onClick={cancelListing}>
            Cancel listing
          </Button>
        )}
        {listed.models && (
          <Text size="sm" c="dimmed" data-testid="models-listed">
            {listed.models.length === 1 ? '1 model listed' : `${countText(listed.models.length)} models listed`}
          </Text>
        )}
      </Group>
      {listed.loading && (
        <Group gap="xs" wrap="nowrap">
          <Loader size="sm" aria-hidden />
          <Text size="sm" c="dimmed" role="status">
            Asking {serverAddress(kind, draft.externalUrl)} for its models. A server that does not answer is given up after 20 seconds;
            Cancel listing stops waiting now.
          </Text>
        </Group>
      )}
      {listed.cancelled && (
        <Text size="sm" c="dimmed" role="status">
          Listing the models was cancelled. List them again, or type the model name.
        </Text>
      )}
      {listed.error && (
        <Alert color="yellow" icon={<IconAlertTriangle size="1.125rem" />} title="The models could not be listed">
          <Text size="sm">{listed.error} You can still type the model name.</Text>
          {listed.keyProblem && (
            <Button mt="sm" size="xs" variant="light" color="yellow" onClick={onChangeConnection}>
              Back to the Connection step
            </Button>
          )}
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
  const ticked = new Set(chosen)
  const options = modelOptions(listed, presets, chosen)
  // A hosted service lists hundreds of models: a filter finds them (every word typed, any case); ticked ones stay listed.
  const filterable = options.length > MODEL_FILTER_FROM
  const words = filterable ? filter.toLowerCase().split(/\s+/).filter(Boolean) : []
  const shown = options.filter((o) => ticked.has(o) || words.every((w) => o.toLowerCase().includes(w)))
  /**
   * The filter hides every model (none ticked): Next said "Choose at least one model…" with no box to focus,
   * the focus left on Next. The error is then the filter's own, saying so and how to clear it: the wizard
   * focuses the filter, marked invalid and described by that sentence.
   */
  const hidesAll = filterable && words.length > 0 && shown.length === 0
  const filterError =
    hidesAll && errors.model
      ? `Choose at least one model: the filter “${filter.trim()}” hides all ${countText(options.length)} listed models. Clear it (Escape) to see them all, or type a model the server does not list below.`
      : undefined
  const addTyped = () => {
    const name = typed.trim()
    if (!name) return
    if (!chosen.includes(name)) change({ models: [...chosen, name] })
    setTyped('')
  }
  return (
    <Stack>
      {options.length > 0 && (
        <Input.Wrapper
          ref={list}
          labelElement="div"
          label="Models"
          description="Each model you tick becomes a provider of its own, sharing this server's address and key."
          withAsterisk
          error={filterError ? undefined : errors.model}
          errorProps={{ id: modelErrorId }}
        >
          {filterable && (
            <TextInput
              mt="xs"
              aria-label="Filter the models"
              placeholder={`Filter ${countText(options.length)} models`}
              leftSection={<IconSearch size="1rem" />}
              value={filter}
              onChange={(e) => setFilter(e.currentTarget.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') e.preventDefault() // filters; Next stays a click away
                if (e.key === 'Escape' && filter) {
                  e.preventDefault()
                  setFilter('')
                }
              }}
              error={filterError}
            />
          )}
          {filterable && shown.length === chosen.length && words.length > 0 && !filterError && (
            <Text size="sm" c="dimmed" mt="xs">
              {hidesAll
                ? `No listed model matches “${filter.trim()}”. Clear the filter (Escape) to see all ${countText(options.length)}, or type a model the server does not list below.`
                : `No other listed model matches “${filter.trim()}”. A model the server does not list can be typed below.`}
            </Text>
          )}
          <ModelsFieldset>
            <ScrollArea.Autosize mah={280} type="auto" mt="xs">
              <Stack gap={6} py={2}>
                {shown.map((m) => (
                  <ModelBox key={m} model={m} checked={ticked.has(m)} onTick={onTick} errorId={errors.model ? modelErrorId : undefined} />
                ))}
              </Stack>
            </ScrollArea.Autosize>
          </ModelsFieldset>
        </Input.Wrapper>
      )}
      {status}
      <Group align="flex-end">
        <TextInput
          ref={another}
          onPointerDown={() => (anotherUsed.current = true)}
          label="Another model"
          description="A model the server does not list: type its name, then Add."
          placeholder={
            draft.choice === 'compatible' ? 'e.g. mistral-7b-instruct' : (PROVIDER_CATALOG[kind].modelPresets[0] ?? 'model name')
          }
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          onKeyDown={(e) => {
            anotherUsed.current = true
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
