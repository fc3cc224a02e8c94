import { Anchor } from '@mantine/core'
import { createContext, useContext, useEffect, useRef, type ComponentPropsWithoutRef, type MouseEvent, type ReactNode } from 'react'
import { DEFAULT_ID_PREFIX, useAnswerIdPrefix } from './answer-ids'

/**
 * Of a long answer showing its start ("Show all"): shows the whole answer, as "Show all" does, and then goes to the
 * place `id` in it (the note of a footnote's number in the start). Undefined where the whole answer is shown.
 */
export const ShowRestContext = createContext<((id: string) => void) | undefined>(undefined)

/** The place a link in a long answer's start went to, once the whole answer is drawn (ShowRestContext); `done` once there. */
export const GoingToContext = createContext<{ readonly id: string; readonly done: () => void } | undefined>(undefined)

/**
 * A link of an answer to a place in that answer (`#...`): a footnote's number and the note's way back to it, or a
 * model's own `[top](#top)`. Drawn as the other links, it opened the app again in a new window (a browser tab of
 * `npm run serve`, or Electron's "open outside the app"), and followed it would have changed the window's hash,
 * which is the route. It moves to that place in the same answer, and the focus with it. The answer's places are its
 * footnotes' (answer-ids.ts): a number's link names its note's id, which starts with the answer's prefix; a model's
 * link names a note as remark-rehype's default ids do ("#fn-1", "#user-content-fn-1"), or a place no answer has
 * ("#top": Markdown drawn here has no other ids). A place in the part of a long answer not shown (its notes, past the start shown before "Show all") is
 * shown, the whole answer with it, and then gone to (FootnotesSection); any other place it lacks leaves all as it is.
 */
export function InAnswerLink({
  href,
  id,
  children,
  'aria-describedby': describedBy,
  'aria-label': label
}: {
  href: string
  id?: string
  children: ReactNode
  'aria-describedby'?: string
  'aria-label'?: string
}) {
  const showRest = useContext(ShowRestContext)
  const prefix = useAnswerIdPrefix()
  return (
    <Anchor href={href} id={id} aria-describedby={describedBy} aria-label={label} inherit onClick={(e) => go(e, href, prefix, showRest)}>
      {children}
    </Anchor>
  )
}

function go(e: MouseEvent<HTMLAnchorElement>, href: string, prefix: string, showRest: ((id: string) => void) | undefined) {
  e.preventDefault()
  let id: string
  try {
    id = decodeURIComponent(href.slice(1))
  } catch {
    return
  }
  const answer = e.currentTarget.closest('[data-answer-text]')
  const place = answer && placeIn(answer, ownId(id, prefix))
  if (place) moveTo(place)
  // Notes are drawn at the whole answer's end only: a note's number is the link a start lacks the place of.
  else if (answer && showRest && e.currentTarget.closest('sup')) showRest(ownId(id, prefix))
}

/**
 * The id of the place `id` of the answer whose ids start with `prefix`: its own, or one of remark-rehype's default
 * ("fn-1", "user-content-fn-1") with the answer's prefix.
 */
function ownId(id: string, prefix: string): string {
  if (id.startsWith(prefix)) return id
  return prefix + (id.startsWith(DEFAULT_ID_PREFIX) ? id.slice(DEFAULT_ID_PREFIX.length) : id)
}

/** The element of `root` with the id `id`. */
const placeIn = (root: Element, id: string) => [...root.querySelectorAll<HTMLElement>('[id]')].find((el) => el.id === id)

function moveTo(place: HTMLElement) {
  if (place.tabIndex < 0 && !place.hasAttribute('tabindex')) place.tabIndex = -1
  place.scrollIntoView({ block: 'nearest' })
  place.focus({ preventScroll: true })
}

/**
 * The section of an answer's footnotes; when a footnote's number in the answer's start was clicked (GoingToContext),
 * once the whole answer is drawn, the note goes to, with the focus.
 */
export function FootnotesSection(props: ComponentPropsWithoutRef<'section'>) {
  const going = useContext(GoingToContext)
  const section = useRef<HTMLElement>(null)
  useEffect(() => {
    if (going === undefined || !section.current) return
    const place = placeIn(section.current, going.id)
    if (place) moveTo(place)
    going.done()
  }, [going])
  return <section ref={section} {...props} />
}
