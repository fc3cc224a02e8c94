import { ActionIcon, Badge, Group, Menu, Stack, Text } from '@mantine/core'
import { askToConfirm } from '../../app/confirm'
import { notifications } from '@mantine/notifications'
import { IconChevronDown, IconChevronRight, IconDots, IconFile, IconFolder } from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useMemo, useRef, type DragEvent, type KeyboardEvent } from 'react'
import { focusWhenLost } from '../../app/focus-when-lost'
import { useLatest } from '../../app/use-latest'
import { MENU_AT_ONCE } from '../../app/menu-at-once'
import type { FileInfo } from '../../../../shared/contract/vector-fs'
import { noticeText } from '../../api/client'
import { useClient } from '../../api/client-context'
import { invalidateAfter, keys } from '../../api/queries'
import { beginLeaving } from '../../api/vfs-leaving'
import { kindChangedText } from './entry-kind-failure'
import { FolderContents } from './FolderContents'
import { PathUsers } from './PathUsers'
import { flattenTree, openFoldersToRead } from './tree-lines'
import { treeListStyle, treeRowPlace, TreeNote } from './tree-parts'
import classes from './tree.module.css'
import { useFolderListings, useVirtualTree } from './use-virtual-tree'
import { fileSizeText } from '../../../../shared/byte-size'
import { fileState, isWithin } from './vfs-paths'
import { MenuList } from '../../app/MenuList'

// The library's folder tree: virtualised rows, drag to move or upload, each entry's menu and its delete.

/** A tree entry being dragged onto a folder (a move), as opposed to files from outside (an upload). */
export const ENTRY_MIME = 'application/x-nodedesk-vfs-entry'

/** The tree's row of `path`, if it is drawn. */
const treeRowAt = (path: string) => document.querySelector<HTMLElement>(`[role=treeitem][data-path="${CSS.escape(path)}"]`)

/**
 * Puts the focus on the tree's row of `path` once it is drawn (a moved row, once the tree is read
 * again; 1.5 s at most, then the row that takes the tree's Tab), unless the operator has put it
 * somewhere else than the tree, the closing dialog, `from` (the search result the reveal was asked
 * from) or nowhere meanwhile, or `moved` says the operator has moved in the tree since.
 */
function focusTreeRow(path: string, moved: () => boolean, from?: Element): void {
  const until = Date.now() + 1500
  const settle = () => {
    if (moved()) return
    const at = document.activeElement
    const free = !at || at === document.body || !at.isConnected || at === from || !!at.closest('[role=tree], [role=dialog]')
    if (!free) return
    const row = treeRowAt(path)
    if (row && !row.closest('[role=dialog]')) return row.focus()
    if (Date.now() < until) setTimeout(settle, 50)
    else document.querySelector<HTMLElement>('[role=tree] [role=treeitem][tabindex="0"]')?.focus()
  }
  settle()
}

/** How long a moved entry's row is waited for (its folders read one level at a time) before the focus goes elsewhere. */
const REVEAL_WAIT_MS = 3000

/** Rows are one height, so the list knows where every row is without drawing it. */
const TREE_ROW_HEIGHT = 34
const INDENT = 16

interface TreeProps {
  readonly top: readonly FileInfo[]
  readonly expanded: ReadonlySet<string>
  readonly selected?: string
  readonly onFolder: (path: string) => void
  readonly onFile: (path: string) => void
  readonly onDropInto: (folder: string) => (e: DragEvent) => void
  /** The folder a drop would go into (files or an entry are over its row), marked in the tree. */
  readonly dropFolder: string | null
  readonly onDragOverFolder: (folder: string) => void
  readonly onMove: (entry: FileInfo) => void
  readonly onDeleted: (path: string) => void
  /** A row to show and focus once the tree has it (its folders are being read), then onRevealed. */
  readonly reveal: string | null
  /** The control the reveal was asked from (a name found by the search): the focus still on it goes to the row. */
  readonly revealFrom?: Element
  readonly onRevealed: () => void
}

/**
 * The library's tree as one virtual list of its visible rows: open folders' children in place, read
 * from the node as folders open. A folder of any size draws only the rows on screen.
 */
