import { useEffect, useState } from 'react'
import { onMac } from '../../../app/platform'
import { useLatest } from '../../../app/use-latest'

/*
 * Which Ctrl+F (⌘F) is the find in the conversation's (FindBar): not one typed in a dialog or menu
 * over the conversation, which keeps its keys, but one typed in a narrow window's drawer over it
 * (Conversations, Job details), which closes for the find to open on the conversation under it. Without it the
 * browser's own find opened there (it sees only the rows drawn), and in Electron, which has none,
 * Ctrl+F did nothing.
 */

/** Ctrl+F (⌘F on macOS), without Shift or Alt: the find in the conversation. */
export const isFindKey = (e: KeyboardEvent): boolean =>
  !e.isComposing && !e.altKey && !e.shiftKey && (onMac() ? e.metaKey : e.ctrlKey) && e.key.toLowerCase() === 'f'

/** Marks an element inside a drawer that a Ctrl+F typed in closes (useClosedByFind), the find opening on the conversation. */
export const CLOSED_BY_FIND = 'data-closed-by-find'

/**
 * Whether a Ctrl+F typed at `target` is for the find in the conversation: not in a dialog or menu over
 * it (the find would open behind it), unless that is a drawer the find closes (CLOSED_BY_FIND).
 */
export function findIsFor(target: EventTarget | null): boolean {
  const over = target instanceof Element ? target.closest('[role="dialog"], [role="menu"]') : null
  return over === null || (over.getAttribute('role') === 'dialog' && over.querySelector(`[${CLOSED_BY_FIND}]`) !== null)
}

/**
 * While `opened`, a Ctrl+F for the find (findIsFor) closes the drawer (`close`), which marks its content
 * CLOSED_BY_FIND. Gives whether the drawer is to give the focus back as it closes (Mantine's returnFocus):
 * not when the find closed it, the focus being in the find's box by then (it went to the drawer's button).
 */
export function useClosedByFind(opened: boolean, close: () => void): boolean {
  const [byFind, setByFind] = useState(false)
  if (opened && byFind) setByFind(false)
  const latest = useLatest(close)
  useEffect(() => {
    if (!opened) return
    const onKey = (e: KeyboardEvent) => {
      if (!isFindKey(e) || !findIsFor(e.target)) return
      setByFind(true)
      latest.current()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [opened, latest])
  return !byFind
}
