/**
 * A count as the operator's locale writes it ("100,010" in English, "100.010" in German, "100 010" in
 * French): a count line read "100010 inboxes". One formatter for the window (making one costs more
 * than formatting with it); `locale` only for tests.
 */
const formatters = new Map<string, Intl.NumberFormat>()

export function countText(n: number, locale?: string): string {
  const key = locale ?? ''
  let format = formatters.get(key)
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 })
    formatters.set(key, format)
  }
  return format.format(n)
}
