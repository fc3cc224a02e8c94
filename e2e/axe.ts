import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

/** Serious and critical axe findings on the page as it is now, one line each (empty when there are none). */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => `${n.target.join(' ')}: ${n.any[0]?.message ?? ''} ${n.html.slice(0, 120)}`)
          .join('; ')}`
    )
}

/** Every rule of WCAG 2.0/2.1 A and AA, and axe's best practices (landmarks, headings, region), at any impact. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']

/** Every WCAG 2.1 AA and best-practice axe finding (any impact) on the page as it is now, one line each. */
export async function wcagViolations(page: Page, disableRules: readonly string[] = []): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    .disableRules([...disableRules])
    .analyze()
  return results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .slice(0, 3)
        .map((n) => `${n.target.join(' ')}: ${(n.any[0] ?? n.all[0] ?? n.none[0])?.message ?? ''} ${n.html.slice(0, 160)}`)
        .join('; ')}`
  )
}

/**
 * axe's findings of ids drawn twice that ARIA names (duplicate-id-aria), with those it leaves "to review": it reports
 * them so (reviewOnFail), never among the violations wcagViolations reads. One line each (empty when there are none).
 */
export async function duplicateIdFindings(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withRules(['duplicate-id-aria']).analyze()
  return [...results.violations, ...results.incomplete].map(
    (v) =>
      `${v.id}: ${v.help} — ${v.nodes.length} elements, e.g. ${v.nodes
        .slice(0, 3)
        .map((n) => n.html.slice(0, 120))
        .join('; ')}`
  )
}
