/** Each unit: how many of the previous one it holds, and up to how many of it are said before the next. */
const STEPS: readonly [unit: Intl.RelativeTimeFormatUnit, per: number, limit: number][] = [
  ['minute', 60, 60],
  ['hour', 60, 24],
  ['day', 24, 7]
]

/**
 * "now", "5 min. ago", "3 hr. ago", "yesterday", "4 days ago" in the reader's language
 * (Intl.RelativeTimeFormat), then the date.
 */
export function relativeTime(iso: string, now: number = Date.now(), locale?: string): string {
  const t = Date.parse(iso)
  if (!Number.isFinite(t)) return ''
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'short' })
  const s = Math.round((now - t) / 1000)
  if (s < 45) return format.format(0, 'second')
  let n = s
  for (const [unit, per, limit] of STEPS) {
    n = Math.round(n / per)
    if (n < limit) return format.format(-n, unit)
  }
  const date = new Date(t)
  const sameYear = date.getFullYear() === new Date(now).getFullYear()
  return date.toLocaleDateString(
    locale,
    sameYear ? { day: 'numeric', month: 'short' } : { day: 'numeric', month: 'short', year: 'numeric' }
  )
}

export const absoluteTime = (iso: string) => {
  const t = Date.parse(iso)
  return Number.isFinite(t) ? new Date(t).toLocaleString() : iso
}
