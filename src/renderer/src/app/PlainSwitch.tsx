import type { ChangeEvent } from 'react'
import classes from './PlainSwitch.module.css'

/** An on/off choice that looks like Mantine's Switch and is read as one ("switch, on"). PlainSwitch.module.css says why it is not Mantine's. */
export function PlainSwitch({
  label,
  checked,
  onChange
}: {
  label: string
  checked: boolean
  onChange: (e: ChangeEvent<HTMLInputElement>) => void
}) {
  return (
    <label className={classes.root}>
      <input type="checkbox" role="switch" className={classes.input} checked={checked} onChange={onChange} />
      <span className={classes.track} aria-hidden="true">
        <span className={classes.thumb} />
      </span>
      <span className={classes.label}>{label}</span>
    </label>
  )
}
