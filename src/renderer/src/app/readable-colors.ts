import { defaultCssVariablesResolver, luminance, toRgba, type CSSVariablesResolver, type MantineTheme } from '@mantine/core'

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

/** WCAG's contrast ratio of two luminances. */
const ratio = (l1: number, l2: number) => (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05)

/** WCAG's contrast ratio of two opaque colours. */
export function contrast(a: string, b: string): number {
  return ratio(luminance(a), luminance(b))
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

/**
 * WCAG's relative luminance of an opaque colour (as Mantine's `luminance` computes it), from its numbers:
 * the search below tries up to 20 shades of 14 colours, and parsing a colour string for each try was half
 * its time (3.6 -> 1.7 ms a call in Node; it ran in a window's first render, 8 ms there).
 */
function luminanceOf({ r, g, b }: Rgb): number {
  const linear = (c: number) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4)
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}

/** A colour as the browser gets it from `css(...)`: whole numbers. */
const whole = ({ r, g, b }: Rgb): Rgb => ({ r: Math.round(r), g: Math.round(g), b: Math.round(b) })

/** The light scheme's text colours darkened where they read at less than READABLE; the other variables as Mantine has them. */
function resolveReadable(theme: MantineTheme): ReturnType<CSSVariablesResolver> {
  const base = defaultCssVariablesResolver(theme)
  const vars: Record<string, string> = { ...base.variables, ...base.light }
  const light: Record<string, string> = {}
  const white = luminanceOf(WHITE)
  for (const name of Object.keys(theme.colors)) {
    const tint = (suffix: string) => {
      const v = vars[`--mantine-color-${name}-${suffix}`]
      return v === undefined ? [] : [luminanceOf(whole(overWhite(valueOf(v, vars, theme))))]
    }
    // A light variant's text is on its tint, hovered or not; `c="teal"` text on the page, or in an alert's tint.
    const groundsOf = { 'light-color': [white, ...tint('light'), ...tint('light-hover')], text: [white, ...tint('light')] }
    for (const suffix of ['light-color', 'text'] as const) {
      const key = `--mantine-color-${name}-${suffix}`
      const v = vars[key]
      if (v === undefined) continue
      const ink = whole(overWhite(valueOf(v, vars, theme)))
      const worst = (c: Rgb, l = luminanceOf(c)) => Math.min(...groundsOf[suffix].map((g) => ratio(l, g)))
      if (worst(ink) >= READABLE) continue
      // Mantine's darken(), on whole numbers: each channel times (1 - amount), rounded.
      const darken = (amount: number): Rgb => whole({ r: ink.r * (1 - amount), g: ink.g * (1 - amount), b: ink.b * (1 - amount) })
      let darker = ink
      for (let step = 1; step <= 20 && worst(darker) < READABLE; step++) darker = darken(step * 0.05)
      light[key] = css(darker)
    }
  }
  return { variables: {}, light, dark: {} }
}

/** Mantine asks on each render of its provider; the answer depends on the theme alone. */
const resolved = new WeakMap<MantineTheme, ReturnType<CSSVariablesResolver>>()
export const readableColors: CSSVariablesResolver = (theme) => {
  let answer = resolved.get(theme)
  if (!answer) resolved.set(theme, (answer = resolveReadable(theme)))
  return answer
}
