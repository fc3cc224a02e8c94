import { DEFAULT_THEME, defaultCssVariablesResolver, mergeMantineTheme, toRgba } from '@mantine/core'
import { describe, expect, it } from 'vitest'
import { contrast, readableColors } from '../../src/renderer/src/app/readable-colors'
import { theme } from '../../src/renderer/src/app/theme'

const merged = mergeMantineTheme(DEFAULT_THEME, theme)

/** The light scheme's variables as the window gets them: Mantine's, with the app's resolver over them (as MantineProvider merges them). */
const base = defaultCssVariablesResolver(merged)
const ours = readableColors(merged)
const light: Record<string, string> = { ...base.variables, ...base.light, ...ours.light }

/** A variable's colour as painted over the white page. */
function painted(name: string): string {
  let value = light[name]!
  for (let ref = /^var\((--[\w-]+)\)$/.exec(value); ref; ref = /^var\((--[\w-]+)\)$/.exec(value)) {
    const shade = /^--mantine-color-(\w+)-(\d)$/.exec(ref[1]!)
    value = shade ? merged.colors[shade[1]!]![Number(shade[2])]! : light[ref[1]!]!
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
})
