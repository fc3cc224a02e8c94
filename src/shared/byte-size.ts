/**
 * Numbers and sizes as people read them, written once for the node's messages and the window: both
 * count in 1024s and say so (KiB, MiB, GiB), so a file the library lists as "64 MiB" is the file
 * an upload refuses as "larger than the upload limit of 64 MiB", not a "67.1 MB" beside it.
 */

const UNITS = ['KiB', 'MiB', 'GiB', 'TiB'] as const

/**
 * An integer with its thousands grouped ("1,048,576"), as `toLocaleString('en-US')` writes it but
 * without it: the first call of a locale-aware method loads ICU's data, 25-70 ms of a headless
 * start, and the contract's messages are built when the node loads.
 */
export function groupedNumber(n: number): string {
  // Anything but a safe integer (a fraction, 1e21) is left to the locale-aware method after all.
  return Number.isSafeInteger(n) ? String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',') : n.toLocaleString('en-US')
}

/** A count and its noun, grouped and singular for one: "1 file", "1,024 files" (`many`: a plural not made with s). */
export function counted(n: number, one: string, many = `${one}s`): string {
  return `${groupedNumber(n)} ${n === 1 ? one : many}`
}

const bytesText = (bytes: number) => `${groupedNumber(bytes)} byte${bytes === 1 ? '' : 's'}`

/**
 * A limit, exactly: whole MiB as such ("256 MiB"), else the exact bytes, grouped ("1,000 bytes").
 * A limit said rounded would not be the limit.
 */
export function sizeText(bytes: number): string {
  if (bytes >= 1024 ** 2 && bytes % 1024 ** 2 === 0) return `${bytes / 1024 ** 2} MiB`
  return `${groupedNumber(bytes)} bytes`
}

/**
 * A file's size, to the first decimal in the largest unit it makes at least one of: "1,023 bytes",
 * "1 KiB", "1.5 KiB", "64 MiB", "2.3 GiB" (a whole number shows no ".0", as the limits in sizeText
 * read). Rounded up to a unit, it is said in that unit: 1,048,575 bytes is "1 MiB", not "1024 KiB".
 */
export function fileSizeText(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) return bytesText(Math.max(0, Math.round(bytes) || 0))
  let unit = 0
  let value = bytes / 1024
  while (unit < UNITS.length - 1 && Math.round(value * 10) / 10 >= 1024) {
    value /= 1024
    unit++
  }
  const tenths = Math.round(value * 10)
  const whole = Math.floor(tenths / 10)
  const decimal = tenths % 10
  return `${groupedNumber(whole)}${decimal ? `.${decimal}` : ''} ${UNITS[unit]}`
}