export function LibraryTree({
  top,
  expanded,
  selected,
  onFolder,
  onFile,
  onDropInto,
  dropFolder,
  onDragOverFolder,
  onMove,
  onDeleted,
  reveal,
  revealFrom,
  onRevealed
}: TreeProps) {
  const toRead = useMemo(() => openFoldersToRead(expanded), [expanded])
  const listings = useFolderListings(toRead)
  const lines = useMemo(
    () => flattenTree(top, (e) => (expanded.has(e.path) ? (listings.get(e.path) ?? { state: 'loading' }) : undefined)),
    [top, expanded, listings]
  )
  const scrollRef = useRef<HTMLDivElement>(null)
  const labelId = useId()
  const openEntry = (entry: FileInfo) => (entry.is_directory ? onFolder(entry.path) : onFile(entry.path))
  const {
    virtualizer,
    treeProps,
    rowProps,
    dragProps,
    reveal: revealRow,
    userMoves
  } = useVirtualTree({
    scrollRef,
    lines,
    rowHeight: TREE_ROW_HEIGHT,
    toggle: (e) => {
      onFolder(e.path)
      return true
    },
    act: openEntry,
    initial: selected
  })
  const confirmDelete = useConfirmDelete(onDeleted)
  // The row to reveal is drawn and scrolled to as soon as the folders above it are read; past a few
  // seconds without it, the focus goes to the tree's Tab stop instead. Unless the operator has moved in
  // the tree meanwhile (arrow keys while the folders were read): the focus, the Tab stop and the
  // scroll stay where they were taken.
  const revealing = useLatest({ revealRow, onRevealed, userMoves, revealFrom })
  /** The reveal asked for, and the operator's moves in the tree when it was asked. */
  const asked = useRef<{ path: string; moves: number } | null>(null)
  useEffect(() => {
    if (reveal === null) {
      asked.current = null
      return
    }
    if (asked.current?.path !== reveal) asked.current = { path: reveal, moves: revealing.current.userMoves() }
    const movesAsked = asked.current.moves
    const moved = () => revealing.current.userMoves() !== movesAsked
    if (moved()) {
      revealing.current.onRevealed()
      return
    }
    if (revealing.current.revealRow(reveal)) {
      focusTreeRow(reveal, moved, revealing.current.revealFrom)
      revealing.current.onRevealed()
      return
    }
    const giveUp = setTimeout(() => {
      focusTreeRow(reveal, moved, revealing.current.revealFrom)
      revealing.current.onRevealed()
    }, REVEAL_WAIT_MS)
    return () => clearTimeout(giveUp)
  }, [reveal, lines, revealing])
  // A desktop tree's own keys on a row: Delete asks to delete it, F2 renames or moves it (both also in its menu).
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const row = e.target instanceof HTMLElement && e.target.matches('[role=treeitem]') ? e.target : null
    const line = row ? lines[Number(row.dataset.index)] : undefined
    if (line?.kind === 'entry' && !e.altKey && !e.ctrlKey && !e.metaKey && !e.shiftKey && (e.key === 'Delete' || e.key === 'F2')) {
      e.preventDefault()
      return e.key === 'Delete' ? confirmDelete(line.entry) : onMove(line.entry)
    }
    treeProps.onKeyDown(e)
  }
  return (
    <div ref={scrollRef} style={{ flex: 1, minHeight: 0, overflow: 'auto' }} data-testid="tree-scroll" {...treeProps} onKeyDown={onKeyDown}>
      <ul role="tree" aria-label="Folders and files" style={treeListStyle(virtualizer.getTotalSize())}>
        {virtualizer.getVirtualItems().map((item) => {
          const line = lines[item.index]!
          const place = treeRowPlace(item, line.key)
          if (line.kind === 'note')
            return (
              // The arrow keys pass through an empty or loading folder's note as through any row.
              <li key={line.key} {...place} {...rowProps(line)} className={classes.row}>
                <TreeNote line={line} indent={INDENT} />
              </li>
            )
          const { entry } = line
          return (
            <li
              key={line.key}
              {...place}
              {...rowProps(line)}
              className={classes.row}
              data-testid="tree-row"
              data-path={entry.path}
              aria-selected={selected === entry.path}
              // Named by its visible text (name, size, state), not by its menu button inside it.
              aria-labelledby={`${labelId}-${item.index}`}
              draggable
              onDragStart={(e) => {
                e.dataTransfer.setData(ENTRY_MIME, JSON.stringify({ path: entry.path, is_directory: entry.is_directory }))
                e.dataTransfer.effectAllowed = 'move'
                dragProps(line.key).onDragStart()
              }}
              onDragEnd={dragProps(line.key).onDragEnd}
              // On the whole row, its indent too: on the row's drawn part alone, a drop a little left of a
              // nested folder (over its indent) went to the upload target instead.
              onDragOver={
                entry.is_directory
                  ? (e) => {
                      e.preventDefault()
                      // Marked as where the drop goes; the page below does not take it for a drop of its own.
                      e.stopPropagation()
                      if (dropFolder !== entry.path) onDragOverFolder(entry.path)
                    }
                  : undefined
              }
              onDrop={entry.is_directory ? onDropInto(entry.path) : undefined}
              onClick={() => openEntry(entry)}
            >
              <TreeRow
                labelId={`${labelId}-${item.index}`}
                entry={entry}
                depth={line.depth}
                isOpen={line.open}
                selected={selected === entry.path}
                dropTarget={dropFolder === entry.path}
                onMove={onMove}
                onDelete={confirmDelete}
              />
            </li>
          )
        })}
      </ul>
    </div>
  )
}

