import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { runAnswerCall } from '../../src/main/runtime/answer-call'
import { CLAUDE_SDK_TYPES } from '../../src/main/runtime/claude-known-events'
import { testProvider } from '../../src/main/runtime/provider-gateway'
import { streamedCall } from '../support/answer-calls'
import { anthropicMessageStart } from '../support/fake-llm'
import { useLoopbackServer } from '../support/loopback-server'

/*
 * Anthropic adds event, content-block and delta types to its stream over time and asks clients to
 * ignore those they do not know. The Claude SDK's parser is strict: one event it did not know
 * failed the whole answer as 'not a chat answer' (the text already streamed kept with the note).
 * Such events are now ignored, and the answer is its text.
 */

const sse = (data: unknown, event?: string) => `${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`
const start = (index: number, block: object) => sse({ type: 'content_block_start', index, content_block: block }, 'content_block_start')
const delta = (index: number, d: object) => sse({ type: 'content_block_delta', index, delta: d }, 'content_block_delta')
const stop = (index: number) => sse({ type: 'content_block_stop', index }, 'content_block_stop')
const textBlock = (index: number, ...pieces: string[]) => [
  start(index, { type: 'text', text: '' }),
  ...pieces.map((text) => delta(index, { type: 'text_delta', text })),
  stop(index)
]
const claudeStream = (events: string[]) =>
  [
    sse(anthropicMessageStart('m'), 'message_start'),
    ...events,
    sse({ type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 3 } }, 'message_delta'),
    sse({ type: 'message_stop' }, 'message_stop')
  ].join('')

let body = ''
/** The reply to a request for the whole message (not streamed). */
let message: object = {}
const local = useLoopbackServer((req, res) => {
  let raw = ''
  req.on('data', (c: Buffer) => (raw += c.toString()))
  req.on('end', () => {
    const streamed = (JSON.parse(raw) as { stream?: unknown }).stream === true
    res.writeHead(200, { 'Content-Type': streamed ? 'text/event-stream' : 'application/json' })
    res.end(streamed ? body : JSON.stringify(message))
  })
})

const CASES: [string, string[]][] = [
  [
    'an event of an unknown type',
    [sse({ type: 'message_progress', detail: { step: 1 } }, 'message_progress'), ...textBlock(0, 'Hello', ' there')]
  ],
  [
    'an unknown event between two pieces of text, its data over two lines',
    [
      start(0, { type: 'text', text: '' }),
      delta(0, { type: 'text_delta', text: 'Hello' }),
      'event: heartbeat_v2\ndata: {"type": "heartbeat_v2",\ndata:  "seq": 1}\n\n',
      delta(0, { type: 'text_delta', text: ' there' }),
      stop(0)
    ]
  ],
  [
    'a delta of an unknown type in a text block',
    [
      start(0, { type: 'text', text: '' }),
      delta(0, { type: 'text_delta', text: 'Hello' }),
      delta(0, { type: 'emphasis_delta', level: 2 }),
      delta(0, { type: 'text_delta', text: ' there' }),
      stop(0)
    ]
  ],
  [
    'a content block of an unknown type, with deltas of its own and of a known type',
    [
      start(0, { type: 'memory_lookup', id: 'mem_1', query: { q: 'x' } }),
      delta(0, { type: 'memory_delta', found: 3 }),
      delta(0, { type: 'input_json_delta', partial_json: '{"a":' }),
      stop(0),
      ...textBlock(1, 'Hello', ' there')
    ]
  ],
  [
    'a citation of an unknown kind on the text',
    [
      start(0, { type: 'text', text: '' }),
      delta(0, { type: 'text_delta', text: 'Hello' }),
      delta(0, { type: 'citations_delta', citation: { type: 'video_timestamp_location', cited_text: 'x', at_seconds: 12 } }),
      delta(0, { type: 'text_delta', text: ' there' }),
      stop(0)
    ]
  ],
  [
    'known but rarer events: a server tool call, a signature, a citation, a ping',
    [
      start(0, { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: {} }),
      delta(0, { type: 'input_json_delta', partial_json: '{"query":"x"}' }),
      stop(0),
      sse({ type: 'ping' }, 'ping'),
      start(1, { type: 'text', text: '' }),
      delta(1, { type: 'text_delta', text: 'Hello' }),
      delta(1, {
        type: 'citations_delta',
        citation: {
          type: 'char_location',
          cited_text: 'x',
          document_index: 0,
          document_title: null,
          start_char_index: 0,
          end_char_index: 1
        }
      }),
      delta(1, { type: 'text_delta', text: ' there' }),
      stop(1)
    ]
  ]
]

