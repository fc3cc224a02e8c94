import { Alert, CloseButton, Group, Loader, Paper, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core'
import { IconFile, IconFolder, IconSearch } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useMemo, useRef, useState } from 'react'
import type { FileInfo } from '../../../../shared/contract/vector-fs'
import { nameSearchWords } from '../../../../shared/contract/vector-fs-names'
import { errorText } from '../../api/client'
import { useClient } from '../../api/client-context'
import { keys, useVfsFind } from '../../api/queries'
import { Marked, PASSAGE_MARKS } from './Highlighted'
import { namePieces } from './name-marks'
import { highlightPieces, searchWords } from '../../app/highlight'
import { useSearchText } from '../../api/search-text'
import { parentPath } from './vfs-paths'
import { countText } from '../../app/count-format'

const LIBRARY_SEARCH_DEBOUNCE_MS = 300

/** Names listed at most (the node finds up to FIND_LIMIT): past them, typing more of a name narrows them. */
const NAMES_SHOWN = 20

/**
 * Search of the library: files and folders whose name holds every word typed, or whose path holds a
 * typed path (`reports/2024`: found by the node, as the scope picker's filter finds them), then the passages that best answer the words. A name opens
 * its file, or shows its folder in the tree, and the focus goes to its row there; a passage opens its file there. Escape in the results goes back to the box.
 */
