import { focusWhenLost } from '../../app/focus-when-lost'
import { hrefOf, navigate } from '../../app/router'

/**
 * After the open conversation is deleted and none is left to show, the inbox list opens and the focus
 * goes to its rows (the one Tab stop), or to the empty list's button ("Create a job", "Show hidden
 * inboxes") when none is shown. It was left on <body>: the closing dialog handed the focus back to the
 * menu it was asked from (its item, or its button in the conversation about to go), and the list, drawn
 * at first from what it had read before, put it on the deleted conversation's row, which then went.
 * Focus on what is still drawn of the conversation (`leaving`), or on that row, is focus on its way out, waited past.
 */
export function showListAfterRemoval(inboxId: string, leaving: (el: Element) => boolean) {
  navigate({ name: 'inboxes' })
  const goneHref = hrefOf({ name: 'inbox', inboxId })
  const isGoneRow = (el: Element) => el.closest('[data-testid="inbox-row"]')?.getAttribute('href') === goneHref
  focusWhenLost(
    () => {
      const rows = [...document.querySelectorAll<HTMLElement>('[data-testid="inbox-row"]')].filter((r) => !isGoneRow(r))
      return (
        rows.find((r) => r.tabIndex === 0) ??
        rows[0] ??
        document.querySelector<HTMLElement>('[data-empty-list] a, [data-empty-list] button')
      )
    },
    (el) => leaving(el) || isGoneRow(el)
  )
}