interface RowProps {
  /** The id of the row's text, which names the row. */
  readonly labelId: string
  readonly entry: FileInfo
  readonly depth: number
  readonly isOpen: boolean
  readonly selected: boolean
  /** Files (or a dragged entry) are over this folder's row: a drop goes into it. */
  readonly dropTarget: boolean
  readonly onMove: (entry: FileInfo) => void
  readonly onDelete: (entry: FileInfo) => void
}

/** A row's look; the row itself (the tree item) takes the clicks, the keys and the drag. */
function TreeRow({ labelId, entry, depth, isOpen, selected, dropTarget, onMove, onDelete }: RowProps) {
  const state = fileState(entry.status)
  return (
    <Group
      gap={4}
      wrap="nowrap"
      h="100%"
      data-drop-target={dropTarget || undefined}
      bg={selected || dropTarget ? 'var(--mantine-primary-color-light)' : undefined}
      style={{
        borderRadius: 4,
        marginLeft: depth * INDENT,
        cursor: 'pointer',
        outline: dropTarget ? '2px dashed var(--mantine-primary-color-filled)' : undefined,
        outlineOffset: -2
      }}
    >
      <Group id={labelId} gap={6} wrap="nowrap" style={{ flex: 1, minWidth: 0, padding: '4px 6px' }}>
        {entry.is_directory ? (
          <>
            {isOpen ? <IconChevronDown size="0.875rem" /> : <IconChevronRight size="0.875rem" />}
            <IconFolder size="1rem" />
          </>
        ) : (
          // Under the folders' icons: past their chevron (0.875rem) and the gap after it (Mantine's gap={6}, 0.375rem).
          <IconFile size="1rem" style={{ marginLeft: '1.25rem' }} />
        )}
        {/* Cut to the row's width: the whole name shows on hovering it (a long one ended in "…" with no way to read it). */}
        {/* Spans, not paragraphs: a reader's paragraph spacing (WCAG 1.4.12) lifted the names out of their rows. */}
        <Text component="span" size="sm" truncate title={entry.name}>
          {entry.name}
        </Text>
        {!entry.is_directory && (
          // The size gives way before the name: kept whole, it left a narrow row's name one letter and "…".
          <Text component="span" size="xs" c="dimmed" truncate style={{ flexShrink: 1000, minWidth: 0 }}>
            {/* A space where the row's text is read as one (its name), unseen at the start of the line. */} {fileSizeText(entry.size)}
            {state.kind === 'processing' ? ' · embedding…' : ''}
          </Text>
        )}
        {state.kind === 'failed' && (
          // Short, so the name beside it stays readable: the reason is in the tooltip and, whole, in the preview.
          // Filled, so it reads on the selected row's tint as on the page.
          <Badge size="xs" color="red.9" variant="filled" miw="max-content" title={`Failed: ${state.reason}`}>
            {' '}
            failed
          </Badge>
        )}
      </Group>
      {/* Clicks in the menu (drawn in a portal, but bubbling through React) are not clicks on the row. */}
      <span onClick={(e) => e.stopPropagation()}>
        <EntryMenu entry={entry} onMove={() => onMove(entry)} onDelete={() => onDelete(entry)} />
      </span>
    </Group>
  )
}

/** The paths whose delete this window has asked for and the node not yet answered (a folder of thousands takes seconds). */
const deletesUnderWay: string[] = []

