/*
 * A read-only map whose patched copies share one Map: patching costs what the patch holds, not what the
 * map holds. At 100,000 selected inboxes each batch of the node's events (every 50 ms during a delete)
 * copied the whole selection to take a few of them out.
 *
 * The newest version holds the Map; an older one holds the way back from the version after it (the
 * values its patch replaced). An older version read again (a stale closure, a state updater run twice)
 * takes the Map back, undoing the patches after it, which the newer ones then hold: each version reads
 * as it was made, whichever is read.
 */
export class PatchedMap<K, V> implements ReadonlyMap<K, V> {
  /** The shared Map, while this version holds it. */
  private map: Map<K, V> | null
  /** Else: the version the Map went on to, and what to put back to make it this one (`undefined`: absent). */
  private toward: PatchedMap<K, V> | null = null
  private back: Map<K, V | undefined> | null = null

  private constructor(map: Map<K, V>) {
    this.map = map
  }

  /** A copy of `entries`, to patch. */
  static of<K, V>(entries: Iterable<readonly [K, V]>): PatchedMap<K, V> {
    return new PatchedMap(new Map(entries))
  }

  /** The map with `patch` applied (`undefined`: the key removed). This version stays as it was. */
  patched(patch: ReadonlyMap<K, V | undefined>): PatchedMap<K, V> {
    const map = this.own()
    const back = new Map<K, V | undefined>()
    for (const [key, value] of patch) {
      if (!back.has(key)) back.set(key, map.get(key))
      if (value === undefined) map.delete(key)
      else map.set(key, value)
    }
    const next = new PatchedMap(map)
    this.map = null
    this.toward = next
    this.back = back
    return next
  }

  /** The shared Map as this version has it: taken back from the versions after it when another holds it. */
  private own(): Map<K, V> {
    if (this.map) return this.map
    const path: PatchedMap<K, V>[] = [this]
    let holder = this.toward!
    while (!holder.map) {
      path.push(holder)
      holder = holder.toward!
    }
    for (let i = path.length - 1; i >= 0; i--) {
      const older = path[i]!
      const map = holder.map!
      const forward = new Map<K, V | undefined>()
      for (const [key, value] of older.back!) {
        forward.set(key, map.get(key))
        if (value === undefined) map.delete(key)
        else map.set(key, value)
      }
      holder.map = null
      holder.toward = older
      holder.back = forward
      older.map = map
      older.toward = null
      older.back = null
      holder = older
    }
    return this.map!
  }

  get size(): number {
    return this.own().size
  }
  get(key: K): V | undefined {
    return this.own().get(key)
  }
  has(key: K): boolean {
    return this.own().has(key)
  }
  forEach(fn: (value: V, key: K, map: ReadonlyMap<K, V>) => void, thisArg?: unknown): void {
    for (const [key, value] of this.own()) fn.call(thisArg, value, key, this)
  }
  keys(): MapIterator<K> {
    return this.own().keys()
  }
  values(): MapIterator<V> {
    return this.own().values()
  }
  entries(): MapIterator<[K, V]> {
    return this.own().entries()
  }
  [Symbol.iterator](): MapIterator<[K, V]> {
    return this.own()[Symbol.iterator]()
  }
}
