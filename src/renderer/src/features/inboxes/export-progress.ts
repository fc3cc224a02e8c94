import { notifications } from '@mantine/notifications'
import { noticeText } from '../../api/client'

/** How long an export runs before "Preparing export…" is shown: a fast one shows nothing, so nothing flashes. */
export const PREPARING_SHOWN_AFTER_MS = 300

export const preparingText = (name: string) => `Preparing export of “${name}”…`
export const savingText = (name: string) => `Saving “${name}”…`

/**
 * An export under way: `done` as its download starts (or its save ends), `failed` with the reason it did not.
 * In the desktop app the operator first picks a place in the save dialog (`choosing`: nothing is under way,
 * nothing is shown), then the file is written (`writing`: "Saving…" is shown if it takes a while).
 */
export interface ExportUnderWay {
  choosing(): void
  writing(): void
  done(): void
  failed(title: string, err: unknown): void
}

/** The conversations whose export is under way, with the way to show its notice at once. */
const underWay = new Map<string, () => void>()
let shown = 0

/**
 * Starts the export of the conversation `inboxId` (named `name`), or not when one of it is under way:
 * then null, and that export's notice is shown at once (nothing else starts: a second click made a
 * second download). Exports of other conversations go on meanwhile. While it is prepared (the node's
 * export read: seconds for a long conversation, with nothing shown until the download) an announced
 * notice says so; it goes when the export is done or turns into the reason it failed. In the desktop
 * app it says nothing while the save dialog is open, and "Saving…" once the file is written.
 */
export function beginExport(inboxId: string, name: string): ExportUnderWay | null {
  const showNow = underWay.get(inboxId)
  if (showNow) {
    showNow()
    return null
  }
  const id = `export-${++shown}`
  let visible = false
  // While the save dialog is open nothing is shown: the operator is choosing, nothing is being prepared.
  let inDialog = false
  let message = preparingText(name)
  const show = () => {
    clearTimeout(timer)
    if (visible || inDialog) return
    visible = true
    // It can be closed: an export the node never answers would leave it on screen for good. Export again shows it again.
    notifications.show({ id, loading: true, autoClose: false, withCloseButton: true, message })
  }
  let timer = setTimeout(show, PREPARING_SHOWN_AFTER_MS)
  underWay.set(inboxId, show)
  let over = false
  const end = () => {
    over = true
    clearTimeout(timer)
    underWay.delete(inboxId)
  }
  return {
    choosing: () => {
      clearTimeout(timer)
      inDialog = true
      if (visible) notifications.hide(id)
      visible = false
    },
    writing: () => {
      if (over) return // a word come late must not put up a notice nothing takes down
      inDialog = false
      message = savingText(name)
      if (visible) {
        notifications.update({ id, message })
      } else {
        clearTimeout(timer)
        timer = setTimeout(show, PREPARING_SHOWN_AFTER_MS)
      }
    },
    done: () => {
      end()
      if (visible) notifications.hide(id)
    },
    failed: (title, err) => {
      end()
      const failure = { color: 'red', title, message: noticeText(err), loading: false, withCloseButton: true }
      // autoClose undefined: as the window's other notices close.
      if (visible) notifications.update({ id, ...failure, autoClose: undefined })
      else notifications.show(failure)
    }
  }
}
