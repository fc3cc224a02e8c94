import { lazy, Suspense, useEffect, type KeyboardEvent } from 'react'
import { holdMenuKeys } from '../../app/menu-keys-held'
import type { InboxActions } from './inbox-actions'
import type { InboxRowData } from './inbox-rows'
import { RowMenuButton } from './RowMenuButton'
import { importAgain } from '../../app/import-again'

/*
 * A conversation row's menu (rename, pin, hide, export, delete), as the inbox list and the
 * conversation list beside an open conversation both have it: its button, and the menu made from
 * code loaded once a list is shown.
 */

/** Whether a row's menu has been made, open or not, and what gets the focus back when it closes. */
export interface MenuState {
  readonly open: boolean
  readonly from: 'button' | 'row'
}

/** The keys that open a row's menu from the row: the context-menu key, or Shift+F10 where there is none. */
export const opensMenu = (e: KeyboardEvent) => e.key === 'ContextMenu' || (e.shiftKey && e.key === 'F10')

/** `key` pressed alone, no modifier with it (a row's F2 and Delete). */
export const plainKey = (e: KeyboardEvent, key: string) => e.key === key && !e.shiftKey && !e.altKey && !e.ctrlKey && !e.metaKey

/** Opens a row's menu from the row's keydown (the caller stops the key going further). */
export function openMenuFromRow(setMenu: (menu: MenuState) => void) {
  // Its code not loaded yet (the list just shown): the keys pressed until it is drawn go to it, not to the row.
  if (!rowMenuCode) holdMenuKeys()
  setMenu({ open: true, from: 'row' })
}

/**
 * The row's menu is made on first use, from code loaded then: a closed Mantine Menu still sets up
 * its popover (floating position, listeners) on mount, which for every row of the list was a good
 * part of the first paint, and the popover code is not needed to show the list. The button is no
 * Tab stop (the row is the list's one): the keyboard opens the menu from the row. The button goes
 * in the row's element, beside the row's link (the menu gives the focus back to that link).
 */
export function RowMenu({
  row,
  actions,
  menu,
  setMenu,
  className
}: {
  row: InboxRowData
  actions: InboxActions
  menu: MenuState | null
  setMenu: (menu: MenuState) => void
  /** The button's look where it sits (added to its own). */
  className?: string
}) {
  const button = (
    <RowMenuButton
      name={row.name}
      tabIndex={-1}
      className={className}
      onClick={menu ? undefined : () => setMenu({ open: true, from: 'button' })}
    />
  )
  useEffect(preloadRowMenu, [])
  if (!menu) return button
  // Made from the code loaded already, the menu opens in the task of the key that opens it (see menu-at-once).
  const RowMenuNow = rowMenuCode ?? InboxRowMenu
  return (
    <Suspense fallback={button}>
      <RowMenuNow
        row={row}
        actions={actions}
        opened={menu.open}
        returnTo={menu.from}
        className={className}
        onOpenChange={(open) => setMenu({ open, from: open ? 'button' : menu.from })}
      />
    </Suspense>
  )
}

/** The menu's code once loaded: menus are then made from it at once, not a wait for a lazy component later. */
let rowMenuCode: (typeof import('./InboxRowMenu'))['default'] | undefined
const importRowMenu = importAgain(() => import('./InboxRowMenu'))
const loadRowMenu = () =>
  importRowMenu().then((m) => {
    rowMenuCode = m.default
    return m
  })
const InboxRowMenu = lazy(loadRowMenu)

let preloading = false
/**
 * The menu's code is loaded once the list is shown (a task after its rows are), not when a menu is first
 * opened: keys pressed right after Shift+F10 on a row went to the row while it loaded (ArrowDown moved
 * to the next row, Enter opened a conversation) instead of to the menu's items.
 */
function preloadRowMenu() {
  if (preloading || rowMenuCode) return
  preloading = true
  setTimeout(() => void loadRowMenu().catch(() => (preloading = false)))
}
