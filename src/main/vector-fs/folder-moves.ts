/**
 * The folder moves (renames included) and removals of the last minutes, so that an upload finds
 * the folder its sender named, wherever that folder is now.
 *
 * An upload names its folder by path, and over HTTP that path is acted on only once every byte of
 * the file has arrived, minutes later for a large file: a folder renamed or moved meanwhile made
 * the upload fail with 404 after it was sent whole. Replaying the changes made since the request
 * began turns the path it named into the folder's path now (or says the folder was removed).
 *
 * Times are `performance.now()` of this process, as the transport notes when a request began.
 */
export interface FolderChange {
  readonly at: number
  /** The folder's segments before the change. */
  readonly from: readonly string[]
  /** Its segments after, or null: removed (with everything under it). */
  readonly to: readonly string[] | null
}

export type FollowedFolder = { readonly kind: 'here'; readonly segments: readonly string[] } | { readonly kind: 'removed' }

/** An upload's body takes at most the HTTP request time-out (5 minutes) to arrive; kept longer than that. */
export const KEEP_CHANGES_MS = 15 * 60_000
/** Changes kept at most, whatever their age (a script moving thousands of folders holds no more memory than this). */
export const MAX_CHANGES = 10_000

/**
 * Whether `segments` is `prefix` or under it, a name in either Unicode form (NFC, NFD) being the same
 * name, as the tree resolves it: an upload naming "Café" composed was not followed when the folder,
 * stored decomposed, was renamed by its stored spelling, and failed with "no folder".
 */
export const pathStartsWith = (segments: readonly string[], prefix: readonly string[]) =>
  prefix.length <= segments.length && prefix.every((s, i) => segments[i] === s || segments[i]!.normalize('NFC') === s.normalize('NFC'))

export function folderMoves(now: () => number = () => performance.now()) {
  const changes: FolderChange[] = []
  const prune = () => {
    const oldest = now() - KEEP_CHANGES_MS
    let drop = 0
    while (drop < changes.length && (changes[drop]!.at < oldest || changes.length - drop > MAX_CHANGES)) drop++
    if (drop > 0) changes.splice(0, drop)
  }
  return {
    /** Notes that the folder at `from` is now at `to` (null: removed). */
    record(from: readonly string[], to: readonly string[] | null) {
      changes.push({ at: now(), from: [...from], to: to && [...to] })
      prune()
    },
    /** Where the folder that `segments` named at `since` is now, or that it was removed since. */
    follow(segments: readonly string[], since: number): FollowedFolder {
      let path = segments
      for (const c of changes) {
        if (c.at < since || !pathStartsWith(path, c.from)) continue
        if (c.to === null) return { kind: 'removed' }
        path = [...c.to, ...path.slice(c.from.length)]
      }
      return { kind: 'here', segments: path }
    }
  }
}
