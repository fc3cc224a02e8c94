import { Button, type ButtonProps, type ElementProps } from '@mantine/core'
import { useMergedRef } from '@mantine/hooks'
import { forwardRef, useEffect, useRef } from 'react'

type BusyButtonProps = ButtonProps & ElementProps<'button', keyof ButtonProps>

/**
 * Mantine's Button, whose `loading` also disables it: a button disabled while it has the focus drops
 * the focus to the page, so a keyboard user who pressed Check, Test or Save was left nowhere once the
 * answer came. This one takes the focus back when its work ends, if it had it when pressed and the
 * focus is still lost (nothing else, such as a dialog's next field, took it meanwhile).
 */
export const BusyButton = forwardRef<HTMLButtonElement, BusyButtonProps>(function BusyButton({ loading, onClick, ...props }, ref) {
  const own = useRef<HTMLButtonElement>(null)
  const merged = useMergedRef(own, ref)
  const hadFocus = useRef(false)
  // In a dialog, the dialog holds the focus while the button is busy: on the page's body, Escape and
  // Tab went nowhere (the dialog hears keys typed in it), and Edit scope's Escape during a slow save was lost.
  const heldBy = useRef<HTMLElement | null>(null)
  useEffect(() => {
    const el = own.current
    if (loading) {
      const active = document.activeElement
      if (!hadFocus.current || !(active === el || !active || active === document.body)) return
      heldBy.current = el?.closest<HTMLElement>('[role="dialog"][tabindex]') ?? null
      heldBy.current?.focus({ preventScroll: true })
      return
    }
    if (!hadFocus.current) return
    hadFocus.current = false
    const active = document.activeElement
    const lost = !active || active === document.body || active === heldBy.current
    heldBy.current = null
    if (el?.isConnected && !el.disabled && lost) el.focus()
  }, [loading])
  return (
    <Button
      ref={merged}
      loading={loading}
      onClick={(e) => {
        hadFocus.current = document.activeElement === e.currentTarget
        onClick?.(e)
      }}
      {...props}
    />
  )
})
