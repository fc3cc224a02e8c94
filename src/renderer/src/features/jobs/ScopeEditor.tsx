import {
  ActionIcon,
  Alert,
  Badge,
  Breadcrumbs,
  Button,
  Card,
  FileButton,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Title
} from '@mantine/core'
import { IconFileImport, IconPlus, IconTrash } from '@tabler/icons-react'
import { useState, type ReactNode } from 'react'
import type { JobScope } from '../../../../shared/contract/scope'
import {
  addEntry,
  CHUNKING_STRATEGIES,
  FILE_TYPES,
  fileSource,
  networkFolder,
  parseLocalEntry,
  removeEntry,
  SCOPE_SECTIONS,
  summarizeLocal,
  vectorFsFolder,
  vectorFsItem,
  type ScopeSection
} from './scope-entries'

interface Props {
  readonly value: JobScope
  readonly onChange: (scope: JobScope) => void
}

const sectionLabel = (key: ScopeSection) => SCOPE_SECTIONS.find((s) => s.key === key)!.label

/** One editor for all five kinds of scope entry; produces exactly the seed's JobScope shape. */
export function ScopeEditor({ value, onChange }: Props) {
  const remove = (key: ScopeSection, index: number) => onChange(removeEntry(value, key, index))
  return (
    <Stack gap="md">
      <Section title={sectionLabel('vector_fs_folders')} count={value.vector_fs_folders.length}>
        {value.vector_fs_folders.map((f, i) => (
          <EntryRow key={i} label={f.name} path={f.path.path_ids} onRemove={() => remove('vector_fs_folders', i)} />
        ))}
        <FolderForm onAdd={(name, path) => onChange(addEntry(value, 'vector_fs_folders', vectorFsFolder(name, path)))} />
      </Section>

      <Section title={sectionLabel('vector_fs_items')} count={value.vector_fs_items.length}>
        {value.vector_fs_items.map((it, i) => (
          <EntryRow
            key={i}
            label={it.name}
            path={it.path.path_ids}
            detail={`${it.source.Standard.FileRef.file_name} · ${it.source.Standard.FileRef.file_type.Document} · chunking ${it.source.Standard.FileRef.text_chunking_strategy}`}
            onRemove={() => remove('vector_fs_items', i)}
          />
        ))}
        <ItemForm onAdd={(item) => onChange(addEntry(value, 'vector_fs_items', item))} />
      </Section>

      <Section title={sectionLabel('network_folders')} count={value.network_folders.length}>
        {value.network_folders.map((f, i) => (
          <EntryRow
            key={i}
            label={f.name}
            path={f.path.path_ids}
            detail={f.external_identity.full_name}
            onRemove={() => remove('network_folders', i)}
          />
        ))}
        <NetworkForm onAdd={(f) => onChange(addEntry(value, 'network_folders', f))} />
      </Section>

      <Section title="Local documents and packs" count={value.local_vrkai.length + value.local_vrpack.length}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {value.local_vrkai.map((e, i) => (
            <LocalCard key={`k${i}`} kind="vrkai" summary={summarizeLocal(e)} onRemove={() => remove('local_vrkai', i)} />
          ))}
          {value.local_vrpack.map((e, i) => (
            <LocalCard key={`p${i}`} kind="vrpack" summary={summarizeLocal(e)} onRemove={() => remove('local_vrpack', i)} />
          ))}
        </SimpleGrid>
        <LocalImport scope={value} onChange={onChange} />
      </Section>
    </Stack>
  )
}

function Section({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Group gap="xs" mb="sm">
        <Title order={3} size="h5">
          {title}
        </Title>
        <Badge variant="light" size="sm">
          {count}
        </Badge>
      </Group>
      <Stack gap="xs">{children}</Stack>
    </Paper>
  )
}

function EntryRow({ label, path, detail, onRemove }: { label: string; path: readonly string[]; detail?: string; onRemove: () => void }) {
  return (
    <Group justify="space-between" wrap="nowrap" data-testid="scope-entry">
      <div style={{ minWidth: 0 }}>
        <Text fw={500} truncate>
          {label}
        </Text>
        <Breadcrumbs separator="›" fz="xs" c="dimmed">
          {path.length ? path.map((p, i) => <span key={i}>{p}</span>) : <span>/</span>}
        </Breadcrumbs>
        {detail && (
          <Text size="xs" c="dimmed">
            {detail}
          </Text>
        )}
      </div>
      <ActionIcon variant="subtle" color="red" onClick={onRemove} aria-label={`Remove ${label}`}>
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  )
}

function useFields<T extends Record<string, unknown>>(initial: T) {
  const [v, setV] = useState(initial)
  return [v, (patch: Partial<T>) => setV((s) => ({ ...s, ...patch })), () => setV(initial)] as const
}

const PathInput = ({ value, onChange, label = 'Path' }: { value: string[]; onChange: (v: string[]) => void; label?: string }) => (
  <TagsInput label={label} description="One segment per Enter, from the root" value={value} onChange={onChange} placeholder="My Files" />
)

