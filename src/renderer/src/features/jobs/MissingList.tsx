import { List, Stack, Text } from '@mantine/core'
import type { MissingEntry } from './vfs-selection'
import { countText } from '../../app/count-format'

/** Items listed in the question at most; the rest are counted. */
const MISSING_LISTED = 8

/** The chosen items gone from the library, each by its path (a name alone can be in many folders). */
export function MissingList({ missing }: { missing: readonly MissingEntry[] }) {
  const more = missing.length - MISSING_LISTED
  return (
    <Stack gap="xs">
      <Text size="sm">
        {missing.length === 1 ? 'It was' : 'They were'} deleted or moved after you chose {missing.length === 1 ? 'it' : 'them'}, so the job
        would find nothing in {missing.length === 1 ? 'it' : 'them'}:
      </Text>
      <List size="sm" data-testid="missing-on-create" style={{ overflowWrap: 'anywhere' }}>
        {missing.slice(0, MISSING_LISTED).map((m) => (
          <List.Item key={`${m.section}${m.index}`}>
            {m.path}
            {m.section === 'vector_fs_folders' ? ' (folder)' : ''}
          </List.Item>
        ))}
      </List>
      {more > 0 && (
        <Text size="sm">
          and {countText(more)} more {more === 1 ? 'item' : 'items'}.
        </Text>
      )}
      <Text size="sm">
        Remove {missing.length === 1 ? 'it' : 'them'} from the scope and create the job, or go back to change the scope.
      </Text>
    </Stack>
  )
}
