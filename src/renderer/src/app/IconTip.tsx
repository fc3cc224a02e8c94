import { Tooltip } from '@mantine/core'
import { cloneElement, type ReactElement } from 'react'

/**
 * A tooltip showing an icon-only button's name to the eye: a mouse pointed at the button shows what a
 * screen reader already says (its aria-label, or its text hidden by a short window's layout).
 *
 * The tooltip is for the eye alone. Mantine's Tooltip points the button's aria-describedby at its text
 * while it is open (floating-ui's useRole), and the name was said twice ("Send, button, Send"). Props
 * the button is given win over the tooltip's own, so it keeps the description it has of its own (none,
 * mostly) and no other. A tooltip that says more than the name is a description: use Tooltip for it.
 */
export function IconTip({
  label,
  disabled = false,
  openDelay,
  children
}: {
  label: string
  /** No tooltip (the name is shown beside the icon). */
  disabled?: boolean
  openDelay?: number
  children: ReactElement<{ 'aria-describedby'?: string }>
}) {
  return (
    <Tooltip label={label} disabled={disabled} openDelay={openDelay} withinPortal>
      {cloneElement(children, { 'aria-describedby': children.props['aria-describedby'] })}
    </Tooltip>
  )
}
