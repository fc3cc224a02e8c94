import { Alert, Loader, Paper, Stack, Text, TextInput, UnstyledButton } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { IconSearch } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { errorText } from '../../api/client'
import { useClient } from '../../api/client-context'
import { keys } from '../../api/queries'
import { Highlighted } from './Highlighted'
import { searchWords } from '../../app/highlight'

const LIBRARY_SEARCH_DEBOUNCE_MS = 300

/** Search of the library's passages, each result opening its file at the passage. */
export function Search({ onOpen }: { onOpen: (path: string, node: string) => void }) {
  const client = useClient()
  const [text, setText] = useState('')
  // Searched as words are typed (a moment after the last key); Enter searches at once.
  const [typed] = useDebouncedValue(text, LIBRARY_SEARCH_DEBOUNCE_MS)
  const [submitted, setSubmitted] = useState<string | null>(null)
  const search = submitted === text ? text : text.trim() === '' ? '' : typed
  const results = useQuery({
    queryKey: [...keys.vfsSearch, search],
    queryFn: () => client.call('search_items', { body: { search, max_results: 20 } }),
    enabled: search.trim() !== ''
  })
  const words = searchWords(search)
  return (
    <Stack gap="xs">
      <form
        onSubmit={(e) => {
          e.preventDefault()
          setSubmitted(text)
        }}
      >
        <TextInput
          aria-label="Search the library"
          placeholder="Search passages in every file"
          leftSection={<IconSearch size={16} />}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
        />
      </form>
      {results.isFetching && <Loader role="img" size="xs" aria-label="Searching" />}
      {results.isError && <Alert color="red">{errorText(results.error)}</Alert>}
      {results.data?.length === 0 && (
        <Text size="sm" c="dimmed">
          No passage matches “{search}”.
        </Text>
      )}
      {results.data && results.data.length > 0 && (
        <Paper withBorder p="xs" component="section" aria-label="Search results" mah={280} style={{ overflow: 'auto' }}>
          <Stack gap={6}>
            {results.data.map((r) => (
              <UnstyledButton key={`${r.path}#${r.node_id}`} onClick={() => onOpen(r.path, r.node_id)} data-testid="search-result">
                {/* Wrapped anywhere: a long name (one word) and its path ran out of the results, read only by scrolling sideways. */}
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {r.name}{' '}
                  <Text span size="xs" c="dimmed">
                    {r.path}
                  </Text>
                </Text>
                <Text size="sm" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
                  <Highlighted text={r.text} words={words} />
                </Text>
              </UnstyledButton>
            ))}
          </Stack>
        </Paper>
      )}
    </Stack>
  )
}
