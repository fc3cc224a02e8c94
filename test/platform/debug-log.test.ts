import { afterEach, describe, expect, it } from 'vitest'
import { debugEvent, disableDebugLog, enableDebugLog } from '../../src/main/platform/debug-log'
import { redactEachSecret } from '../../src/main/runtime/key-redactor'

const KEY = 'sk-proj-unit-DEBUG-5b21c9e0aa'
const at = new Date('2026-03-04T05:06:07.089Z')

function capture() {
  const lines: string[] = []
  enableDebugLog({ redact: redactEachSecret, write: (l) => lines.push(l), now: () => at })
  return lines
}

afterEach(disableDebugLog)

describe('debugEvent', () => {
  it('off: writes nothing (and is not enabled by default)', () => {
    const lines: string[] = []
    debugEvent('an event', new Error('its cause'))
    enableDebugLog({ redact: redactEachSecret, write: (l) => lines.push(l) })
    disableDebugLog()
    debugEvent('an event', new Error('its cause'))
    expect(lines).toEqual([])
  })

  it('on: one line with the time, what happened and the cause chain, however many lines the cause had', () => {
    const lines = capture()
    const err = new Error('Invalid PDF structure.\n    at line 2', { cause: new TypeError('deeper') })
    err.name = 'InvalidPDFException'
    debugEvent('upload refused: file_data: a.pdf could not be read', err)
    expect(lines).toEqual([
      '2026-03-04T05:06:07.089Z debug: upload refused: file_data: a.pdf could not be read: InvalidPDFException: Invalid PDF structure. at line 2 <- TypeError: deeper'
    ])
  })

  it("takes the event's secrets out, whole or a good part of one cut off, and never an error's other fields", () => {
    const lines = capture()
    const err = Object.assign(new Error(`Incorrect API key provided: ${KEY} (also ${KEY.slice(0, 14)}`), {
      requestBodyValues: { messages: [{ content: 'the question asked' }] },
      responseHeaders: { authorization: `Bearer ${KEY}` }
    })
    debugEvent(`provider call failed at http://127.0.0.1/v1?key=${KEY}`, err, [KEY, undefined])
    expect(lines).toHaveLength(1)
    expect(lines[0]).not.toContain(KEY.slice(0, 12))
    expect(lines[0]).toContain('Incorrect API key provided: [redacted] (also [redacted]')
    expect(lines[0]).not.toContain('the question asked')
    expect(lines[0]).not.toContain('Bearer')
  })

  it('a cause that is neither an error nor a string (it may be request data) is left out', () => {
    const lines = capture()
    debugEvent('odd failure', { body: 'private text' })
    expect(lines).toEqual(['2026-03-04T05:06:07.089Z debug: odd failure'])
  })
})
