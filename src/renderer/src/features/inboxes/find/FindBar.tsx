import { ActionIcon, Button, Group, Paper, Text, TextInput } from '@mantine/core'
import { IconChevronDown, IconChevronUp, IconSearch, IconX } from '@tabler/icons-react'
import { useEffect, useLayoutEffect, useRef, type KeyboardEvent as ReactKeyboardEvent } from 'react'
import { ariaWithCommandKey, withCommandKey } from '../../../app/platform'
import { findIsFor, isFindKey } from './find-key'
import { matchCountText } from './find-matches'
import type { Find } from './use-find'

/** The conversation's message box (Composer), else its main region: the focus when the bar closes with nowhere to go back to. */
function closedFocus(bar: HTMLElement | null): HTMLElement | null {
  const doc = bar?.ownerDocument ?? document
  return doc.querySelector<HTMLElement>('textarea[aria-label="Message"]:not(:disabled)') ?? bar?.closest<HTMLElement>('main') ?? null
}

/**
 * The find bar at the top of a conversation (Ctrl+F / ⌘F): a search box, "n of N", Previous and Next,
 * Close. The matches are numbered from the top (the oldest), the find starting at the newest; Enter goes to
 * the next match (below, newer), Shift+Enter to the previous (above, older), Escape closes it and gives the focus
 * back where it was; Ctrl+F again selects the box's text. The find itself is use-find.ts.
 */
export function FindBar({ find }: { find: Find }) {
  const input = useRef<HTMLInputElement>(null)
  const bar = useRef<HTMLDivElement>(null)
  /** Where the focus was at the last Ctrl+F, to go back to when the bar closes. */
  const opener = useRef<HTMLElement | null>(null)
  const latest = useRef(find)
  useLayoutEffect(() => {
    latest.current = find
  })
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || !isFindKey(e) || !findIsFor(e.target)) return
      // The browser's own find sees only the messages drawn (and Electron has none).
      e.preventDefault()
      // Where the focus is at each Ctrl+F (the bar open, the operator may have gone on in the message box) is where
      // Escape gives it back; from the bar's own box, where it was before.
      const from = document.activeElement
      if (!(from instanceof Node && bar.current?.contains(from))) opener.current = from instanceof HTMLElement ? from : null
      if (!latest.current.open) {
        latest.current.show()
        return
      }
      input.current?.focus()
      input.current?.select()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
  useLayoutEffect(() => {
    if (!find.open) return
    input.current?.focus()
    input.current?.select()
  }, [find.open])

  if (!find.open) return null
  const close = () => {
    const back = opener.current
    opener.current = null
    // Where the focus was may be gone (a row the list no longer draws, scrolled away to a match): the message box then.
    const to = back && back.isConnected && back !== document.body ? back : closedFocus(bar.current)
    find.close()
    to?.focus()
  }
  const onKeyDown = (e: ReactKeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault()
      e.stopPropagation()
      close()
    } else if (e.key === 'Enter' && e.target === input.current && !e.nativeEvent.isComposing) {
      e.preventDefault()
      if (e.shiftKey) find.previous()
      else find.next()
    }
  }
  const searched = find.words.length > 0
  const none = find.found.length === 0
  return (
    <Paper
      ref={bar}
      withBorder
      p={6}
      radius="md"
      role="search"
      aria-label="Find in conversation"
      data-testid="find-bar"
      onKeyDown={onKeyDown}
    >
      <Group gap="xs" wrap="nowrap">
        <TextInput
          ref={input}
          size="xs"
          style={{ flex: 1, minWidth: 0 }}
          aria-label="Find in conversation"
          aria-keyshortcuts={ariaWithCommandKey('F')}
          placeholder={`Find in conversation (${withCommandKey('F')})`}
          leftSection={<IconSearch size="0.875rem" />}
          value={find.query}
          onChange={(e) => find.setQuery(e.currentTarget.value)}
        />
        <Text size="xs" c="dimmed" aria-live="polite" data-testid="find-count" style={{ whiteSpace: 'nowrap' }}>
          {/* Nothing found yet while the matching goes on is not "No matches". */}
          {find.matching && none ? '' : matchCountText(find.found, find.current, searched)}
        </Text>
        {/* As a browser's find: the previous match is the one above (older), the next the one below (newer). */}
        <ActionIcon
          variant="subtle"
          aria-label="Previous match (older)"
          title="Previous match (Shift+Enter)"
          disabled={none}
          onClick={find.previous}
        >
          <IconChevronUp size="1rem" />
        </ActionIcon>
        <ActionIcon variant="subtle" aria-label="Next match (newer)" title="Next match (Enter)" disabled={none} onClick={find.next}>
          <IconChevronDown size="1rem" />
        </ActionIcon>
        <ActionIcon variant="subtle" aria-label="Close find" title="Close (Esc)" onClick={close}>
          <IconX size="1rem" />
        </ActionIcon>
      </Group>
      {searched && find.reading && (
        <Group gap="xs" mt={4} data-testid="find-reading">
          <Text size="xs" c="dimmed">
            Searching… {find.read.toLocaleString('en')} messages read
          </Text>
          <Button size="compact-xs" variant="subtle" onClick={find.stopReading}>
            Stop
          </Button>
        </Group>
      )}
      {searched && find.matching && !find.reading && (
        <Text size="xs" c="dimmed" mt={4} data-testid="find-matching">
          Searching…
        </Text>
      )}
      {searched && find.stopped && (
        <Text size="xs" c="dimmed" mt={4}>
          Stopped: only the {find.read.toLocaleString('en')} newest messages were searched.
        </Text>
      )}
      {searched && find.failed && (
        <Group gap="xs" mt={4} wrap="nowrap">
          <Text size="xs" c="red">
            Older messages could not be read: only the {find.read.toLocaleString('en')} newest messages were searched.
          </Text>
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={() => {
              // The button goes once the pages are read: the focus goes on in the box, not to the page.
              input.current?.focus()
              find.readAgain()
            }}
          >
            Try again
          </Button>
        </Group>
      )}
    </Paper>
  )
}
