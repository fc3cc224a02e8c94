// @vitest-environment happy-dom
import { appendFileSync } from 'node:fs'
import { expect, it } from 'vitest'
import { answer, firstDifference, minimise } from './streaming-fuzz'

/*
 * A property test of the streaming answer: random long Markdown (streaming-fuzz.tsx), drawn in small blocks at every
 * 97th cut and each of the last 50 characters, is drawn as the whole text parsed at once. FUZZ_RUNS and FUZZ_SEED run
 * more of them (a failure is minimised and printed, and with FUZZ_LOG each input written to that file).
 */

const runs = Number(process.env.FUZZ_RUNS ?? 2)
const first = Number(process.env.FUZZ_SEED ?? 1)
// The default run (2 answers, a few seconds) is bounded like any test, so that a parse gone slow fails in a minute
// instead of holding the suite; a long FUZZ_RUNS search has no bound to speak of.
const timeout = process.env.FUZZ_RUNS === undefined ? 60_000 : 600_000_000

it(`${runs} random long answers are drawn in blocks, at every cut, as parsed whole`, { timeout }, () => {
  const failures: string[] = []
  for (let seed = first; seed < first + runs; seed++) {
    const size = [150, 300, 600][seed % 3]!
    const text = answer(seed, size * (3 + (seed % 4))).slice(0, size * 8)
    const end = firstDifference(text, size, 97, 50)
    if (process.env.FUZZ_LOG) appendFileSync(process.env.FUZZ_LOG, `seed ${seed} size ${size} length ${text.length} ${end ?? 'ok'}\n`)
    if (end === undefined) continue
    if (process.env.FUZZ_RUNS === undefined) failures.push(`seed ${seed} at ${end}`)
    else {
      const small = minimise(text.slice(0, end), size)
      const found = `seed ${seed} (size ${size}) at ${end}; minimised:\n${JSON.stringify(small)}`
      console.log(found)
      if (process.env.FUZZ_LOG) appendFileSync(process.env.FUZZ_LOG, found + '\n')
      failures.push(`seed ${seed}`)
    }
  }
  expect(failures).toEqual([])
})
