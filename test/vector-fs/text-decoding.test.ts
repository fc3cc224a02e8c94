import { describe, expect, it } from 'vitest'
import { DECODE_PIECE_BYTES, extractText } from '../../src/main/vector-fs/extract'
import { inProcessReader } from '../../src/main/vector-fs/document-reader'

/*
 * A large text file is decoded a piece at a time (a 200 MB text decoded whole held the node about
 * half a second): its characters must be exactly those of decoding it whole, whatever falls on the
 * boundaries between pieces, and its encoding found by the same rule as for a small file.
 */

const reader = inProcessReader()
const textOf = async (bytes: Uint8Array) => {
  const got = await extractText('txt', bytes, reader)
  if (got.kind !== 'text') throw new Error('expected text')
  return got.text
}
/** ASCII filler, then `tail`, with `tail` starting `shift` bytes before the first piece boundary. */
const aroundBoundary = (tail: Uint8Array, shift: number) => {
  const bytes = new Uint8Array(DECODE_PIECE_BYTES * 2 + 10).fill(0x61)
  bytes.set(tail, DECODE_PIECE_BYTES - shift)
  return bytes
}

describe('decoding a text larger than one piece', () => {
  it('a UTF-8 character cut by a piece boundary, at each of its bytes, is decoded whole', async () => {
    const emoji = new TextEncoder().encode('🎉é') // 4 bytes, then 2
    for (const shift of [1, 2, 3, 5]) {
      const bytes = aroundBoundary(emoji, shift)
      const text = await textOf(bytes)
      expect(text).toBe(new TextDecoder().decode(bytes))
      expect(text).not.toContain('\uFFFD')
    }
  })

  it('a UTF-16 file (byte order mark) with a character cut by a boundary reads as UTF-16', async () => {
    const text = `${'x'.repeat(DECODE_PIECE_BYTES / 2 - 2)}€𝄞 und Grüße`
    for (const [bom, le] of [
      [[0xff, 0xfe], true],
      [[0xfe, 0xff], false]
    ] as const) {
      const bytes = new Uint8Array(2 + text.length * 2)
      bytes.set(bom)
      const view = new DataView(bytes.buffer)
      for (let i = 0; i < text.length; i++) view.setUint16(2 + i * 2, text.charCodeAt(i), le)
      expect(await textOf(bytes)).toBe(text)
    }
  })

  it('Windows-1252 found by a byte past the first piece, and UTF-8 kept for a UTF-8 file damaged past it', async () => {
    // "café" in Windows-1252 (0xE9 is no UTF-8 on its own), with nothing but ASCII before it.
    const latin = aroundBoundary(new Uint8Array([0x63, 0x61, 0x66, 0xe9]), -100)
    expect(await textOf(latin)).toContain('café')
    // A UTF-8 "é" in the first piece, a damaged byte in the second: still UTF-8, the bad byte U+FFFD.
    const utf8 = aroundBoundary(new Uint8Array([0xc3, 0xa9]), 100)
    utf8[DECODE_PIECE_BYTES + 50] = 0xff
    const text = await textOf(utf8)
    expect(text).toContain('é')
    expect(text.split('\uFFFD')).toHaveLength(2)
  })

  it('lets the event loop turn while it decodes (the node keeps answering during a large upload)', async () => {
    const bytes = new Uint8Array(DECODE_PIECE_BYTES * 8).fill(0x62)
    let turns = 0
    let decoding = true
    const ticker = (async () => {
      while (decoding) {
        await new Promise((r) => setImmediate(r))
        turns++
      }
    })()
    const text = await textOf(bytes)
    decoding = false
    await ticker
    expect(text).toHaveLength(bytes.length)
    expect(turns, 'event loop turns while 32 MiB were decoded').toBeGreaterThanOrEqual(8)
  })
})
