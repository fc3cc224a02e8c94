import { IconPin } from '@tabler/icons-react'
import { memo, useState, type KeyboardEvent } from 'react'
import { hrefOf, navigate } from '../../app/router'
import { useShownFlags } from '../../stores/asked-flags'
import { highlightPieces, matchPieces, searchWords, type Piece } from '../../app/highlight'
import type { InboxRowData } from './inbox-rows'
import { FAILED_ANSWER_LEAD } from './error-note'
import { STOPPED_ANSWER_LEAD } from './stopped-answer'
import type { InboxActions } from './inbox-actions'
import { absoluteTime, relativeTime } from './relative-time'
import classes from './InboxRow.module.css'
import { openMenuFromRow, opensMenu, plainKey, RowMenu, type MenuState } from './row-menu'
import { HiddenBadge } from './HiddenMarker'
import { leadToFirstMatch, snippetDirection } from './snippet-lead'
import { conversationRoute, type FollowedSearch } from './followed-search'
import { nameSaysModel } from '../../../../shared/provider-title'

interface RowProps {
  readonly row: InboxRowData
  /** What the operator named the row's provider (its display name); its id when absent. */
  readonly providerName?: string
  readonly now: number
  /**
   * A search hit: the matching text shown instead of the preview, the query's words marked; `failed`: it
   * quotes a failed answer, `stopped`: a stopped one (snippet-source), which it says first, as the preview does.
   */
  readonly snippet?: { text: string; query: string; failed?: boolean; stopped?: boolean }
  readonly selected?: boolean
  /** The list's one Tab stop is this row's link (a roving tabindex); its box and menu are reached from it by keys. */
  readonly tabStop?: boolean
  readonly onSelect?: (row: InboxRowData, e: { readonly shiftKey: boolean }) => void
  readonly actions?: InboxActions
  /** The Delete key on the row (it asks first); without it, Delete removes this row alone. */
  readonly onDeleteKey?: (row: InboxRowData) => void
  /** One of a search's results: the conversation opens following that search (its address says it). */
  readonly search?: FollowedSearch | null
}

function Snippet({ text, query, failed, stopped }: { text: string; query: string; failed?: boolean; stopped?: boolean }) {
  // A failed answer is told as the preview tells it ("Answer failed: " and the note), the note's warning sign left out;
  // a stopped one too ("Answer stopped: " and its text).
  // On one line, spaces kept as they are (white-space: pre), so that those between the parts below stay: runs made one.
  const quoted = (failed ? text.replace(/^⚠\s*/, '') : text).replace(/\s+/g, ' ')
  const pieces = leadToFirstMatch(highlightPieces(quoted, searchWords(query)))
  const first = Math.max(
    0,
    pieces.findIndex((p) => p.match)
  )
  // The space before the word found is its own: at the end of the words cut right to left it was moved to their left.
  const before = pieces.slice(0, first)
  const last = before.at(-1)
  const spaced = last !== undefined && last.text.endsWith(' ')
  if (spaced) before[before.length - 1] = { ...last, text: last.text.slice(0, -1) }
  const dir = snippetDirection(quoted)
  return (
    <span
      className={`${classes.preview} ${classes.snippet}`}
      data-state={failed ? 'error' : stopped ? 'stopped' : undefined}
      data-testid="inbox-snippet"
    >
      {/* Before the quote, which is cut to the words found: it stays whole. */}
      {(failed || stopped) && <span className={classes.said}>{failed ? FAILED_ANSWER_LEAD : STOPPED_ANSWER_LEAD}</span>}
      {/* On a narrow row the text after the first word found gives way first, then the words before it, from their
          start: the word found stays in view. The parts follow one another in the snippet's own direction (a Hebrew or
          Arabic snippet from the right), each read in it. */}
      <span className={classes.quote} dir={dir}>
        {first > 0 && (
          <span className={classes.before}>
            <bdi dir={dir}>
              <Marked pieces={before} />
            </bdi>
          </span>
        )}
        {spaced && <span className={classes.said}> </span>}
        <span className={classes.found}>
          <Marked pieces={pieces.slice(first, first + 1)} />
        </span>
        {pieces.length > first + 1 && (
          <span className={classes.after}>
            <Marked pieces={pieces.slice(first + 1)} />
          </span>
        )}
      </span>
    </span>
  )
}

/**
 * Whether a hit's snippet is the inbox's name itself (the node quotes what matched, spaces run together):
 * the name, shown marked above, is not said again where the last message goes; that message is shown.
 */
const isNameHit = (snippet: string, name: string) => snippet === name.replace(/\s+/g, ' ').trim()

/** Pieces of a text, the words found marked. */
function Marked({ pieces }: { pieces: readonly Piece[] }) {
  return <>{pieces.map((p, i) => (p.match ? <mark key={i}>{p.text}</mark> : <span key={i}>{p.text}</span>))}</>
}

/**
 * The relative time, with the absolute one as its hover title. The title is made on first hover:
 * the first full date-and-time format of a page costs ~1 ms a row (Intl builds its pattern), which
 * on the first screen was the largest part of drawing the rows.
 */
function When({ iso, now }: { iso: string; now: number }) {
  const [hovered, setHovered] = useState(false)
  return (
    <span className={classes.when} title={hovered ? absoluteTime(iso) : undefined} onMouseEnter={() => setHovered(true)}>
      <time dateTime={iso}>{relativeTime(iso, now)}</time>
    </span>
  )
}