describe('a Claude stream with types its SDK does not know', () => {
  it.each(CASES)('%s: the answer is the text', async (_what, events) => {
    body = claudeStream(events)
    expect(await streamedCall('Claude', `${local.url}/v1`)).toEqual({ kind: 'done', text: 'Hello there' })
  })

  it('CRLF line ends and comments are read as the SDK reads them', async () => {
    body = claudeStream([': keep-alive\n\n', sse({ type: 'brand_new' }, 'brand_new'), ...textBlock(0, 'Hello', ' there')]).replace(
      /\n/g,
      '\r\n'
    )
    expect(await streamedCall('Claude', `${local.url}/v1`)).toEqual({ kind: 'done', text: 'Hello there' })
  })

  it('an error event is still the error it reports', async () => {
    body = [
      sse(anthropicMessageStart('m'), 'message_start'),
      ...textBlock(0, 'Hello'),
      sse({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }, 'error')
    ].join('')
    const result = await streamedCall('Claude', `${local.url}/v1`)
    expect(result).toMatchObject({ kind: 'failed', text: 'Hello' })
    if (result.kind === 'failed') expect(result.failure.message).toContain('Overloaded')
  })
})

describe('a whole Claude message with content blocks its SDK does not know', () => {
  const target = { kind: 'Claude' as const, model: 'm', baseUrl: '', apiKey: 'sk-test-key-123456' }
  const unstreamed = () =>
    runAnswerCall(
      {
        target: { ...target, baseUrl: `${local.url}/v1` },
        options: { prompt: [{ role: 'user', content: [{ type: 'text', text: 'Hello?' }] }] },
        stream: false,
        timeouts: { firstChunkMs: 2000, idleMs: 2000 },
        maxTextBytes: 1 << 20,
        wireLimit: 1 << 28
      },
      fetch,
      new AbortController().signal,
      () => {}
    )

  it('an unknown block, and a citation of an unknown kind on the text: the answer and a provider check read the text', async () => {
    message = {
      ...anthropicMessageStart('m').message,
      content: [
        { type: 'memory_lookup', id: 'mem_1', query: { q: 'x' } },
        { type: 'text', text: 'Hello there', citations: [{ type: 'video_timestamp_location', cited_text: 'x', at_seconds: 12 }] }
      ],
      stop_reason: 'end_turn'
    }
    expect(await unstreamed()).toEqual({ kind: 'done', text: 'Hello there' })
    expect(await testProvider({ ...target, baseUrl: `${local.url}/v1` }, { firstChunkMs: 2000, idleMs: 2000 })).toBe('Hello there')
  })
})

/**
 * The discriminators of one of the SDK's discriminated unions, read from its source: the `type`
 * literal each member object starts with (a member built by a function is looked up by its name).
 */
function unionTypes(source: string, at: number): string[] {
  const open = source.indexOf('[', at)
  const members: string[] = []
  let depth = 0
  let member = ''
  for (let i = open + 1; i < source.length; i++) {
    const c = source[i]!
    if (depth === 0 && (c === ',' || c === ']')) {
      if (member.trim()) members.push(member.trim())
      member = ''
      if (c === ']') break
      continue
    }
    if ('([{'.includes(c)) depth++
    if (')]}'.includes(c)) depth--
    member += c
  }
  return members.map((m) => {
    const call = /^(\w+)\(\)$/.exec(m)
    const text = call ? source.slice(source.indexOf(`const ${call[1]} = `)) : m
    const literal = /^[^]*?type: z\.literal\("([^"]+)"\)/.exec(text)
    if (!literal) throw new Error(`no type literal in the SDK's union member ${m.slice(0, 80)}`)
    return literal[1]!
  })
}

describe("the filter's list of what the SDK knows", () => {
  it('names exactly the types the installed @ai-sdk/anthropic stream parser accepts (update CLAUDE_SDK_TYPES after an upgrade)', () => {
    const source = readFileSync(createRequire(import.meta.url).resolve('@ai-sdk/anthropic'), 'utf8')
    const chunk = source.indexOf('const anthropicChunkSchema = ')
    expect(chunk, "the SDK's anthropicChunkSchema").toBeGreaterThan(0)
    const union = (key: string) => source.indexOf(`${key}z.discriminatedUnion("type", `, chunk)
    const whole = source.indexOf('const anthropicResponseSchema = ')
    expect(whole, "the SDK's anthropicResponseSchema").toBeGreaterThan(0)
    const sdk = {
      wholeBlock: unionTypes(source, source.indexOf('content: z.array(z.discriminatedUnion("type", ', whole)),
      event: unionTypes(source, union('zodSchema(')),
      block: unionTypes(source, union('content_block: ')),
      delta: unionTypes(source, union('delta: ')),
      citation: unionTypes(source, source.indexOf('const anthropicCitationSchema = '))
    }
    const sorted = (types: readonly string[]) => [...types].sort()
    expect({
      wholeBlock: sorted(sdk.wholeBlock),
      event: sorted(sdk.event),
      block: sorted(sdk.block),
      delta: sorted(sdk.delta),
      citation: sorted(sdk.citation)
    }).toEqual({
      wholeBlock: sorted(CLAUDE_SDK_TYPES.wholeBlock),
      event: sorted(CLAUDE_SDK_TYPES.event),
      block: sorted(CLAUDE_SDK_TYPES.block),
      delta: sorted(CLAUDE_SDK_TYPES.delta),
      citation: sorted(CLAUDE_SDK_TYPES.citation)
    })
  })
})
