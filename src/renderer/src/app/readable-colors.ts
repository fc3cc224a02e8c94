import { darken, defaultCssVariablesResolver, luminance, toRgba, type CSSVariablesResolver, type MantineTheme } from '@mantine/core'

/*
 * Coloured text in the light scheme at WCAG AA (4.5:1). Mantine's "light" variants (alerts, light and
 * subtle buttons, badges) write a colour's shade 9 on a pale tint of it, and `c="teal"` text its filled
 * shade on the page: for yellow, orange, green, teal and lime that is 2.5–3.9:1, and even blue's is
 * 4.0:1 on the tint a hovered button or link shows. Each such text colour is darkened here, from
 * Mantine's own values, until it reads at 4.5:1 or more on the page, the tint and the hovered tint.
 * The dark scheme's pale text on dark tints already passes and stays as it is.
 */

/** The least contrast asked for, with a little room for rounding in the browser's colour mixing. */
export const READABLE = 4.6

type Rgb = { r: number; g: number; b: number }
const WHITE: Rgb = { r: 255, g: 255, b: 255 }

/** A colour as painted over white (a tint is a colour at some opacity). */
function overWhite(color: string): Rgb {
  const { r, g, b, a } = toRgba(color)
  const mix = (c: number) => c * a + 255 * (1 - a)
  return { r: mix(r), g: mix(g), b: mix(b) }
}

const css = ({ r, g, b }: Rgb) => `rgb(${Math.round(r)}, ${Math.round(g)}, ${Math.round(b)})`

/** WCAG's contrast ratio of two opaque colours. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

/** The value a variable of the light scheme stands for, with `var(--…)` followed through the theme's variables. */
function valueOf(value: string, vars: Record<string, string>, theme: MantineTheme): string {
  for (let i = 0; i < 8; i++) {
    const ref = /^var\((--[\w-]+)\)$/.exec(value.trim())
    if (!ref) return value
    const name = ref[1]!
    const shade = /^--mantine-color-(\w+)-(\d)$/.exec(name)
    if (shade) return theme.colors[shade[1]!]![Number(shade[2])]!
    const next = vars[name]
    if (next === undefined) return value
    value = next
  }
  return value
}

/** The light scheme's text colours darkened where they read at less than READABLE; the other variables as Mantine has them. */
export const readableColors: CSSVariablesResolver = (theme) => {
  const base = defaultCssVariablesResolver(theme)
  const vars: Record<string, string> = { ...base.variables, ...base.light }
  const light: Record<string, string> = {}
  for (const name of Object.keys(theme.colors)) {
    const tint = (suffix: string) => {
      const v = vars[`--mantine-color-${name}-${suffix}`]
      return v === undefined ? [] : [css(overWhite(valueOf(v, vars, theme)))]
    }
    // A light variant's text is on its tint, hovered or not; `c="teal"` text on the page, or in an alert's tint.
    const groundsOf = { 'light-color': [css(WHITE), ...tint('light'), ...tint('light-hover')], text: [css(WHITE), ...tint('light')] }
    for (const suffix of ['light-color', 'text'] as const) {
      const key = `--mantine-color-${name}-${suffix}`
      const v = vars[key]
      if (v === undefined) continue
      const ink = css(overWhite(valueOf(v, vars, theme)))
      const worst = (c: string) => Math.min(...groundsOf[suffix].map((g) => contrast(c, g)))
      if (worst(ink) >= READABLE) continue
      let darker = ink
      for (let step = 1; step <= 20 && worst(darker) < READABLE; step++) darker = css(overWhite(darken(ink, step * 0.05)))
      light[key] = darker
    }
  }
  return { variables: {}, light, dark: {} }
}
