import { ActionIcon, Badge, Breadcrumbs, Button, Collapse, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { IconChevronDown, IconChevronRight, IconTrash } from '@tabler/icons-react'
import { useState, type ReactNode } from 'react'
import { focusAfterRemoving } from '../../app/focus-when-lost'
import { addEntry, IMPORTED_SECTION_TITLE, removeEntry, SCOPE_SECTIONS, summarizeLocal, type ScopeSection } from './scope-entries'
import { LibraryPicker, type ScopeProps } from './LibraryPicker'
import { LocalCard, LocalImport, NetworkForm } from './ScopeImports'
import { typedField, type KeptNetworkTyping } from './network-typing'

/** Each entry object's own number, for as long as the object lives (removing others keeps the rest's objects). */
const entryIds = new WeakMap<object, number>()
let lastEntryId = 0

/** A key per entry from its identity (not its content: a local pack's JSON can be megabytes); the same object twice gets a count after it. */
function stableKeys(entries: readonly object[]): string[] {
  const seen = new Map<number, number>()
  return entries.map((e) => {
    let id = entryIds.get(e)
    if (id === undefined) entryIds.set(e, (id = ++lastEntryId))
    const n = seen.get(id) ?? 0
    seen.set(id, n + 1)
    return `${id}#${n}`
  })
}

const sectionLabel = (key: ScopeSection) => SCOPE_SECTIONS.find((s) => s.key === key)!.label

/**
 * One editor for all five kinds of scope entry; produces exactly the seed's JobScope shape.
 * VectorFS folders and items are picked from the library's tree; network folders are typed in
 * under "Advanced: folders on other nodes"; local vrkai/vrpack files are imported.
 */
export function ScopeEditor({ value, onChange, networkTyping }: ScopeProps & { networkTyping?: KeptNetworkTyping }) {
  const remove = (key: ScopeSection, index: number) => (clicked: HTMLElement) => {
    focusAfterRemoving(clicked)
    onChange(removeEntry(value, key, index))
  }
  // Open when it has folders, or typing kept from before (New job's, back on the page): hidden, it was not seen.
  const [advanced, setAdvanced] = useState(
    () => value.network_folders.length > 0 || (networkTyping !== undefined && typedField(networkTyping.value) !== undefined)
  )
  // Keyed by what they are, not by their place: removing one must remove its row, not relabel the next
  // (whose Remove button then kept the focus by accident).
  const keys = {
    network: stableKeys(value.network_folders),
    vrkai: stableKeys(value.local_vrkai),
    vrpack: stableKeys(value.local_vrpack)
  }
  return (
    <Stack gap="md">
      <LibraryPicker value={value} onChange={onChange} />

      <Section title={IMPORTED_SECTION_TITLE} count={value.local_vrkai.length + value.local_vrpack.length}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {value.local_vrkai.map((e, i) => (
            <LocalCard key={keys.vrkai[i]} kind="vrkai" summary={summarizeLocal(e)} onRemove={remove('local_vrkai', i)} />
          ))}
          {value.local_vrpack.map((e, i) => (
            <LocalCard key={keys.vrpack[i]} kind="vrpack" summary={summarizeLocal(e)} onRemove={remove('local_vrpack', i)} />
          ))}
        </SimpleGrid>
        <LocalImport scope={value} onChange={onChange} />
      </Section>

      {/* Its label wraps (at 320 px, one line of it was wider than the window: the form scrolled sideways). */}
      <Button
        variant="subtle"
        w="fit-content"
        maw="100%"
        h="auto"
        mih={36}
        py={4}
        styles={{ label: { whiteSpace: 'normal', textAlign: 'start', lineHeight: 1.3 } }}
        onClick={() => setAdvanced((a) => !a)}
        aria-expanded={advanced}
        leftSection={advanced ? <IconChevronDown size="1rem" /> : <IconChevronRight size="1rem" />}
      >
        {/* What it opens, named: "Advanced" alone, above the sheet and hidden settings, read as their heading. */}
        Advanced: {sectionLabel('network_folders').toLowerCase()}
      </Button>
      {/* Hidden, not put to sleep (Activity, the default, ends a hidden part's effects): a network folder typed
          in, the part closed, is still asked about on Create job (held-entries.ts). */}
      <Collapse expanded={advanced} keepMountedMode="display-none">
        <Section title={sectionLabel('network_folders')} count={value.network_folders.length}>
          {value.network_folders.map((f, i) => (
            <EntryRow
              key={keys.network[i]}
              label={f.name}
              path={f.path.path_ids}
              detail={f.external_identity.full_name}
              onRemove={remove('network_folders', i)}
            />
          ))}
          <NetworkForm
            onAdd={(f) => onChange(addEntry(value, 'network_folders', f))}
            onHeld={() => setAdvanced(true)}
            kept={networkTyping}
          />
        </Section>
      </Collapse>
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

function EntryRow({
  label,
  path,
  detail,
  onRemove
}: {
  label: string
  path: readonly string[]
  detail?: string
  onRemove: (clicked: HTMLElement) => void
}) {
  return (
    <Group justify="space-between" wrap="nowrap" data-testid="scope-entry">
      <div style={{ minWidth: 0 }}>
        <Text fw={500} truncate title={label}>
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
      <ActionIcon variant="subtle" color="red" data-remove onClick={(e) => onRemove(e.currentTarget)} aria-label={`Remove ${label}`}>
        <IconTrash size="1rem" />
      </ActionIcon>
    </Group>
  )
}