/** Deleting a library entry, after a confirmation naming it and what goes with it. */
function useConfirmDelete(onDeleted: (path: string) => void): (entry: FileInfo) => void {
  const client = useClient()
  const qc = useQueryClient()
  // A listing the tree holds is counted as it is (events keep it fresh); others are read without being kept.
  const read = (path: string) =>
    Promise.resolve(
      qc.getQueryData<FileInfo[]>(keys.vfsFolder(path)) ?? client.call('retrieve_path_simplified', { query: { path, depth: '0' } })
    )
  const askUsers = (path: string) => client.call('vector_fs_path_usage', { query: { path } })
  /** Said instead of asking again, for an entry whose delete (or its folder's) is under way: confirmed, it was a 404. */
  const underWay = (entry: FileInfo) => {
    if (!deletesUnderWay.some((p) => isWithin(entry.path, p))) return false
    notifications.show({ message: `${entry.path} is being deleted already.` })
    return true
  }
  return (entry) => {
    if (underWay(entry)) return
    const modalId = `confirm-delete:${entry.path}`
    askToConfirm({
      modalId,
      title: `Delete ${entry.name}?`,
      children: entry.is_directory ? (
        <Stack gap="xs">
          <Text size="sm">The folder {entry.path} and everything in it will be deleted.</Text>
          <FolderContents path={entry.path} read={read} />
          <PathUsers path={entry.path} ask={askUsers} modalId={modalId} />
        </Stack>
      ) : (
        <Stack gap="xs">
          <Text size="sm">The file {entry.path}, its passages and embeddings will be deleted.</Text>
          <PathUsers path={entry.path} ask={askUsers} modalId={modalId} />
        </Stack>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      // Asked from the row's menu, the dialog hands the focus back to an item of the closed menu, which
      // then goes: the row takes it, as when the dialog was asked with the Delete key (once deleted,
      // the tree hands it on to the row taking its place).
      onClose: () =>
        focusWhenLost(
          () => treeRowAt(entry.path),
          (el) => el.closest('[role=menu]') !== null
        ),
      onConfirm: () => {
        if (underWay(entry)) return
        // A folder of thousands of files takes seconds to delete: past a moment, a notification says it is under way.
        const id = `delete:${entry.path}`
        let shown = false
        const slow = setTimeout(() => {
          shown = true
          notifications.show({ id, loading: true, autoClose: false, withCloseButton: false, message: `Deleting ${entry.path}…` })
        }, SLOW_DELETE_MS)
        const settle = (done: { color: string; title?: string; message: string }) => {
          clearTimeout(slow)
          if (shown) notifications.update({ id, loading: false, autoClose: 4000, withCloseButton: true, ...done })
          else if (done.color === 'red') notifications.show(done)
        }
        // A promise, not a mutation's callbacks: those do not run once the page is left or another delete
        // has begun, which left the notification turning for good.
        // The page lets go of the entry (its preview, its open folders) before the library is read again:
        // still shown, they were read at a path the node no longer has (a 404 each).
        // Nor is it read meanwhile: the node's event of the delete may come before its answer (see vfs-leaving).
        const route = entry.is_directory ? 'delete_folder' : 'delete_item'
        const done = beginLeaving(qc, entry.path)
        deletesUnderWay.push(entry.path)
        const over = () => deletesUnderWay.splice(deletesUnderWay.indexOf(entry.path), 1)
        client.call(route, { body: { path: entry.path } }).then(
          () => {
            over()
            settle({ color: 'teal', message: `${entry.path} deleted` })
            onDeleted(entry.path)
            void invalidateAfter(qc, route, { path: entry.path })
            done(true)
          },
          (err: unknown) => {
            over()
            done(false)
            settle({ color: 'red', title: `${entry.name} was not deleted`, message: kindChangedText(err, entry) ?? noticeText(err) })
          }
        )
      }
    })
  }
}

/** How long a delete may take before a notification says it is under way. */
const SLOW_DELETE_MS = 400

/** A key shown beside a menu item that does the same from the tree's row (announced as the item's aria-keyshortcuts, not in its name). */
const shortcut = (key: string) => (
  <Text size="xs" c="dimmed" aria-hidden>
    {key}
  </Text>
)

function EntryMenu({ entry, onMove, onDelete }: { entry: FileInfo; onMove: () => void; onDelete: () => void }) {
  return (
    // Drawn and gone at once, as the inbox menus: opened again during a closing transition (Shift+F10 soon
    // after Escape or a dialog it opened), Mantine's menu did not open, and the row's keys went nowhere.
    <Menu position="bottom-end" withinPortal {...MENU_AT_ONCE}>
      <Menu.Target>
        {/* Not a Tab stop of its own (the tree is one): the context menu key or Shift+F10 on the row opens it. */}
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${entry.name}`} tabIndex={-1} data-row-menu>
          {/* In rem, as its button: 16 px, the "…" looked tiny at a large text size. */}
          <IconDots size="1rem" />
        </ActionIcon>
      </Menu.Target>
      <MenuList>
        <Menu.Item onClick={onMove} rightSection={shortcut('F2')} aria-keyshortcuts="F2">
          Rename or move…
        </Menu.Item>
        <Menu.Item color="red" data-danger onClick={onDelete} rightSection={shortcut('Del')} aria-keyshortcuts="Delete">
          Delete…
        </Menu.Item>
      </MenuList>
    </Menu>
  )
}
