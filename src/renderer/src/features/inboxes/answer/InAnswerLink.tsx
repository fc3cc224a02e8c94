import { Anchor } from '@mantine/core'
import type { MouseEvent, ReactNode } from 'react'

/**
 * A link of an answer to a place in that answer (`#...`): a footnote's number and the note's way back to it, or a
 * model's own `[top](#top)`. Drawn as the other links, it opened the app again in a new window (a browser tab of
 * `npm run serve`, or Electron's "open outside the app"), and followed it would have changed the window's hash,
 * which is the route. It moves to that place in the same answer (every answer has its "fn-1"), and the focus
 * with it; a place the answer does not show (its start only, before "Show all") leaves everything as it is.
 */
export function InAnswerLink({
  href,
  id,
  children,
  'aria-describedby': describedBy
}: {
  href: string
  id?: string
  children: ReactNode
  'aria-describedby'?: string
}) {
  return (
    <Anchor href={href} id={id} aria-describedby={describedBy} inherit onClick={(e) => go(e, href)}>
      {children}
    </Anchor>
  )
}

function go(e: MouseEvent<HTMLAnchorElement>, href: string) {
  e.preventDefault()
  let id: string
  try {
    id = decodeURIComponent(href.slice(1))
  } catch {
    return
  }
  const answer = e.currentTarget.closest('[data-answer-text]')
  const place = answer && [...answer.querySelectorAll<HTMLElement>('[id]')].find((el) => el.id === id || el.id === `user-content-${id}`)
  if (!place) return
  if (place.tabIndex < 0 && !place.hasAttribute('tabindex')) place.tabIndex = -1
  place.scrollIntoView({ block: 'nearest' })
  place.focus({ preventScroll: true })
}
