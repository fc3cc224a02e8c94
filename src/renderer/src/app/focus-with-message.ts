/**
 * Focuses a field that cannot be saved as it is, and brings what is said of it (the messages its
 * aria-describedby names: its error, under it) into view with it. Focus scrolls the field alone into
 * view: in a short window the sentence under it, saying why, stayed below the fold. Read once the
 * message is drawn (the next frame), as a message set with the focus is not drawn yet.
 */
export function focusWithMessage(field: HTMLElement | null): void {
  if (!field) return
  field.focus()
  requestAnimationFrame(() => {
    for (const id of (field.getAttribute('aria-describedby') ?? '').split(/\s+/)) {
      if (id) document.getElementById(id)?.scrollIntoView({ block: 'nearest' })
    }
  })
}
