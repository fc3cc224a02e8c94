import { Kbd, Table, Text, Title } from '@mantine/core'
import { Fragment } from 'react'
import { modals } from '@mantine/modals'
import { openDialog } from './confirm'
import { stopHolding } from './dialog-typing'
import { onMac } from './platform'
import { shortcutsShown } from './shortcut-keys'

/*
 * The window's keyboard shortcuts in one list, opened with "?" (outside a text field) or Ctrl+/
 * (anywhere), and from the navigation (shortcut-keys.ts): the keys were there (rows, menus, the
 * library tree, moving between conversations) but nothing said so except a few menus' hints. This
 * module (the dialog and its table) is loaded when the list is first asked for, not with the first screen.
 */

/** One way to do something: its keys pressed together. */
type Combo = readonly string[]

interface Shortcut {
  /** Alternatives, any of which does it. */
  readonly keys: readonly Combo[]
  readonly does: string
}

export function shortcutSections(mac: boolean): readonly { title: string; shortcuts: readonly Shortcut[] }[] {
  const mod = mac ? '⌘' : 'Ctrl'
  const alt = mac ? '⌥' : 'Alt'
  return [
    {
      title: 'Anywhere',
      shortcuts: [
        { keys: [[mod, 'K']], does: 'Search the inboxes' },
        { keys: [['?'], [mod, '/']], does: 'Show these shortcuts' },
        { keys: [['Tab']], does: 'First press on a page: skip past the navigation to its content' },
        { keys: [['Esc']], does: 'Close a dialog or a menu' }
      ]
    },
    {
      title: 'Inbox list and conversation list',
      shortcuts: [
        { keys: [['↑'], ['↓']], does: 'Previous or next row' },
        { keys: [['Page Up'], ['Page Down']], does: 'A screen of rows up or down' },
        { keys: [['Home'], ['End']], does: 'The first or the last row' },
        { keys: [['Enter']], does: 'Open the conversation' },
        { keys: [['Shift', 'F10'], ['Menu']], does: 'The row’s menu: rename, pin, hide, export, delete' },
        { keys: [['F2']], does: 'Rename the conversation' },
        { keys: [['Delete']], does: 'Delete the conversation, asking first (in the inbox list, the selected ones when it is one of them)' },
        { keys: [['Space']], does: 'Select the row (inbox list)' },
        { keys: [['Shift', 'Space']], does: 'Select the rows from the one selected before' },
        {
          keys: [
            ['Shift', '↑'],
            ['Shift', '↓']
          ],
          does: 'Select the row and the one above or below (inbox list)'
        },
        { keys: [[mod, 'A']], does: 'Select every inbox of the list (inbox list; as searched, when searching)' },
        // From a row Escape clears the selection only; in the search box it clears the search, and so the selection (it said "the search, then the selection").
        { keys: [['Esc']], does: 'Clear the selection (in the search box: the search and the selection)' }
      ]
    },
    {
      title: 'Conversation',
      shortcuts: [
        { keys: [[mod, 'F']], does: 'Find in the conversation: Enter for the next match, Shift+Enter for the previous, Esc to close' },
        { keys: [['Enter']], does: 'Send the message' },
        { keys: [['Shift', 'Enter']], does: 'A new line in the message' },
        { keys: [['Esc']], does: 'Stop the answer being written (in the message box)' },
        {
          keys: [
            [alt, '↑'],
            [alt, '↓']
          ],
          does: mac ? 'Previous or next conversation (outside the message box)' : 'Previous or next conversation'
        }
      ]
    },
    {
      title: 'Files',
      shortcuts: [
        { keys: [['→'], ['←']], does: 'Open or close a folder, or go into it or up from it' },
        { keys: [['Enter']], does: 'Open a file' },
        { keys: [['F2']], does: 'Rename or move' },
        { keys: [['Delete']], does: 'Delete (asks first)' },
        { keys: [['Shift', 'F10'], ['Menu']], does: 'The entry’s menu' },
        { keys: [['a'], ['b'], ['…']], does: 'Type a name’s first letters to go to it' },
        { keys: [['Esc']], does: 'Clear the library search (in its box); from its results, back to the box' }
      ]
    }
  ]
}

/** `Ctrl + K`, each key drawn as a key; alternatives separated by "or". */
function Keys({ keys }: { keys: readonly Combo[] }) {
  return (
    <>
      {keys.map((combo, i) => (
        <Fragment key={i}>
          {i > 0 && <Text span size="xs" c="dimmed">{` or `}</Text>}
          <span style={{ whiteSpace: 'nowrap' }}>
            {combo.map((key, j) => (
              <Fragment key={j}>
                {j > 0 && ' + '}
                <Kbd size="sm">{key}</Kbd>
              </Fragment>
            ))}
          </span>
        </Fragment>
      ))}
    </>
  )
}

function ShortcutList() {
  return shortcutSections(onMac()).map(({ title, shortcuts }) => (
    <Fragment key={title}>
      <Title order={3} size="h5" mt="sm" mb={4}>
        {title}
      </Title>
      <Table verticalSpacing={4} fz="sm" layout="fixed">
        <Table.Tbody>
          {shortcuts.map((s) => (
            <Table.Tr key={s.does}>
              <Table.Td w="42%">
                <Keys keys={s.keys} />
              </Table.Td>
              <Table.Td>{s.does}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Fragment>
  ))
}

let shown = false
const DIALOG_ID = 'keyboard-shortcuts'

/** Opens the list (once: pressed again while it is open, nothing more opens, and no key is held for it). */
export function showShortcuts(): void {
  if (shown) return void stopHolding()
  shown = true
  // Ctrl+K, which it lists, closes it (AppLayout): the search opened behind it, the keys typed next going into a box under it.
  // The page changing under it (the browser's Back or Forward, a link) closes it, as any dialog (confirm.ts).
  shortcutsShown(() => modals.close(DIALOG_ID))
  openDialog({
    modalId: DIALOG_ID,
    title: 'Keyboard shortcuts',
    size: 'lg',
    children: <ShortcutList />,
    // Closed by Ctrl+K, the focus stays in the search box: Mantine's return to the opener, a timer later, took it back from there.
    // Closed otherwise, the focus goes back to the opener all the same (confirm.ts, backToOpener).
    returnFocus: false,
    onClose: () => {
      shown = false
      shortcutsShown(null)
    }
  })
}
