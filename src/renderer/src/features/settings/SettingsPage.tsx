import { Alert, Anchor, Group, Loader, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core'
import { askToConfirm } from '../../app/confirm'
import { useEffect, useRef, useState } from 'react'
import { useGuardLeaving } from '../../app/leave-guard'
import { modelKind } from '../../../../shared/contract/identity'
import { embeddingModelNameTooLongText, isEmbeddingModelNameWithin } from '../../../../shared/contract/model-name-rules'
import { errorText } from '../../api/client'
import { useEmbeddingModel, useProviders, useRouteMutation, useVfsFileStates } from '../../api/queries'
import { focusWhenLost } from '../../app/focus-when-lost'
import { hrefOf } from '../../app/router'
import { useSecondsLeft } from '../../app/use-seconds-left'
import type { EmbeddingFailure, EmbeddingWait } from '../../../../shared/contract/vector-fs-browse'
import { providerSelectProps, providerTitle } from '../providers'
import { useReplacingSearch } from '../../app/replacing-search'
import { BusyButton } from '../../app/BusyButton'
import { EmbeddingProgress } from './EmbeddingProgress'
import { NodeNameSettings } from './NodeNameSettings'
import { focusWithMessage } from '../../app/focus-with-message'

/** Provider kinds whose servers can embed documents (api-contract.md, update_default_embedding_model). */
const EMBEDDING_KINDS = ['OpenAI', 'Ollama', 'Gemini'] as const
/** The select's value for no embedding model (a provider id is never empty). */
const NONE = ''
const NONE_LABEL = 'None (keywords only)'

/** What the page would lose if left now, in words (null: nothing). */
function unsavedSentence(name: boolean, model: boolean): string | null {
  const what = name && model ? 'the node name and the embedding model' : name ? 'the node name' : model ? 'the embedding model' : null
  return what && `Your changes to ${what} are not saved. If you leave this page, they are lost.`
}

export function SettingsPage() {
  // An edited name or model asks before the page is left (they were dropped without a word), as a provider's Edit page does.
  const [nameEdited, setNameEdited] = useState(false)
  const [modelEdited, setModelEdited] = useState(false)
  useGuardLeaving(hrefOf({ name: 'settings' }), 'Leave without saving?', unsavedSentence(nameEdited, modelEdited))
  // Scrolls inside the page as the other pages do: the whole window scrolled, its scroll bar beside the header.
  return (
    <Stack gap="md" maw={720} className="page-scroll" style={{ overflow: 'auto' }} pb="xl">
      <Title order={2}>Settings</Title>
      <NodeNameSettings onEdited={setNameEdited} />
      <EmbeddingSettings onEdited={setModelEdited} />
    </Stack>
  )
}

/** `onEdited`: whether the form shows a choice other than the one in use (not saved yet). */
function EmbeddingSettings({ onEdited }: { onEdited: (edited: boolean) => void }) {
  const setting = useEmbeddingModel()
  const providers = useProviders()
  const fileStates = useVfsFileStates()
  const update = useRouteMutation('update_default_embedding_model')
  const [providerId, setProviderId] = useState<string | null>(null)
  const [model, setModel] = useState('')
  const [modelMissing, setModelMissing] = useState(false)
  useEffect(() => {
    if (!setting.data) return
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the form starts from the stored setting each time the node sends it anew
    setProviderId(setting.data.provider_id)
    setModel(setting.data.model ?? '')
  }, [setting.data])

  const capable = (providers.data ?? []).filter((p) => (EMBEDDING_KINDS as readonly string[]).includes(modelKind(p.model).kind))
  const counts = fileStates.data ?? {
    files: 0,
    processing: 0,
    ready: 0,
    failed: 0,
    failed_reasons: [],
    embedding_failure: null,
    embedding_wait: null
  }
  const current = setting.data
  // The stored provider may since have been removed, or changed to a kind that cannot embed.
  const isCapable = (id: string) => capable.some((p) => p.id === id)
  const stale = !!current?.provider_id && !!providers.data && !isCapable(current.provider_id)
  // The choice as the select shows it: one it does not list reads "None", so it is none (not sent behind a "None").
  const chosen = providerId !== null && providers.data && !isCapable(providerId) ? null : providerId
  // Saving re-embeds every file (the node starts over whatever was chosen): the setting in use is not saved again.
  const unchanged = !!current && chosen === current.provider_id && (chosen === null || model.trim() === (current.model ?? ''))
  const files = counts.processing + counts.ready + counts.failed
  // Edited: the form differs from what it showed of the setting in use (a stale provider shows as none).
  const shownInUse = current && !stale ? current.provider_id : null
  const edited = !!current && (chosen !== shownInUse || (chosen !== null && model.trim() !== (current.model ?? '')))
  useEffect(() => onEdited(edited), [edited, onEdited])
  // Said as it is typed, as the node would say it: a name over the limit is not sent.
  const tooLong = !!chosen && !isEmbeddingModelNameWithin(model.trim())
  // Found by typing, as in the other provider pickers: among hundreds, scrolling was the only way to one.
  const capableSelect = providerSelectProps(capable)
  const options = [{ value: NONE, label: NONE_LABEL }, ...capableSelect.data]
  const { props: providerSearch } = useReplacingSearch(options.find((o) => o.value === (chosen ?? NONE))?.label)
  const saveButton = useRef<HTMLButtonElement>(null)
  const modelField = useRef<HTMLInputElement>(null)
  const providerField = useRef<HTMLInputElement>(null)
  /** To change a model that failed: its name, selected to be typed over (or the provider, for none). */
  const chooseModel = () => {
    const field = modelField.current && !modelField.current.disabled ? modelField.current : providerField.current
    field?.focus()
    if (field === modelField.current) field?.select()
  }
  const save = () =>
    update.mutate(
      { provider_id: chosen, model: chosen ? model.trim() : null },
      {
        // Save is disabled once saved (or a confirming dialog hands the focus back to it, disabled): the
        // focus goes to the sentence saying what was saved, or why not, instead of to the page.
        onSettled: () =>
          focusWhenLost(
            () => document.querySelector<HTMLElement>('[data-testid="embedding-saved"], [data-testid="embedding-error"]'),
            (el) => el === saveButton.current
          )
      }
    )
  // "Saved", or why it could not be, only while the form still shows what was sent (a new choice is
  // not saved yet, nor refused), "Saved" worded for that choice.
  const formShows = (sent: { provider_id: string | null; model: string | null }) =>
    sent.provider_id === chosen && (chosen === null || sent.model === model.trim())
  const saved = update.isSuccess ? update.variables : undefined
  const errorShown = update.isError && !!update.variables && formShows(update.variables)
  // The model in use was saved on this page: its outcome is awaited here ("Done", or why it failed).
  const savedHere = !!saved?.provider_id && saved.provider_id === current?.provider_id && saved.model === current.model
  const failedHere = savedHere && counts.failed > 0
  // "Saved. Every file is embedded again…" gives way once those files fail: "Embedding failed" is then
  // the one thing said (the two stood side by side); a later save that embeds them says it again.
  const savedShown = !!saved && formShows(saved) && !failedHere
  useEffect(() => {
    if (!failedHere) return
    // The files of the model just saved fail: the operator, still on what was saved (or nowhere), is
    // taken to the model's name to change it. Focus put anywhere else is left there (the alert is read out).
    const el = document.activeElement
    if (!el || el === document.body || el === saveButton.current || el.matches('[data-testid="embedding-saved"]')) chooseModel()
  }, [failedHere])
  const confirmSave = () => {
    const them = files === 1 ? 'the file' : `${files} files`
    const all = files === 1 ? 'The library’s file is' : `All ${files} files in the library are`
    const again = current?.provider_id ? ' again' : ''
    const chosenProvider = capable.find((p) => p.id === chosen)
    askToConfirm({
      title: chosen ? `Embed ${them}${again}?` : `Search ${them} by keywords alone?`,
      children: (
        <Text size="sm">
          {chosen
            ? `${all} embedded${again} with ${model.trim()} from ${chosenProvider ? providerTitle(chosenProvider) : chosen}: each is sent to that provider’s server, which takes a while for a large library and may cost money on a hosted service.`
            : `Embeddings are dropped: search and answers find passages by keywords alone, and choosing a model later embeds every file again.`}
        </Text>
      ),
      labels: { confirm: chosen ? `Embed ${them}` : 'Use keywords alone', cancel: 'Cancel' },
      onConfirm: save
    })
  }
  const heading = (
    <Title order={3} size="h4">
      Embedding model
    </Title>
  )
  // Not read (signed out, the node away): the form showed "None (keywords only)" and "0 processing · 0
  // ready · 0 failed" as if read, and its Save would have replaced the setting the operator could not see.
  if (!current && setting.isError)
    return (
      <Paper withBorder p="md" component="section" aria-label="Embedding model">
        <Stack gap="sm">
          {heading}
          <Alert color="red" title="The setting could not be read" data-testid="embedding-read-error">
            {errorText(setting.error)}
          </Alert>
        </Stack>
      </Paper>
    )
  return (
    <Paper withBorder p="md" component="section" aria-label="Embedding model">
      <Stack gap="sm">
        {heading}
        {setting.isPending && <Loader role="img" size="sm" aria-label="Loading the setting" />}
        {current && current.provider_id === null && (
          <Text size="sm" data-testid="keyword-only">
            No embedding model is set: search and answers find passages by keywords alone. Choose a provider that can embed to search by
            meaning too.
          </Text>
        )}
        {stale && (
          <Alert color="yellow" data-testid="embedding-stale">
            Documents were embedded with {current.model} from “{current.provider_id}”, which was removed or cannot embed any more: files are
            not embedded now. Choose a provider that can embed, or save none to search by keywords alone.
          </Alert>
        )}
        {current && current.provider_id !== null && !stale && (
          <Text size="sm" data-testid="embedding-current">
            Documents are embedded with {current.model} from{' '}
            {(() => {
              // Named as the providers page names it (its display name), else its id.
              const p = capable.find((c) => c.id === current.provider_id)
              return p ? providerTitle(p) : current.provider_id
            })()}
            .
          </Text>
        )}
        {capable.length === 0 && providers.data && (
          <Text size="sm" c="dimmed">
            None of the stored providers can embed: add an OpenAI (or OpenAI-compatible), Ollama or Gemini provider first.
          </Text>
        )}
        <form
          onSubmit={(e) => {
            e.preventDefault()
            if (chosen && !model.trim()) {
              setModelMissing(true)
              return focusWithMessage(modelField.current)
            }
            if (tooLong) return focusWithMessage(modelField.current)
            if (unchanged) return
            if (files > 0) confirmSave()
            else save()
          }}
        >
          <Stack gap="xs">
            <Group align="flex-end" wrap="wrap">
              <Select
                label="Provider"
                // None is an option of its own: a clear button alone (out of the Tab order) left keyboard users no way back to keywords.
                data={options}
                filter={capableSelect.filter}
                searchable
                nothingFoundMessage="No provider that can embed matches"
                {...providerSearch}
                value={chosen ?? NONE}
                ref={providerField}
                allowDeselect={false}
                onChange={(id) => {
                  setProviderId(id === NONE || id === null ? null : id)
                  setModelMissing(false)
                }}
                onKeyDown={(e) => {
                  // Escape first closes the list (the select's own); closed, it puts back the provider in use.
                  if (e.key !== 'Escape' || e.nativeEvent.isComposing || e.currentTarget.getAttribute('aria-expanded') === 'true') return
                  const inUse = current?.provider_id && isCapable(current.provider_id) ? current.provider_id : null
                  if (!current || chosen === inUse) return
                  e.preventDefault()
                  e.stopPropagation()
                  setProviderId(inUse)
                  setModelMissing(false)
                }}
                w={320}
              />
              <TextInput
                label="Embedding model name"
                placeholder="e.g. text-embedding-3-small"
                value={model}
                ref={modelField}
                onChange={(e) => {
                  setModel(e.currentTarget.value)
                  setModelMissing(false)
                }}
                onKeyDown={(e) => {
                  // Escape puts back the model in use; with nothing edited it does nothing.
                  const inUse = current?.model ?? ''
                  if (e.key !== 'Escape' || e.nativeEvent.isComposing || !current || (model === inUse && !modelMissing)) return
                  e.preventDefault()
                  e.stopPropagation()
                  setModel(inUse)
                  setModelMissing(false)
                }}
                disabled={!chosen}
                withAsterisk={!!chosen}
                error={
                  modelMissing
                    ? 'Type the name of an embedding model this provider’s server has'
                    : tooLong
                      ? embeddingModelNameTooLongText(model.trim())
                      : undefined
                }
                w={260}
              />
              <BusyButton ref={saveButton} type="submit" loading={update.isPending} disabled={unchanged}>
                Save
              </BusyButton>
            </Group>
            {errorShown && (
              <Alert color="red" data-testid="embedding-error" tabIndex={-1}>
                {errorText(update.error)}
              </Alert>
            )}
            {savedShown && (
              <Text size="sm" c="teal" data-testid="embedding-saved" tabIndex={-1} style={{ outlineOffset: 2 }}>
                {saved.provider_id
                  ? files > 0
                    ? `Saved. Every file is embedded again with ${saved.model} in the background.`
                    : `Saved. No files to embed yet: files you add are embedded with ${saved.model}.`
                  : 'Saved. Documents are found by keywords alone.'}
              </Text>
            )}
          </Stack>
        </form>
        {current?.provider_id && current.model && !stale && (
          <EmbeddingProgress
            counts={counts}
            model={current.model}
            providerId={current.provider_id}
            savedHere={savedHere}
            onChooseModel={chooseModel}
          />
        )}
        {!(fileStates.isError && !fileStates.data) && (
          <Text size="sm" data-testid="embedding-progress">
            Files: {counts.processing} processing · {counts.ready} ready · {counts.failed} failed
          </Text>
        )}
        {/* The try under way waits on the server: that, not the last try's failure ("tries again now"), is what happens now. */}
        {counts.processing > 0 && counts.embedding_wait ? (
          <EmbeddingWaiting wait={counts.embedding_wait} />
        ) : (
          counts.processing > 0 && counts.embedding_failure && <EmbeddingStalled failure={counts.embedding_failure} />
        )}
        {counts.failed > 0 && (
          <Text size="sm">
            Failed files are still found by their words and used in answers. Each says why on the{' '}
            <Anchor href={hrefOf({ name: 'files' })} underline="always">
              Files page
            </Anchor>
            .
          </Text>
        )}
      </Stack>
    </Paper>
  )
}

/** Files stay processing while a call to the embedding server goes unanswered: since when, and when the node gives up. */
function EmbeddingWaiting({ wait }: { wait: EmbeddingWait }) {
  const left = useSecondsLeft(Date.parse(wait.gives_up_at))
  return (
    <Alert color="orange" title="Embedding is waiting for the embedding server" data-testid="embedding-wait">
      The server of {wait.provider_id} was asked to embed with {wait.model} at {new Date(wait.since).toLocaleTimeString()} and has not
      answered yet. The node waits {left > 0 ? `${left} s more` : 'no longer'}; if no answer comes, these files are marked failed. Check
      that the server is running and that the model is loaded.
    </Alert>
  )
}

/** Files stay processing while the embedding provider fails and the node tries again: why, and when it tries next. */
function EmbeddingStalled({ failure }: { failure: EmbeddingFailure }) {
  const left = useSecondsLeft(Date.parse(failure.next_try_at))
  const next = failure.attempt + 1
  return (
    <Alert color="orange" title="Embedding is waiting for the provider" data-testid="embedding-failure">
      The last try failed: {failure.message} The node tries again {left > 0 ? `in ${left} s` : 'now'} (try {next} of {failure.max_attempts}
      ); if the last try fails too, these files are marked failed with this reason.
    </Alert>
  )
}
