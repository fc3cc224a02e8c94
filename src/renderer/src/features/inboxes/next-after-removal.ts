/**
 * Where the window goes when the operator deletes the conversation being read, as a mail app does: to
 * the conversation below it in the list, skipping the others deleted with it; to the one above when
 * none is left below; `null` (the inbox list) when none is left at all, or the open one is not listed.
 * `idAt(i)`: the conversation at place i of the list as read so far (undefined past what is read);
 * `at`: the open conversation's place (-1: not listed). `undefined` when the open conversation is not
 * among those deleted (nothing to move from).
 */
export function nextAfterRemoval(
  idAt: (i: number) => string | undefined,
  open: string,
  at: number,
  removed: ReadonlySet<string>
): string | null | undefined {
  if (!removed.has(open)) return undefined
  if (at < 0) return null
  for (let i = at + 1, id = idAt(i); id !== undefined; id = idAt(++i)) if (!removed.has(id)) return id
  for (let i = at - 1; i >= 0; i--) {
    const id = idAt(i)
    if (id !== undefined && !removed.has(id)) return id
  }
  return null
}
