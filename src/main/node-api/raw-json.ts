const OPEN = Buffer.from('[')
const COMMA = Buffer.from(',')
const CLOSE = Buffer.from(']')

/**
 * A response body that is already JSON (text or UTF-8 bytes), typed by what it encodes. Hot
 * paths (all_inboxes, get_job_scope) splice stored JSON instead of parsing and re-serialising it.
 */
export class RawJson<T = unknown> {
  declare readonly __type?: T
  constructor(readonly json: string | Buffer) {}

  /** A JSON array of elements that are each JSON already. */
  static array<T>(elements: readonly (string | Buffer)[]): RawJson<T[]> {
    const parts: Buffer[] = [OPEN]
    for (let i = 0; i < elements.length; i++) {
      if (i > 0) parts.push(COMMA)
      const e = elements[i]!
      parts.push(typeof e === 'string' ? Buffer.from(e) : e)
    }
    parts.push(CLOSE)
    return new RawJson(Buffer.concat(parts))
  }

  bytes(): Buffer {
    return typeof this.json === 'string' ? Buffer.from(this.json) : this.json
  }
}

/**
 * A response body written in pieces as it is read (each piece UTF-8 JSON bytes, together one JSON
 * value), so a large answer never sits in memory whole. `open` starts reading; the transport pulls
 * the next piece only once the previous one has gone out, and returns the iterator early when the
 * client goes away (which lets the producer release what it holds).
 */
export class JsonStream<T = unknown> {
  declare readonly __type?: T
  constructor(readonly open: () => Iterator<Buffer>) {}

  /** The whole body at once: for transports that hand over one value (IPC) and in-process callers. */
  collect(): Buffer {
    const parts: Buffer[] = []
    const it = this.open()
    for (let r = it.next(); !r.done; r = it.next()) parts.push(r.value)
    return Buffer.concat(parts)
  }
}

/** Pieces at least this large are freed as soon as they are sent; smaller ones the next GC frees soon enough. */
const FREE_WHEN_SENT_BYTES = 1024 * 1024

/** Pieces read for one answer alone, which nothing else holds (see `sentOnce`). */
const sentOnlyOnce = new WeakSet<Buffer>()

/**
 * Marks a piece read for this answer alone (a scope of megabytes fresh from SQLite) so that the
 * transport frees its memory once the socket has it. Left to the garbage collector, such buffers
 * outlive their use by several pieces: all_inboxes of 200 scopes of 13 MB held about a dozen of
 * them at once (the server near 300 MB; freed when sent, it stays under 100 MB). Only a buffer
 * that owns all its memory is marked: a view into shared memory is left to the collector.
 */
export function sentOnce(piece: Buffer): Buffer {
  if (piece.length >= FREE_WHEN_SENT_BYTES && piece.byteOffset === 0 && piece.byteLength === piece.buffer.byteLength) {
    sentOnlyOnce.add(piece)
  }
  return piece
}

/** Frees the memory of a piece marked by `sentOnce` (it reads as empty afterwards); leaves any other piece alone. */
export function freeSent(piece: Buffer): void {
  if (sentOnlyOnce.delete(piece)) (piece.buffer as ArrayBuffer).transfer(0)
}

/** Joins pieces into writes of about `size` bytes (fewer, larger socket writes). */
export function* batched(pieces: Iterable<Buffer>, size = 64 * 1024): Generator<Buffer> {
  let held: Buffer[] = []
  let bytes = 0
  for (const p of pieces) {
    if (p.length >= size) {
      // A large piece (a scope of megabytes) goes out as it is: joining it would copy it.
      if (held.length) yield held.length === 1 ? held[0]! : Buffer.concat(held)
      held = []
      bytes = 0
      yield p
      continue
    }
    held.push(p)
    bytes += p.length
    if (bytes >= size) {
      yield held.length === 1 ? held[0]! : Buffer.concat(held)
      held = []
      bytes = 0
    }
  }
  if (held.length) yield Buffer.concat(held)
}
