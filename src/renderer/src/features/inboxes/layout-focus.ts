import { em, useMantineTheme } from '@mantine/core'
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react'

/**
 * A window made narrower or wider across a breakpoint swaps controls: at `lg` the conversation list
 * beside the conversation and its toggle, or the button that opens it in a drawer; at `xl` the job's
 * details beside it, or the Details button that opens them in a drawer. One focused there is hidden,
 * and Chromium puts the focus on the page's body, where Tab starts again from the top. The focus lost
 * so goes to the control standing in for it in the new layout.
 *
 * It moves as soon as the width has crossed the breakpoint: at the media query's change, or at the
 * focus's loss if Chromium drops it first (before the window is drawn again), not once React has drawn
 * the new width. On a loaded machine the focus was on the body by then, and a conversation just opened,
 * whose title takes a lost focus for a moment (InlineName), took it first.
 *
 * The control standing in may not be drawn yet: the window narrowed while a conversation just opened
 * was still being read (its view is the list and a loader then, without the Conversations button). The
 * focus lost so is owed to it, and it takes it as it is drawn, if the focus is still lost then: in the
 * effects of the first render of the component using this after it is (ConversationList renders with
 * the view that draws the button). An effect, not a layout effect: the button's ref is set after the
 * list's layout effects (it comes later in the page). The list comes before the conversation in the
 * view, and its effects run before those of the conversation's title, which takes a lost focus too
 * (InlineName): the title took it, and the focus was left beside the button the operator had been at.
 */
export function useFocusAcrossBreakpoint(
  breakpoint: 'lg' | 'xl',
  wide: () => HTMLElement | null | undefined,
  narrow: RefObject<HTMLElement | null>
): void {
  const theme = useMantineTheme()
  const query = `(min-width: ${em(theme.breakpoints[breakpoint])})`
  const wideNow = useRef(wide)
  useLayoutEffect(() => {
    wideNow.current = wide
  }, [wide])
  // The layout (wide or narrow) whose control is owed a focus lost as the window crossed the breakpoint.
  const owed = useRef<boolean | null>(null)
  useEffect(() => {
    if (owed.current === null) return
    if (!focusLost(document.activeElement)) return void (owed.current = null)
    const to = owed.current ? wideNow.current() : narrow.current
    if (!to?.checkVisibility()) return
    owed.current = null
    to.focus()
  })
  useEffect(() => {
    const list = window.matchMedia(query)
    let shown = list.matches
    const settle = () => {
      const now = list.matches
      if (now === shown) return
      shown = now
      owed.current = null
      if (!focusLost(document.activeElement)) return
      const to = now ? wideNow.current() : narrow.current
      // Not drawn yet (the conversation still being read): it takes the focus once it is.
      if (!to?.checkVisibility()) return void (owed.current = now)
      to.focus()
    }
    // Once the loss is done (the focus on the body), before any timer can take it.
    const lost = (e: FocusEvent) => {
      if (e.relatedTarget === null) queueMicrotask(settle)
    }
    list.addEventListener('change', settle)
    document.addEventListener('focusout', lost, true)
    return () => {
      list.removeEventListener('change', settle)
      document.removeEventListener('focusout', lost, true)
    }
  }, [query, narrow])
}

/** Lost: on the body, or still on a control now hidden (Chromium moves it to the body a moment later), or gone. */
const focusLost = (at: Element | null) => !at || at === document.body || !at.checkVisibility()
