/** Each unit: how many of the previous one it holds, and up to how many of it are said before the next. */
const STEPS: readonly [unit: Intl.RelativeTimeFormatUnit, per: number, limit: number][] = [
  ['minute', 60, 60],
  ['hour', 60, 24]
]

/** Days said as "N days ago" before the date is: up to 6. */
const DAYS_SAID = 7

/**
 * Calendar days from `t`'s day to `now`'s, in the reader's time zone: "yesterday" is the day before
 * today, not 24 hours ago rounded (a message at 19:00 two days back, read at 01:00, is 30 hours old).
 * Rounded, as a day across a clock change lasts 23 or 25 hours.
 */
function calendarDays(t: number, now: number): number {
  const day = (ms: number) => {
    const d = new Date(ms)
    return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime()
  }
  return Math.round((day(now) - day(t)) / 86_400_000)
}

/**
 * "now", "5 min. ago", "3 hr. ago", "yesterday", "4 days ago" in the reader's language
 * (Intl.RelativeTimeFormat), then the date.
 */
export function relativeTime(iso: string, now: number = Date.now(), locale?: string): string {
  const t = Date.parse(iso)
  if (!Number.isFinite(t)) return ''
  const format = formatter(`rel:${locale}`, () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'short' }))
  const s = Math.round((now - t) / 1000)
  if (s < 45) return format.format(0, 'second')
  let n = s
  for (const [unit, per, limit] of STEPS) {
    n = Math.round(n / per)
    if (n < limit) return format.format(-n, unit)
  }
  const days = calendarDays(t, now)
  // 24 hours by the clock, rounded, but of today still (00:10 read at 23:50): hours, as just before.
  if (days < 1) return format.format(-Math.floor(s / 3600), 'hour')
  if (days < DAYS_SAID) return format.format(-days, 'day')
  const date = new Date(t)
  const sameYear = date.getFullYear() === new Date(now).getFullYear()
  const options: Intl.DateTimeFormatOptions = sameYear
    ? { day: 'numeric', month: 'short' }
    : { day: 'numeric', month: 'short', year: 'numeric' }
  return formatter(`date:${sameYear}:${locale}`, () => new Intl.DateTimeFormat(locale, options)).format(date)
}

/** What Date.prototype.toLocaleString shows by default. */
const LOCALE_STRING: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric'
}

export const absoluteTime = (iso: string) => {
  const t = Date.parse(iso)
  // The same text as toLocaleString(), from one formatter instead of a new one per call.
  const format = formatter('abs', () => new Intl.DateTimeFormat(undefined, LOCALE_STRING))
  return Number.isFinite(t) ? format.format(new Date(t)) : iso
}

/**
 * Intl formatters are slow to make and cheap to use: a list of rows would otherwise make one per
 * row per render (toLocaleString makes one on every call).
 */
const formatters = new Map<string, Intl.RelativeTimeFormat | Intl.DateTimeFormat>()
function formatter<T extends Intl.RelativeTimeFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let f = formatters.get(key) as T | undefined
  if (!f) formatters.set(key, (f = make()))
  return f
}

/**
 * Makes the formatters the list's first rows use, and formats once with each: the first use of
 * Intl's date formats loads the language's data (~15 ms). main.tsx calls this while the app's code
 * is still on its way, so the first render does not pay it.
 */
export function warmUpTimeFormats(now: number = Date.now()): void {
  relativeTime(new Date(now - 60_000).toISOString(), now)
  relativeTime(new Date(now - 30 * 86_400_000).toISOString(), now)
}