/**
 * One inbox in the list: name, markers, provider, last-message preview (or search snippet) and when; select box and menu.
 * Plain elements styled by the module's classes (Mantine's theme variables), not Group/Text/Checkbox/Badge: a
 * screen of rows is rendered on every scroll step and on the first paint, where each Mantine component costs
 * its own style work.
 */
export const InboxRow = memo(function InboxRow({
  row,
  providerName,
  now,
  snippet,
  selected,
  tabStop = true,
  onSelect,
  actions,
  onDeleteKey,
  search
}: RowProps) {
  const previewState = row.preview === null ? 'empty' : row.previewIsError ? 'error' : row.previewIsStopped ? 'stopped' : undefined
  // Pinned and Hidden as the operator just asked (as the row's menu says them), not only once the node's event comes.
  const { isHidden, isPinned } = useShownFlags(row)
  // null until first wanted: the menu's code is loaded then. `from`: what gets the focus back when it closes.
  const [menu, setMenu] = useState<MenuState | null>(null)
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === ' ' && onSelect && !e.altKey && !e.ctrlKey && !e.metaKey) {
      // Space selects the row, Shift+Space the rows from the one selected before (as Shift-click does).
      e.preventDefault()
      onSelect(row, e)
    } else if (plainKey(e, 'F2') && actions) {
      // As in the Files page and a file manager: F2 renames, Delete deletes (asking first).
      e.preventDefault()
      actions.rename(row)
    } else if (plainKey(e, 'Delete') && actions) {
      e.preventDefault()
      if (onDeleteKey) onDeleteKey(row)
      else actions.remove([row])
    } else if (opensMenu(e) && actions) {
      e.preventDefault()
      // The menu is made open during this keydown: Mantine's Menu, whose listener for keys outside it
      // is added then, would see the same keydown reach the document and close the menu at once.
      e.stopPropagation()
      openMenuFromRow(setMenu)
    }
  }
  return (
    <div className={classes.line} data-selected={selected || undefined}>
      {onSelect && (
        <input
          type="checkbox"
          className={classes.check}
          aria-label={`Select ${row.name}`}
          tabIndex={-1}
          checked={!!selected}
          onChange={() => {}}
          onClick={(e) => onSelect(row, e)}
        />
      )}
      <a
        href={hrefOf(conversationRoute(row.inboxId, search ?? null))}
        className={classes.row}
        data-testid="inbox-row"
        tabIndex={tabStop ? 0 : -1}
        onKeyDown={onKeyDown}
        onClick={(e) => {
          // Shift-click on the row extends the selection, Ctrl-click (⌘ on a Mac) adds the row to it or takes it
          // out, as in a file manager. A browser would open the link in a new window or tab, no place for an inbox.
          const toggles = e.ctrlKey || e.metaKey
          // Alt-click (Option on a Mac) is a browser's "download the link": it saved the page and opened nothing.
          if (e.altKey && !e.shiftKey && !toggles) {
            e.preventDefault()
            navigate(conversationRoute(row.inboxId, search ?? null))
            return
          }
          if (!onSelect || !(e.shiftKey || toggles)) return
          e.preventDefault()
          onSelect(row, { shiftKey: e.shiftKey })
        }}
        // A middle-click followed the link into a new tab, which the desktop app does not have (nothing happened):
        // it opens the conversation here, as a plain click does.
        onAuxClick={(e) => {
          if (e.button !== 1) return
          e.preventDefault()
          navigate(conversationRoute(row.inboxId, search ?? null))
        }}
        aria-keyshortcuts={[onSelect && 'Space Shift+Space', actions && 'F2 Delete Shift+F10'].filter(Boolean).join(' ') || undefined}
      >
        <span className={classes.top}>
          <span className={classes.title}>
            {isPinned && <IconPin size="0.875rem" aria-label="Pinned" role="img" className={classes.icon} />}
            {/* Cut to the row's width: the whole name shows on hovering it. */}
            <span className={classes.name} title={row.name} data-testid="inbox-name">
              {/* A search hit found by its name: the words marked there too, as in the snippet. */}
              {snippet ? <Marked pieces={matchPieces(row.name, searchWords(snippet.query))} /> : row.name}
            </span>
            {selected && <span className="visually-hidden">, selected</span>}
            {isHidden && <HiddenBadge small className={classes.badge} />}
          </span>
          <When iso={row.activity} now={now} />
        </span>
        <span className={classes.bottom}>
          {/* Cut to 40% of the row (a display name may be 100 characters): the whole name shows on hovering it. */}
          <span className={classes.provider} title={providerName ?? row.providerId}>
            {providerName ?? row.providerId}
          </span>
          {/* Not said twice: a provider named after its model ("Team proxy · gpt-4o-mini") already shows it. */}
          {row.model && !nameSaysModel(providerName ?? row.providerId, row.model) && <span className={classes.model}>{row.model}</span>}
          {snippet && !isNameHit(snippet.text, row.name) ? (
            <Snippet {...snippet} />
          ) : (
            <span className={classes.preview} data-state={previewState} data-testid="inbox-preview">
              {row.preview ?? 'No messages yet'}
            </span>
          )}
        </span>
      </a>
      {actions && <RowMenu row={row} actions={actions} menu={menu} setMenu={setMenu} />}
    </div>
  )
})
