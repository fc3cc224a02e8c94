import { ActionIcon, Alert, Badge, Button, Card, FileButton, Group, Stack, TagsInput, Text, TextInput } from '@mantine/core'
import { IconFileImport, IconPlus, IconTrash } from '@tabler/icons-react'
import { useRef, useState, type ChangeEvent, type ReactNode } from 'react'
import type { JobScope } from '../../../../shared/contract/scope'
import { useLatest } from '../../app/use-latest'
import { useMountedRef } from '../../app/use-mounted'
import {
  addEntry,
  NETWORK_FIELDS,
  networkFieldProblems,
  networkFieldsMissing,
  networkFolder,
  networkPathProblem,
  parseLocalEntry,
  pathSegments,
  summarizeLocal,
  type NetworkFields
} from './scope-entries'
import { countText } from '../../app/count-format'
import { useHeldCheck, useHeldTyping } from './held-entries'
import { NETWORK_START, typedField, type KeptNetworkTyping, type NetworkTyping } from './network-typing'

// The scope's entries from outside the library: network folders typed in, local vrkai/vrpack files imported.

/** The form's typing: the page's when it keeps it (`kept`), else the form's own, gone with it. */
function useTyping(kept: KeptNetworkTyping | undefined) {
  const [own, setOwn] = useState(NETWORK_START)
  const update = kept ? kept.update : setOwn
  return [
    // A draft kept before the form kept all of its parts lacks the newer ones.
    kept ? { ...NETWORK_START, ...kept.value } : own,
    (patch: Partial<NetworkTyping>) => update((s) => ({ ...s, ...patch })),
    () => update(() => NETWORK_START)
  ] as const
}

/**
 * A path as its folders' names, one per Enter or `/`. A name may hold a comma (TagsInput split on
 * one by default: "Smith, J" became two folders) and a path may name a folder twice (/2025/Q1/2025;
 * TagsInput dropped the second, any case, so the path was another one); `/` typed or pasted
 * (/My Files/Reports, or "a/b" then Enter) gives the folders between.
 */
const PathInput = ({
  value,
  onChange,
  text,
  onTextChange,
  error,
  label = 'Path'
}: {
  value: string[]
  onChange: (v: string[]) => void
  /** The name being typed, not taken yet: held by the form's typing, kept as the rest is. */
  text: string
  onTextChange: (text: string) => void
  error?: ReactNode
  label?: string
}) => (
  <TagsInput
    label={label}
    description="One folder per Enter or /, from the root"
    data-field="path"
    value={value}
    onChange={(v) => onChange(pathSegments(v))}
    searchValue={text}
    onSearchChange={onTextChange}
    splitChars={['/']}
    allowDuplicates
    error={error}
    placeholder="My Files"
  />
)

/** The sentence on a field holding typing not yet added when the job is created. */
export const HELD_FOLDER_SENTENCE = 'Press Add network folder to include this folder, or clear the field.'

export function NetworkForm({
  onAdd,
  onHeld,
  kept
}: {
  onAdd: (f: ReturnType<typeof networkFolder>) => void
  /** The form held typing when the job was created: shown (an Advanced part opened) so the focus can go to it. */
  onHeld?: () => void
  /** The typing kept by the page (across leaving it), else the form's own. */
  kept?: KeptNetworkTyping
}) {
  const [f, set, reset] = useTyping(kept)
  // Add is always pressable: disabled, it said nothing of what was missing, and Tab passed it by.
  // Pressed with a field empty or wrong, it says so on each such field and goes to the first.
  const [tried, setTried] = useState(false)
  // Create job pressed with a folder typed but not added: said on the field typed in, until it is added or cleared.
  const [held, setHeld] = useState(false)
  const heldField = held ? typedField(f) : undefined
  const problems: Partial<Record<keyof NetworkTyping, ReactNode>> = {
    ...(tried ? networkFieldsMissing(f) : {}),
    ...networkFieldProblems(f)
  }
  if (heldField && !problems[heldField]) problems[heldField] = HELD_FOLDER_SENTENCE
  const pathProblem = networkPathProblem(f.path) ?? problems.path
  const form = useRef<HTMLDivElement>(null)
  useHeldCheck((say) => {
    const field = typedField(f)
    if (!field) return false
    if (!say) return true
    setHeld(true)
    onHeld?.()
    // After the part is shown: a field in a closed part takes no focus.
    setTimeout(() => form.current?.querySelector<HTMLInputElement>(`input[data-field="${field}"]`)?.focus(), 0)
    return true
  })
  useHeldTyping(typedField(f) !== undefined)
  const fieldProps = (key: keyof NetworkFields) => ({
    'data-field': key,
    value: f[key],
    error: problems[key],
    required: true,
    onChange: (e: ChangeEvent<HTMLInputElement>) => set({ [key]: e.currentTarget.value })
  })
  return (
    <Stack gap="xs" ref={form}>
      {/* Lined up by their labels: a sentence under one field pushed the others' boxes down beside it. */}
      <Group align="flex-start" wrap="wrap">
        <TextInput label="Remote node" placeholder="@@other.sep-shinkai" {...fieldProps('nodeName')} />
        <TextInput label="Remote profile" w={150} {...fieldProps('profileName')} />
        <TextInput label="Remote agent" {...fieldProps('agentName')} />
      </Group>
      <Group align="flex-end" wrap="wrap">
        <TextInput label="Shared folder name" {...fieldProps('name')} />
        <PathInput
          value={f.path}
          onChange={(path) => set({ path })}
          text={f.pathText}
          onTextChange={(pathText) => set({ pathText })}
          error={pathProblem}
        />
        <Button
          variant="light"
          leftSection={<IconPlus size="1rem" />}
          onClick={() => {
            const wrong =
              NETWORK_FIELDS.find((k) => networkFieldsMissing(f)[k] ?? networkFieldProblems(f)[k]) ?? (pathProblem ? 'path' : undefined)
            if (wrong) {
              setTried(true)
              form.current?.querySelector<HTMLInputElement>(`input[data-field="${wrong}"]`)?.focus()
              return
            }
            onAdd(
              networkFolder(
                { nodeName: f.nodeName.trim(), profileName: f.profileName.trim(), agentName: f.agentName.trim() },
                f.name.trim(),
                f.path
              )
            )
            reset()
            setTried(false)
            setHeld(false)
          }}
        >
          Add network folder
        </Button>
      </Group>
    </Stack>
  )
}

