import { useId, useRef, useState, type FocusEvent, type KeyboardEvent, type MouseEvent } from 'react'

interface Options {
  readonly count: number
  /** The step shown. */
  readonly selected: number
  /** Whether the step can be gone to from its tab (the step shown need not be). */
  readonly visitable: (index: number) => boolean
  /** A visitable step chosen: clicked, or Enter or Space on its tab. */
  readonly onChoose: (index: number) => void
}

/**
 * The wizard's step tabs as the WAI-ARIA tabs pattern has them: one Tab stop (the step shown, or the
 * tab the arrows last moved to while the focus is among them), Left/Right moving between the tabs
 * (round from the last to the first), Home/End to the first and last; Enter or Space goes to the
 * step focused (manual activation: going to a step checks the ones before it, which an arrow key must
 * not set off). Each of the five tabs was a Tab stop of its own.
 *
 * Mantine's Stepper gives a step the Tab stop exactly when it is clickable (`allowStepSelect`), so
 * only the Tab stop is "clickable" for it; clicks on every tab are taken here, from the tab list.
 */
export function useStepTabs({ count, selected, visitable, onChoose }: Options) {
  const base = useId()
  const listRef = useRef<HTMLDivElement>(null)
  /** The tab the arrows moved to, while the focus is in the tab list. */
  const [focused, setFocused] = useState<number | null>(null)
  const stop = focused !== null && focused < count ? focused : selected
  const tabId = (index: number) => `${base}-tab-${index}`
  const panelId = `${base}-panel`
  const indexOf = (target: EventTarget | null): number | null => {
    if (!(target instanceof HTMLElement)) return null
    const tab = target.closest<HTMLElement>('[role="tab"][data-step]')
    return tab && listRef.current?.contains(tab) ? Number(tab.dataset.step) : null
  }
  const focusTab = (index: number) => {
    setFocused(index)
    listRef.current?.querySelector<HTMLElement>(`[role="tab"][data-step="${index}"]`)?.focus()
  }
  const listProps = {
    ref: listRef,
    onKeyDown: (e: KeyboardEvent) => {
      const index = indexOf(e.target)
      if (index === null || e.altKey || e.ctrlKey || e.metaKey) return
      const next =
        e.key === 'ArrowRight'
          ? (index + 1) % count
          : e.key === 'ArrowLeft'
            ? (index - 1 + count) % count
            : e.key === 'Home'
              ? 0
              : e.key === 'End'
                ? count - 1
                : null
      if (next === null) return
      e.preventDefault()
      focusTab(next)
    },
    onClick: (e: MouseEvent) => {
      const index = indexOf(e.target)
      if (index !== null && visitable(index)) onChoose(index)
    },
    onFocus: (e: FocusEvent) => {
      const index = indexOf(e.target)
      if (index !== null) setFocused(index)
    },
    onBlur: (e: FocusEvent) => {
      // Leaving the tab list: the Tab stop goes back to the step shown.
      if (!(e.relatedTarget instanceof Node && listRef.current?.contains(e.relatedTarget))) setFocused(null)
    }
  }
  /** What a step (Mantine's Stepper.Step) takes to be a tab. */
  const tabProps = (index: number) => ({
    id: tabId(index),
    role: 'tab',
    'aria-selected': index === selected,
    'aria-controls': panelId,
    'aria-disabled': index !== selected && !visitable(index) ? true : undefined,
    'data-step': index,
    'data-visitable': visitable(index) || undefined,
    allowStepSelect: index === stop
  })
  const panelProps = { id: panelId, role: 'tabpanel', 'aria-labelledby': tabId(selected) }
  return { listProps, tabProps, panelProps }
}
