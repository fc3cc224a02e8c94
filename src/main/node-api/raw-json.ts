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
