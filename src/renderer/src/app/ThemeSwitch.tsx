import { useMantineColorScheme, type MantineColorScheme } from '@mantine/core'
import { IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react'
import classes from './ThemeSwitch.module.css'

const SCHEMES: { value: MantineColorScheme; label: string; Icon: typeof IconSun }[] = [
  { value: 'auto', label: 'System', Icon: IconDeviceDesktop },
  { value: 'light', label: 'Light', Icon: IconSun },
  { value: 'dark', label: 'Dark', Icon: IconMoon }
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
        <label key={s.value} className={classes.option} title={s.label}>
          <input
            type="radio"
            className={classes.input}
            name="nodedesk-color-scheme"
            value={s.value}
            checked={colorScheme === s.value}
            onChange={() => setColorScheme(s.value)}
          />
          {/* A window too narrow for its text (360 px at 200%) shows the icons: the words did not fit beside the
              burger. The word stays the radio's name, read out and shown as its title. */}
          <s.Icon className={classes.icon} aria-hidden="true" />
          <span className={classes.word}>{s.label}</span>
        </label>
      ))}
    </div>
  )
}