function FolderForm({ onAdd }: { onAdd: (name: string, path: string[]) => void }) {
  const [f, set, reset] = useFields({ name: '', path: [] as string[] })
  return (
    <Group align="flex-end" wrap="wrap">
      <TextInput label="Folder name" value={f.name} onChange={(e) => set({ name: e.currentTarget.value })} />
      <PathInput value={f.path} onChange={(path) => set({ path })} />
      <Button
        variant="light"
        leftSection={<IconPlus size={16} />}
        disabled={!f.name.trim()}
        onClick={() => {
          onAdd(f.name.trim(), f.path)
          reset()
        }}
      >
        Add folder
      </Button>
    </Group>
  )
}

function ItemForm({ onAdd }: { onAdd: (item: ReturnType<typeof vectorFsItem>) => void }) {
  const [f, set, reset] = useFields({
    name: '',
    path: [] as string[],
    fileName: '',
    fileNameEdited: false,
    fileType: 'Pdf',
    chunking: 'V1'
  })
  const ready = f.name.trim() && f.fileName.trim()
  return (
    <Stack gap="xs">
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label="Item name"
          value={f.name}
          onChange={(e) => set({ name: e.currentTarget.value, ...(f.fileNameEdited ? {} : { fileName: e.currentTarget.value }) })}
        />
        <PathInput value={f.path} onChange={(path) => set({ path })} />
      </Group>
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label="Source file name"
          description="Follows the item name until edited"
          value={f.fileName}
          onChange={(e) => set({ fileName: e.currentTarget.value, fileNameEdited: true })}
        />
        <Select
          label="File type"
          data={[...FILE_TYPES]}
          value={f.fileType}
          onChange={(v) => set({ fileType: v ?? 'Pdf' })}
          allowDeselect={false}
          w={120}
        />
        <Select
          label="Chunking"
          data={[...CHUNKING_STRATEGIES]}
          value={f.chunking}
          onChange={(v) => set({ chunking: v ?? 'V1' })}
          allowDeselect={false}
          w={100}
        />
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          disabled={!ready}
          onClick={() => {
            onAdd(vectorFsItem(f.name.trim(), f.path, fileSource(f.fileName.trim(), f.fileType, f.chunking)))
            reset()
          }}
        >
          Add item
        </Button>
      </Group>
    </Stack>
  )
}

function NetworkForm({ onAdd }: { onAdd: (f: ReturnType<typeof networkFolder>) => void }) {
  const [f, set, reset] = useFields({ nodeName: '', profileName: 'main', agentName: '', name: '', path: [] as string[] })
  const ready = f.nodeName.trim() && f.profileName.trim() && f.agentName.trim() && f.name.trim()
  return (
    <Stack gap="xs">
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label="Remote node"
          placeholder="@@other.sep-shinkai"
          value={f.nodeName}
          onChange={(e) => set({ nodeName: e.currentTarget.value })}
        />
        <TextInput label="Remote profile" value={f.profileName} onChange={(e) => set({ profileName: e.currentTarget.value })} w={120} />
        <TextInput label="Remote agent" value={f.agentName} onChange={(e) => set({ agentName: e.currentTarget.value })} />
      </Group>
      <Group align="flex-end" wrap="wrap">
        <TextInput label="Shared folder name" value={f.name} onChange={(e) => set({ name: e.currentTarget.value })} />
        <PathInput value={f.path} onChange={(path) => set({ path })} />
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          disabled={!ready}
          onClick={() => {
            onAdd(
              networkFolder(
                { nodeName: f.nodeName.trim(), profileName: f.profileName.trim(), agentName: f.agentName.trim() },
                f.name.trim(),
                f.path
              )
            )
            reset()
          }}
        >
          Add network folder
        </Button>
      </Group>
    </Stack>
  )
}

function LocalCard({
  kind,
  summary,
  onRemove
}: {
  kind: 'vrkai' | 'vrpack'
  summary: ReturnType<typeof summarizeLocal>
  onRemove: () => void
}) {
  return (
    <Card withBorder padding="sm" data-testid="local-entry">
      <Group justify="space-between" wrap="nowrap">
        <div style={{ minWidth: 0 }}>
          <Group gap={6}>
            <Badge size="xs" variant="outline">
              {kind}
            </Badge>
            <Text fw={600} truncate>
              {summary.name}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {summary.nodeCount} nodes · {summary.embeddingModel}
          </Text>
        </div>
        <ActionIcon variant="subtle" color="red" onClick={onRemove} aria-label={`Remove ${summary.name}`}>
          <IconTrash size={16} />
        </ActionIcon>
      </Group>
    </Card>
  )
}

function LocalImport({ scope, onChange }: { scope: JobScope; onChange: (s: JobScope) => void }) {
  const [errors, setErrors] = useState<string[]>([])
  const importFiles = async (files: File[]) => {
    let next = scope
    const problems: string[] = []
    for (const file of files) {
      const r = parseLocalEntry(await file.text())
      if (!r.ok) problems.push(`${file.name}: ${r.error}`)
      else if (r.section === 'local_vrkai') next = addEntry(next, 'local_vrkai', r.entry)
      else next = addEntry(next, 'local_vrpack', r.entry)
    }
    setErrors(problems)
    onChange(next)
  }
  return (
    <Stack gap="xs">
      <FileButton onChange={(files) => void importFiles(files)} accept=".json,application/json" multiple>
        {(props) => (
          <Button {...props} variant="light" leftSection={<IconFileImport size={16} />} w="fit-content">
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
