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
  useEffect(() => {
    const list = window.matchMedia(query)
    let shown = list.matches
    const settle = () => {
      const now = list.matches
      if (now === shown) return
      shown = now
      // Lost: on the body, or still on the control now hidden (Chromium moves it to the body a moment later).
      const at = document.activeElement
      if (at && at !== document.body && at.checkVisibility()) return
      ;(now ? wideNow.current() : narrow.current)?.focus()
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
