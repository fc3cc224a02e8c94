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
  useEffect(() => {
    if (loading || !hadFocus.current) return
    hadFocus.current = false
    const el = own.current
    const active = document.activeElement
    if (el?.isConnected && !el.disabled && (!active || active === document.body)) el.focus()
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
