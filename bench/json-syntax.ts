import { invalidJsonMessage } from '../src/main/transports/json-syntax'

export interface JsonSyntaxFigures {
  readonly mib: number
  /** JSON.parse refusing the bodies, ms (sum over the kinds of body, each the median of `runs`). */
  readonly parseMs: number
  /** Telling where each body stops being JSON (the 400's sentence), ms, measured alike. */
  readonly placeMs: number
}

/**
 * The node reads a body of up to 64 MiB on its one thread: telling where the JSON breaks should not
 * hold it much longer than V8's own refusal of the same body. Bodies whose mistake comes last: a long
 * string, long white space, one line end after another, a long array of numbers. Interleaved runs.
 */
export function benchJsonSyntax(mib = 16, runs = 5): JsonSyntaxFigures {
  const size = mib * 1024 * 1024
  const bodies = [
    `{"content":"${'x'.repeat(size)}"`,
    `{${' '.repeat(size)}}}`,
    `{"a":"x"${'\n'.repeat(size)}}}`,
    `[${'1,'.repeat(size / 2)}`
  ]
  const median = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.floor(ms.length / 2)]!
  let parseMs = 0
  let placeMs = 0
  for (const body of bodies) {
    const parse: number[] = []
    const place: number[] = []
    for (let i = 0; i < runs; i++) {
      let t = performance.now()
      try {
        JSON.parse(body)
      } catch {
        // refused, as every one of them is
      }
      parse.push(performance.now() - t)
      t = performance.now()
      invalidJsonMessage(body)
      place.push(performance.now() - t)
    }
    parseMs += median(parse)
    placeMs += median(place)
  }
  return { mib, parseMs, placeMs }
}
