import { em, useMantineTheme } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { useEffect, useRef, type RefObject } from 'react'

/**
 * A window made narrower or wider across a breakpoint swaps controls: at `lg` the conversation list
 * beside the conversation and its toggle, or the button that opens it in a drawer; at `xl` the job's
 * details beside it, or the Details button that opens them in a drawer. One focused there is hidden,
 * and Chromium puts the focus on the page's body, where Tab starts again from the top. The focus lost
 * so goes to the control standing in for it in the new layout.
 */
export function useFocusAcrossBreakpoint(
  breakpoint: 'lg' | 'xl',
  wide: () => HTMLElement | null | undefined,
  narrow: RefObject<HTMLElement | null>
): void {
  const theme = useMantineTheme()
  const isWide = useMediaQuery(`(min-width: ${em(theme.breakpoints[breakpoint])})`, undefined, { getInitialValueInEffect: false })
  const before = useRef(isWide)
  useEffect(() => {
    if (before.current === isWide) return
    before.current = isWide
    // Lost: on the body, or still on the hidden control (Chromium moves it to the body a frame later).
    const at = document.activeElement
    if (at && at !== document.body && at.checkVisibility()) return
    ;(isWide ? wide() : narrow.current)?.focus()
  }, [isWide, wide, narrow])
}