export function LocalCard({
  kind,
  summary,
  onRemove
}: {
  kind: 'vrkai' | 'vrpack'
  summary: ReturnType<typeof summarizeLocal>
  onRemove: (clicked: HTMLElement) => void
}) {
  return (
    <Card withBorder padding="sm" data-testid="local-entry">
      <Group justify="space-between" wrap="nowrap">
        <div style={{ minWidth: 0 }}>
          <Group gap={6}>
            <Badge size="xs" variant="outline">
              {kind}
            </Badge>
            <Text fw={600} truncate title={summary.name}>
              {summary.name}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {countText(summary.nodeCount)} nodes · {summary.embeddingModel}
          </Text>
        </div>
        <ActionIcon
          variant="subtle"
          color="red"
          data-remove
          onClick={(e) => onRemove(e.currentTarget)}
          aria-label={`Remove ${summary.name}`}
        >
          <IconTrash size="1rem" />
        </ActionIcon>
      </Group>
    </Card>
  )
}

export function LocalImport({ scope, onChange }: { scope: JobScope; onChange: (s: JobScope) => void }) {
  const [errors, setErrors] = useState<string[]>([])
  // The files are read after renders: added to the scope as it is then, and to no form that has gone.
  const latestRef = useLatest({ scope, onChange })
  const mounted = useMountedRef()
  // Forgotten once taken: the browser tells no change when the same file is picked again (after its
  // card was removed), and importing it again did nothing.
  const resetPick = useRef<() => void>(null)
  const importFiles = async (files: File[]) => {
    const read: { file: File; text: string }[] = []
    for (const file of files) read.push({ file, text: await file.text() })
    if (!mounted.current) return
    let next = latestRef.current.scope
    const problems: string[] = []
    // The same document or pack imported twice (picked again, or two copies of one file) was added twice:
    // its passages offered to every answer twice over. Told apart by their whole JSON.
    const held = new Set([...next.local_vrkai, ...next.local_vrpack].map((e) => JSON.stringify(e)))
    for (const { file, text } of read) {
      const r = parseLocalEntry(text)
      if (!r.ok) problems.push(`${file.name}: ${r.error}`)
      else if (held.has(JSON.stringify(r.entry))) problems.push(`${file.name}: already in the scope`)
      else {
        held.add(JSON.stringify(r.entry))
        next = r.section === 'local_vrkai' ? addEntry(next, 'local_vrkai', r.entry) : addEntry(next, 'local_vrpack', r.entry)
      }
    }
    setErrors(problems)
    latestRef.current.onChange(next)
  }
  return (
    <Stack gap="xs">
      <FileButton
        resetRef={resetPick}
        onChange={(files) => {
          resetPick.current?.()
          void importFiles(files)
        }}
        accept=".json,application/json"
        multiple
      >
        {(props) => (
          <Button {...props} variant="light" leftSection={<IconFileImport size="1rem" />} w="fit-content">
            Import .json files…
          </Button>
        )}
      </FileButton>
      {errors.length > 0 && (
        <Alert color="red" title="Not imported">
          {errors.map((e) => (
            <Text key={e} size="sm">
              {e}
            </Text>
          ))}
        </Alert>
      )}
    </Stack>
  )
}
