import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { invalidJsonMessage } from '../../src/main/transports/json-syntax'
import { jsonSyntaxErrorAt, lineAndColumn } from '../../src/shared/json-syntax'

/** The place V8 names, for the mistakes where it names one ("... at position 5 (line 1 column 6)"). */
function v8Position(text: string): number | undefined {
  try {
    JSON.parse(text)
    return undefined
  } catch (err) {
    const m = /at position (\d+)/.exec((err as Error).message)
    return m ? Number(m[1]) : -1
  }
}

describe('where a request body stops being JSON', () => {
  it('finds the place of each kind of mistake', () => {
    expect(jsonSyntaxErrorAt('{"id": }')).toBe(7)
    expect(jsonSyntaxErrorAt('{"id": ')).toBe(7)
    expect(jsonSyntaxErrorAt('{"a":1,}')).toBe(7)
    expect(jsonSyntaxErrorAt('[1,]')).toBe(3)
    expect(jsonSyntaxErrorAt('{"a" 1}')).toBe(5)
    expect(jsonSyntaxErrorAt('{"a":tru}')).toBe(8)
    expect(jsonSyntaxErrorAt("{'a':1}")).toBe(1)
    expect(jsonSyntaxErrorAt('{"a":01}')).toBe(6)
    expect(jsonSyntaxErrorAt('{"a":"\\x"}')).toBe(7)
    expect(jsonSyntaxErrorAt('{"a":1} x')).toBe(8)
    expect(jsonSyntaxErrorAt('[[[[')).toBe(4)
    expect(jsonSyntaxErrorAt('{"a":[1,{"b":null}],"c":"d"}')).toBeUndefined()
  })

  it('agrees with V8 wherever V8 names a place, and finds one wherever V8 refuses', () => {
    fc.assert(
      fc.property(fc.json(), fc.nat(), fc.string({ maxLength: 2 }), (json, cut, junk) => {
        const at = cut % (json.length + 1)
        const text = json.slice(0, at) + junk + json.slice(at + 1)
        const v8 = v8Position(text)
        const ours = jsonSyntaxErrorAt(text)
        if (v8 === undefined) expect(ours).toBeUndefined()
        else if (v8 >= 0) expect(ours).toBe(v8)
        else expect(ours).toBeDefined()
      }),
      { numRuns: 2000 }
    )
  })

  it('a million open brackets are scanned without a stack overflow', () => {
    expect(jsonSyntaxErrorAt('['.repeat(1_000_000))).toBe(1_000_000)
  })

  it('counts lines and characters, an emoji being one', () => {
    expect(lineAndColumn('{\n  "😀": }', 10)).toEqual({ line: 2, column: 8 })
    expect(invalidJsonMessage('{\n  "😀": }')).toBe('body: the request body is not valid JSON (at line 2, column 8).')
    expect(invalidJsonMessage('{"id": 1')).toBe(
      'body: the request body is not valid JSON: it ends before the JSON is complete (at line 1, column 9).'
    )
  })
})