export function Search({
  onOpen,
  onFile,
  onFolder
}: {
  onOpen: (path: string, node: string) => void
  /** A name found, chosen: `from` is its result (the focus goes on from there to the entry in the tree). */
  onFile: (path: string, from: HTMLElement) => void
  onFolder: (path: string, from: HTMLElement) => void
}) {
  const client = useClient()
  const [text, setText] = useState('')
  // Searched as words are typed (a moment after the last key); Enter searches at once.
  const typed = useSearchText(text.trim() === '' ? '' : text, LIBRARY_SEARCH_DEBOUNCE_MS)
  const [submitted, setSubmitted] = useState<string | null>(null)
  const search = submitted === text ? text : text.trim() === '' ? '' : typed
  // The passages, and how the node matched each word (one whose starts are in too many passages is taken
  // whole, or not at all): asked together, so the passages are never shown marked otherwise. A node that
  // cannot say (older, or failing that call) still shows what it found, its words marked where they begin.
  const results = useQuery({
    queryKey: [...keys.vfsSearch, search],
    queryFn: async () => {
      const [found, matched] = await Promise.all([
        client.call('search_items', { body: { search, max_results: 20 } }),
        client.call('search_items_words', { body: { search } }).then(
          (r) => r.words,
          () => undefined
        )
      ])
      return { found, matched }
    },
    enabled: search.trim() !== ''
  })
  const searchingNames = nameSearchWords(search).length > 0
  const found = useVfsFind(search)
  // The last answer stays while words are typed (placeholder data), but not once the box is empty.
  const names = searchingNames ? found.data : undefined
  const words = useMemo(() => searchWords(search), [search])
  const matched = results.data?.matched
  const marks = useMemo(() => {
    if (!matched) return { words, rules: PASSAGE_MARKS }
    const whole = matched.filter((w) => w.match === 'whole').map((w) => w.word)
    const searched = matched.filter((w) => w.match === 'word_starts' || w.match === 'whole').map((w) => w.word)
    return { words: searched, rules: { ...PASSAGE_MARKS, wholeWords: whole } }
  }, [matched, words])
  // Words the node left out of the search, said under the results, not dropped silently: each in nearly every
  // passage, or past the 64 words a search keeps (those were said to be "too common", which they need not be).
  const unsearched = useMemo(() => (matched ?? []).filter((w) => w.match === 'none').map((w) => w.word), [matched])
  const pastLimit = useMemo(() => (matched ?? []).filter((w) => w.match === 'past_limit').map((w) => w.word), [matched])
  const nameWords = nameSearchWords(search)
  const noName = names?.length === 0 && !found.isPlaceholderData
  // Each passage's words marked as the node matched them; one with none marked was found by meaning alone.
  const passages = useMemo(
    () =>
      (results.data?.found ?? []).map((result) => {
        const pieces = highlightPieces(result.text, marks.words, marks.rules)
        return { result, pieces, byMeaning: !pieces.some((p) => p.match) }
      }),
    [results.data, marks]
  )
  const boxRef = useRef<HTMLInputElement>(null)
  const resultsRef = useRef<HTMLElement>(null)
  /**
   * Up and Down move between the box and the results, one result at a time (only Tab reached them, each
   * a Tab stop): Down from the box to the first, Up from the first back to the box. True when it moved.
   */
  const stepResults = (from: Element, by: 1 | -1): boolean => {
    const results = [...(resultsRef.current?.querySelectorAll<HTMLElement>('[data-result]') ?? [])]
    if (results.length === 0) return false
    const at = results.indexOf(from as HTMLElement)
    const to = at + by
    if (to < 0) boxRef.current?.focus()
    else results[Math.min(to, results.length - 1)]!.focus()
    return true
  }
  const clear = () => {
    setText('')
    setSubmitted(null)
  }
  return (
    <Stack gap="xs">
      <form
        onSubmit={(e) => {
          e.preventDefault()
          setSubmitted(text)
        }}
      >
        <TextInput
          ref={boxRef}
          aria-label="Search the library"
          placeholder="Search names and passages in every file"
          leftSection={<IconSearch size="1rem" />}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.nativeEvent.isComposing) return
            if (e.key === 'ArrowDown') {
              if (stepResults(e.currentTarget, 1)) e.preventDefault()
              return
            }
            // Escape clears the search, as the Inboxes page's does; an input method's own Escape cancels its word.
            if (e.key !== 'Escape' || !text) return
            e.preventDefault()
            e.stopPropagation()
            clear()
          }}
          rightSectionPointerEvents="all"
          rightSection={
            text ? (
              <CloseButton
                aria-label="Clear search"
                title="Clear search (Escape)"
                onClick={() => {
                  clear()
                  // The button goes with the search: the focus stays in the box, not on the page.
                  boxRef.current?.focus()
                }}
              />
            ) : null
          }
        />
      </form>
      {(results.isFetching || (searchingNames && found.isFetching)) && <Loader role="img" size="xs" aria-label="Searching" />}
      {results.isError && <Alert color="red">{errorText(results.error)}</Alert>}
      {searchingNames && found.isError && <Alert color="red">{errorText(found.error)}</Alert>}
      {noName && results.data?.found.length === 0 && (
        <Text size="sm" c="dimmed">
          No file or folder name and no passage matches “{search}”.
        </Text>
      )}
      {((names && names.length > 0) || (results.data && results.data.found.length > 0)) && (
        <Paper
          ref={resultsRef}
          withBorder
          p="xs"
          component="section"
          aria-label="Search results"
          mah={280}
          style={{ overflow: 'auto' }}
          onKeyDown={(e) => {
            // Escape leaves the results for the box (where Escape again clears the search), as Up from the first does.
            if (e.key === 'Escape' && !e.altKey && !e.ctrlKey && !e.metaKey && !e.shiftKey) {
              e.preventDefault()
              e.stopPropagation()
              boxRef.current?.focus()
              return
            }
            if ((e.key !== 'ArrowDown' && e.key !== 'ArrowUp') || !(e.target instanceof Element)) return
            if (stepResults(e.target, e.key === 'ArrowDown' ? 1 : -1)) e.preventDefault()
          }}
        >
          <Stack gap={6}>
            {names && names.length > 0 && (
              <section aria-label="Names">
                <Title order={3} size="h6" c="dimmed" mb={4}>
                  {search.includes('/') ? 'Files and folders whose name or path holds' : 'Files and folders named like'} “{search.trim()}”
                </Title>
                <Stack gap={4}>
                  {names.slice(0, NAMES_SHOWN).map((e) => (
                    <NameResult
                      key={e.path}
                      entry={e}
                      words={nameWords}
                      onOpen={(from) => (e.is_directory ? onFolder(e.path, from) : onFile(e.path, from))}
                    />
                  ))}
                  {names.length > NAMES_SHOWN && (
                    <Text size="xs" c="dimmed">
                      The first {NAMES_SHOWN} names found; type more of a name to narrow them.
                    </Text>
                  )}
                </Stack>
              </section>
            )}
            {passages.length > 0 && (
              <section aria-label="Passages">
                <Title order={3} size="h6" c="dimmed" mb={4}>
                  {passages.every((p) => p.byMeaning) ? 'Passages closest in meaning (none holds these words)' : 'Passages'}
                </Title>
                <Stack gap={6}>
                  {/* Keyed by place too: a file stored before two nodes of one id were refused has passages under one id. */}
                  {passages.map(({ result: r, pieces, byMeaning }, i) => (
                    <UnstyledButton
                      key={`${r.path}#${r.node_id}#${i}`}
                      onClick={() => onOpen(r.path, r.node_id)}
                      data-result
                      data-testid="search-result"
                    >
                      {/* Wrapped anywhere: a long name (one word) and its path ran out of the results, read only by scrolling sideways. */}
                      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                        {r.name}{' '}
                        <Text span size="xs" c="dimmed">
                          {r.path}
                        </Text>
                        {/* Found by the embeddings alone: nothing in it is marked, and this says why it is listed. */}
                        {byMeaning && (
                          <Text span size="xs" c="dimmed" fs="italic" data-testid="by-meaning">
                            {' '}
                            · close in meaning
                          </Text>
                        )}
                      </Text>
                      <Text size="sm" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
                        <Marked pieces={pieces} />
                      </Text>
                    </UnstyledButton>
                  ))}
                </Stack>
              </section>
            )}
            {noName && results.data && results.data.found.length > 0 && (
              <Text size="xs" c="dimmed">
                No file or folder is named like “{search.trim()}”.
              </Text>
            )}
          </Stack>
        </Paper>
      )}
      {results.data && unsearched.length > 0 && (
        <Text size="xs" c="dimmed" data-testid="unsearched-words">
          Not searched, as too common: {unsearched.join(', ')}
        </Text>
      )}
      {results.data && pastLimit.length > 0 && (
        <Text size="xs" c="dimmed" data-testid="past-limit-words">
          Not searched, as the search is too long (past 64 words): {wordList(pastLimit)}
        </Text>
      )}
    </Stack>
  )
}

/** The words left out of a long search: the first few, then how many more (a pasted page loses hundreds). */
const WORDS_LISTED = 10
const wordList = (words: readonly string[]) =>
  words.length <= WORDS_LISTED
    ? words.join(', ')
    : `${words.slice(0, WORDS_LISTED).join(', ')} and ${countText(words.length - WORDS_LISTED)} more`

/** A file or folder found by its name, with the folder it is in. */
function NameResult({ entry, words, onOpen }: { entry: FileInfo; words: readonly string[]; onOpen: (from: HTMLElement) => void }) {
  const folder = parentPath(entry.path)
  return (
    <UnstyledButton onClick={(e) => onOpen(e.currentTarget)} data-result data-testid="name-result" data-path={entry.path}>
      <Group gap={6} wrap="nowrap" align="flex-start">
        {entry.is_directory ? <IconFolder size="1rem" aria-label="Folder" /> : <IconFile size="1rem" aria-label="File" />}
        <Text size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
          <Text span fw={500}>
            <Marked pieces={namePieces(entry.name, words)} />
          </Text>{' '}
          <Text span size="xs" c="dimmed">
            in {folder === '/' ? 'the top folder' : folder}
          </Text>
        </Text>
      </Group>
    </UnstyledButton>
  )
}
