import { darken, DEFAULT_THEME, defaultCssVariablesResolver, mergeMantineTheme, toRgba } from '@mantine/core'
import { describe, expect, it } from 'vitest'
import { contrast, READABLE, readableColors } from '../../src/renderer/src/app/readable-colors'
import { theme } from '../../src/renderer/src/app/theme'

const merged = mergeMantineTheme(DEFAULT_THEME, theme)

/** The light scheme's variables as the window gets them: Mantine's, with the app's resolver over them (as MantineProvider merges them). */
const base = defaultCssVariablesResolver(merged)
const ours = readableColors(merged)
const light: Record<string, string> = { ...base.variables, ...base.light, ...ours.light }

/** A variable's colour as painted over the white page (with the app's resolver, or with `vars`). */
function painted(name: string, vars: Record<string, string> = light): string {
  let value = vars[name]!
  for (let ref = /^var\((--[\w-]+)\)$/.exec(value); ref; ref = /^var\((--[\w-]+)\)$/.exec(value)) {
    const shade = /^--mantine-color-(\w+)-(\d)$/.exec(ref[1]!)
    value = shade ? merged.colors[shade[1]!]![Number(shade[2])]! : vars[ref[1]!]!
  }
  const { r, g, b, a } = toRgba(value)
  const over = (c: number) => Math.round(c * a + 255 * (1 - a))
  return `rgb(${over(r)}, ${over(g)}, ${over(b)})`
}

describe('coloured text in the light scheme', () => {
  // The colours the window uses in alerts, light buttons, badges and coloured text.
  const colours = ['blue', 'red', 'yellow', 'orange', 'green', 'teal', 'cyan', 'lime', 'grape', 'violet', 'pink', 'indigo', 'gray']

  it.each(colours)('%s: a light variant reads at 4.5:1 on the page, on its tint and on its hovered tint', (c) => {
    const ink = painted(`--mantine-color-${c}-light-color`)
    for (const ground of ['#ffffff', painted(`--mantine-color-${c}-light`), painted(`--mantine-color-${c}-light-hover`)])
      expect(contrast(ink, ground), `${ink} on ${ground}`).toBeGreaterThanOrEqual(4.5)
  })

  it.each(colours)('%s: text in that colour reads at 4.5:1 on the page and in an alert of it', (c) => {
    const ink = painted(`--mantine-color-${c}-text`)
    for (const ground of ['#ffffff', painted(`--mantine-color-${c}-light`)])
      expect(contrast(ink, ground), `${ink} on ${ground}`).toBeGreaterThanOrEqual(4.5)
  })

  it('leaves a colour that already reads well as Mantine has it, and the dark scheme alone', () => {
    expect(ours.light['--mantine-color-gray-light-color']).toBeUndefined()
    expect(ours.dark).toEqual({})
    expect(ours.variables).toEqual({})
  })

  it("darkens a colour no more than it must: Mantine's shade one step (5%) lighter reads under the mark somewhere", () => {
    const mantines = { ...base.variables, ...base.light }
    const changed: Record<string, string> = ours.light
    expect(Object.keys(changed).length).toBeGreaterThan(5)
    for (const [key, chosenShade] of Object.entries(changed)) {
      const [, c, suffix] = /^--mantine-color-(\w+)-(light-color|text)$/.exec(key)!
      const grounds = ['#ffffff', painted(`--mantine-color-${c}-light`)]
      if (suffix === 'light-color') grounds.push(painted(`--mantine-color-${c}-light-hover`))
      const worst = (colour: string) => Math.min(...grounds.map((g) => contrast(colour, g)))
      // Mantine's own colour, painted, then darkened in 5% steps with Mantine's darken().
      const ink = painted(key, mantines)
      const shades = Array.from({ length: 21 }, (_, step) => {
        const { r, g, b } = toRgba(darken(ink, step * 0.05))
        return `rgb(${r}, ${g}, ${b})`
      })
      const chosen = shades.indexOf(chosenShade)
      expect(chosen, `${key}: ${chosenShade} is one of the darker shades of ${ink}`).toBeGreaterThan(0)
      expect(worst(shades[chosen]!)).toBeGreaterThanOrEqual(READABLE)
      expect(worst(shades[chosen - 1]!), `${key}: one step lighter`).toBeLessThan(READABLE)
    }
  })
})
