import { useMantineColorScheme, type MantineColorScheme } from '@mantine/core'
import classes from './ThemeSwitch.module.css'

const SCHEMES: { value: MantineColorScheme; label: string }[] = [
  { value: 'auto', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' }
]

/**
 * The color scheme as three native radio buttons drawn as a button group: one Tab stop, the arrow
 * keys move the choice, and screen readers hear "radio, 1 of 3". Not Mantine's SegmentedControl,
 * whose sliding indicator measures the page in a layout effect: that forced a layout of the whole
 * first screen before its rows showed.
 */
export function ThemeSwitch() {
  const { colorScheme, setColorScheme } = useMantineColorScheme()
  return (
    <div role="radiogroup" aria-label="Color scheme" className={classes.group}>
      {SCHEMES.map((s) => (
        <label key={s.value} className={classes.option}>
          <input
            type="radio"
            className={classes.input}
            name="nodedesk-color-scheme"
            value={s.value}
            checked={colorScheme === s.value}
            onChange={() => setColorScheme(s.value)}
          />
          {s.label}
        </label>
      ))}
    </div>
  )
}
