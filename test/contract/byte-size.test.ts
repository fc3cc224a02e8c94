import { describe, expect, it } from 'vitest'
import { fileSizeText, sizeText } from '../../src/shared/byte-size'
import { uploadTooLarge } from '../../src/shared/contract/limits'

const KIB = 1024
const MIB = 1024 * KIB
const GIB = 1024 * MIB

describe("a file's size, as the window shows it", () => {
  it.each([
    [0, '0 bytes'],
    [1, '1 byte'],
    [1023, '1,023 bytes'],
    [1024, '1 KiB'],
    [1536, '1.5 KiB'],
    [1100, '1.1 KiB'],
    [10 * KIB + 51, '10 KiB'], // 10.0498: rounds to the whole KiB, shown without ".0"
    [1_048_515, '1,023.9 KiB'],
    [MIB - 1, '1 MiB'], // 1023.999 KiB rounds to 1024 KiB: said in the next unit
    [MIB, '1 MiB'],
    [64 * MIB, '64 MiB'],
    [64 * MIB + 1, '64 MiB'],
    [256 * MIB, '256 MiB'],
    [2.25 * GIB, '2.3 GiB'],
    [GIB - 1, '1 GiB'],
    [5 * 1024 * GIB, '5 TiB'],
    [2048 * 1024 * GIB, '2,048 TiB'] // past the largest unit, it stays in TiB
  ])('%d bytes: %s', (bytes, text) => {
    expect(fileSizeText(bytes)).toBe(text)
  })

  it('a size that is no count of bytes is shown as 0 bytes rather than NaN', () => {
    expect(fileSizeText(Number.NaN)).toBe('0 bytes')
    expect(fileSizeText(-5)).toBe('0 bytes')
  })

  it('says a file of the upload limit the way the refusal of a larger one does', () => {
    expect(uploadTooLarge('file_data', 64 * MIB)).toBe('file_data: larger than the upload limit of 64 MiB')
    expect(fileSizeText(64 * MIB)).toBe(sizeText(64 * MIB))
  })
})

describe('a limit, as the node says it', () => {
  it('whole MiB as such, else the exact bytes (a rounded limit would not be the limit)', () => {
    expect(sizeText(64 * MIB)).toBe('64 MiB')
    expect(sizeText(0)).toBe('0 bytes')
    expect(sizeText(1536)).toBe('1,536 bytes')
    expect(sizeText(MIB + 1)).toBe('1,048,577 bytes')
  })
})
