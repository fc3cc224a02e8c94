import { Modal, type ModalProps } from '@mantine/core'
import { useEffect, type KeyboardEvent } from 'react'
import { plainEscape } from './own-escape'
import { useFocusBack } from './use-focus-back'
import { useLatest } from './use-latest'

interface DialogProps extends ModalProps {
  /**
   * Escape closes it only when pressed in it, or on what opened it before the focus has moved in
   * (Mantine's closeOnEscape listens on the window, where it also heard the Escape that closed a
   * question asked over the dialog, and the dialog asked again at once). A plain one (plainEscape).
   */
  readonly ownEscape?: boolean
}

/**
 * Mantine's Modal that gives the focus back to what opened it also when closed while still opening
 * (useFocusBack), with `ownEscape` for dialogs that must not hear an Escape meant for one above them.
 */
export function Dialog({ ownEscape = false, returnFocus = true, onKeyDown, ...props }: DialogProps) {
  const { opened, onClose } = props
  const openedFrom = useFocusBack(opened, undefined, returnFocus)
  const close = useLatest(onClose)
  // Pressed at once, before Mantine's focus trap moved the focus in (a timer after it is drawn), the
  // Escape landed on the button that opened it, outside the dialog, and the dialog stayed open.
  useEffect(() => {
    if (!ownEscape || !opened) return
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.target === openedFrom.current && plainEscape(e)) close.current()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [ownEscape, opened, openedFrom, close])
  return (
    <Modal
      {...props}
      returnFocus={returnFocus}
      closeOnEscape={ownEscape ? false : props.closeOnEscape}
      onKeyDown={(e: KeyboardEvent<HTMLDivElement>) => {
        onKeyDown?.(e)
        if (ownEscape && plainEscape({ key: e.key, isComposing: e.nativeEvent.isComposing, target: e.target })) onClose()
      }}
    />
  )
}
