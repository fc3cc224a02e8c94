import { useEffect, useRef, type RefObject } from 'react'
import { highlightPieces } from '../../../app/highlight'

/*
 * The words a find in the conversation found, marked where the messages are drawn: in the text the
 * reader sees (the rendered Markdown's text nodes, not its source), with the CSS Custom Highlight API,
 * so nothing is added to the rows React draws. The current match's words are marked apart from the others
 * (app.css styles both). Marked again as rows are drawn, scrolled in, or grow ("Show all").
 */

/** The highlights' names, styled in app.css as ::highlight(name). */
export const FOUND_MARK = 'find-match'
export const CURRENT_MARK = 'find-current'

/** The element holding a message's shown text, its hash as `data-found-text`. */
export const FOUND_TEXT_ATTRIBUTE = 'data-found-text'

/**
 * Of an answer's drawing, what is not its text (a code block's language and Copy button, "Show all"): the find
 * neither counts (spoken-text.ts) nor marks its words.
 */
export const NOT_FOUND_ATTRIBUTE = 'data-not-found'

/** Elements that stand apart from the words before them on screen: a table's cells were marked as one word ("h1h2"). */
const BLOCK_TAGS = new Set('P DIV LI TD TH TR TABLE THEAD TBODY H1 H2 H3 H4 H5 H6 PRE BLOCKQUOTE SECTION OL UL HR BR DL DT DD'.split(' '))

/**
 * Ranges over the text nodes under `root` where `words` are marked, as the inbox list marks them (highlightPieces):
 * the text of one block after another's, as the screen shows them, apart; none in what is not the answer's text
 * (NOT_FOUND_ATTRIBUTE).
 */
export function foundRanges(root: Node, words: readonly string[]): Range[] {
  const nodes: Text[] = []
  const starts: number[] = []
  let text = ''
  const walker = root.ownerDocument!.createTreeWalker(root, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT, (n) =>
    n.nodeType === Node.ELEMENT_NODE && (n as Element).hasAttribute(NOT_FOUND_ATTRIBUTE)
      ? NodeFilter.FILTER_REJECT
      : NodeFilter.FILTER_ACCEPT
  )
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (n.nodeType === Node.ELEMENT_NODE) {
      // A line between blocks, in the text matched only: it is no node's.
      if (BLOCK_TAGS.has((n as Element).tagName) && text !== '' && !text.endsWith('\n')) text += '\n'
      continue
    }
    nodes.push(n as Text)
    starts.push(text.length)
    text += (n as Text).data
  }
  const ranges: Range[] = []
  let at = 0
  let node = 0
  /** The text node holding the character at `offset` (or the end of the one it ends), from the last one found on. */
  const place = (offset: number, isEnd: boolean): [Text, number] => {
    while (node + 1 < nodes.length && (isEnd ? starts[node + 1]! < offset : starts[node + 1]! <= offset)) node++
    return [nodes[node]!, offset - starts[node]!]
  }
  for (const piece of highlightPieces(text, words)) {
    if (piece.match) {
      const range = root.ownerDocument!.createRange()
      range.setStart(...place(at, false))
      range.setEnd(...place(at + piece.text.length, true))
      ranges.push(range)
    }
    at += piece.text.length
  }
  return ranges
}

/** Scrolls `list` so that `range` is in its middle, when it is not in view already. */
function bringIntoView(list: HTMLElement, range: Range): void {
  const word = range.getBoundingClientRect()
  const view = list.getBoundingClientRect()
  if (word.top >= view.top && word.bottom <= view.bottom) return
  list.scrollTop += word.top - view.top - (view.height - word.height) / 2
}

const supported = () => typeof CSS !== 'undefined' && 'highlights' in CSS && typeof Highlight !== 'undefined'

function clear(): void {
  CSS.highlights.delete(FOUND_MARK)
  CSS.highlights.delete(CURRENT_MARK)
}

/** Marks `words` in the drawn messages of `list` that are `found`, those of `current` apart; unmarks when the find closes. */
export function useFoundMarks(
  list: RefObject<HTMLElement | null>,
  words: readonly string[],
  found: ReadonlySet<string>,
  current: string | undefined
): void {
  /** The match (and words) whose first word was last brought into view: once each, the reader may scroll away. */
  const wordShown = useRef('')
  useEffect(() => {
    const root = list.current
    if (!supported() || !root || words.length === 0) return
    const paint = () => {
      const others: Range[] = []
      const mine: Range[] = []
      for (const el of root.querySelectorAll<HTMLElement>(`[${FOUND_TEXT_ATTRIBUTE}]`)) {
        const hash = el.getAttribute(FOUND_TEXT_ATTRIBUTE)!
        if (found.has(hash)) (hash === current ? mine : others).push(...foundRanges(el, words))
      }
      CSS.highlights.set(FOUND_MARK, new Highlight(...others))
      CSS.highlights.set(CURRENT_MARK, new Highlight(...mine))
      // The current match's first word, once drawn, in view: in a long message (one "Show all" opened for it) the row is
      // taller than the list, and its middle, where the row was scrolled to, may be far from the word.
      const shown = `${current}\n${words.join(' ')}`
      if (current !== undefined && mine.length > 0 && wordShown.current !== shown) {
        wordShown.current = shown
        bringIntoView(root, mine[0]!)
      }
    }
    let frame = 0
    const later = () => {
      if (frame === 0) frame = requestAnimationFrame(() => ((frame = 0), paint()))
    }
    paint()
    const watcher = new MutationObserver(later)
    watcher.observe(root, { childList: true, subtree: true, characterData: true })
    return () => {
      watcher.disconnect()
      cancelAnimationFrame(frame)
      clear()
    }
  }, [list, words, found, current])
}
