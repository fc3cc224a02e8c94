import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  CloseButton,
  FileButton,
  Group,
  Loader,
  Menu,
  Modal,
  Paper,
  Progress,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton
} from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { askToConfirm } from '../../app/confirm'
import { notifications } from '@mantine/notifications'
import {
  IconChevronDown,
  IconChevronRight,
  IconDots,
  IconFile,
  IconFolder,
  IconFolderPlus,
  IconSearch,
  IconUpload
} from '@tabler/icons-react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  memo,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type DragEvent,
  type KeyboardEvent,
  type ReactNode,
  type RefObject
} from 'react'
import { focusWhenLost } from '../../app/focus-when-lost'
import type { FileInfo } from '../../../../shared/contract/vector-fs'
import { ApiFailure, errorText } from '../../api/client'
import { useClient } from '../../api/client-context'
import { invalidateAfter, invalidateLibraryWithout, keys, useRouteMutation, useVfsFolder } from '../../api/queries'
import { navigate } from '../../app/router'
import { entriesOfDrop, walkDrop, type DroppedEntry } from './dropped-folders'
import { FilePreview } from './FilePreview'
import { Highlighted } from './Highlighted'
import { searchWords } from './highlight'
import { isCancellable, isSent, UploadQueue, uploadView, type UploadRow } from './upload-queue'
import { uploadQueueFor } from './shared-upload-queue'
import { FolderSelect } from './FolderSelect'
import { flattenTree, openFoldersToRead } from './tree-lines'
import { treeListStyle, treeRowPlace, TreeNote } from './tree-parts'
import classes from './tree.module.css'
import pageClasses from './FilesPage.module.css'
import { useFolderListings, useVirtualTree } from './use-virtual-tree'
import {
  ancestorsOf,
  baseName,
  fileState,
  formatSize,
  isWithin,
  joinPath,
  nameProblem,
  parentPath,
  pathAfterMove,
  toggleExpanded
} from './vfs-paths'

const filesOfDrop = (e: DragEvent) => [...(e.dataTransfer?.files ?? [])]
const carriesFiles = (e: DragEvent) => [...(e.dataTransfer?.types ?? [])].includes('Files')
/** A tree entry being dragged onto a folder (a move), as opposed to files from outside (an upload). */
const ENTRY_MIME = 'application/x-nodedesk-vfs-entry'
const carriesEntry = (e: DragEvent) => [...(e.dataTransfer?.types ?? [])].includes(ENTRY_MIME)

/** The document library: a tree of folders and files, uploads, search and a file's preview. */
export function FilesPage({ path, node }: { path?: string; node?: string }) {
  const client = useClient()
  const qc = useQueryClient()
  const queue = useMemo(() => uploadQueueFor(client, qc), [client, qc])
  const [target, setTarget] = useState('/')
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set(path ? ancestorsOf(path) : []))
  const [dragOver, setDragOver] = useState(false)
  const [newFolder, setNewFolder] = useState(false)
  const [moving, setMoving] = useState<FileInfo | null>(null)
  /** Where the entry of the move dialog went (set once moved), for the focus when the dialog closes. */
  const movedTo = useRef<string | null>(null)
  /** A row the tree shows and focuses once it has it (an entry moved into a folder that was closed). */
  const [reveal, setReveal] = useState<string | null>(null)
  const root = useVfsFolder('/')
  const uploadButton = useRef<HTMLButtonElement>(null)
  // The upload folder deleted elsewhere (another window, a script): uploads go to the folder above,
  // as when it is deleted here, not to a folder the node no longer has (every upload failed with 404).
  const targetListing = useVfsFolder(target, target !== '/')
  // Only a 404 the node has just given: a cached one (a folder of that name deleted earlier, made again) is read again first.
  const targetGone =
    targetListing.error instanceof ApiFailure &&
    targetListing.error.status === 404 &&
    targetListing.fetchStatus === 'idle' &&
    targetListing.errorUpdatedAt > targetListing.dataUpdatedAt
  if (target !== '/' && targetGone) setTarget(parentPath(target))

  const open = (folder: string) => {
    setTarget(folder)
    setExpanded((e) => toggleExpanded(e, folder))
  }
  // The upload folder, the open folders and the file shown follow an entry moved here, and leave one deleted here.
  const afterMove = (from: string, to: string) => {
    setTarget((t) => pathAfterMove(t, from, to))
    setExpanded((e) => new Set([...e].map((p) => pathAfterMove(p, from, to))))
    if (path && isWithin(path, from)) navigate({ name: 'files', path: pathAfterMove(path, from, to), node })
  }
  const afterDelete = (deleted: string) => {
    setTarget((t) => (isWithin(t, deleted) ? parentPath(deleted) : t))
    setExpanded((e) => new Set([...e].filter((p) => !isWithin(p, deleted))))
    if (path && isWithin(path, deleted)) navigate({ name: 'files' })
  }
  const [moveError, setMoveError] = useState<string | null>(null)
  const moveInto = async (folder: string, raw: string) => {
    const { path: origin, is_directory } = JSON.parse(raw) as { path: string; is_directory: boolean }
    if (parentPath(origin) === folder || origin === folder) return
    setMoveError(null)
    const destination = joinPath(folder, baseName(origin))
    try {
      await client.call(is_directory ? 'move_folder' : 'move_item', { body: { origin_path: origin, destination_path: destination } })
      afterMove(origin, destination)
      await Promise.all(invalidateLibraryWithout(qc, origin))
    } catch (err) {
      setMoveError(`${baseName(origin)} was not moved: ${errorText(err)}`)
      await qc.invalidateQueries({ queryKey: keys.vfs })
    }
  }
  const dropInto = (folder: string) => (e: DragEvent) => {
    if (carriesEntry(e)) {
      e.preventDefault()
      e.stopPropagation()
      void moveInto(folder, e.dataTransfer.getData(ENTRY_MIME))
      return
    }
    if (!carriesFiles(e)) return
    e.preventDefault()
    e.stopPropagation()
    setDragOver(false)
    const entries = entriesOfDrop(e.dataTransfer)
    if (entries.some((entry) => entry.isDirectory)) void uploadFolders(entries, folder)
    else queue.add(folder, filesOfDrop(e))
  }
  /** Folders dropped from the desktop: made in the library as they are, then their files queued (a folder was sent as a file: 415). */
  const uploadFolders = async (entries: readonly DroppedEntry[], folder: string) => {
    setMoveError(null)
    let tree
    try {
      tree = await walkDrop(entries, folder)
    } catch (err) {
      setMoveError(`The dropped folder could not be read: ${(err as Error)?.message ?? err}`)
      return
    }
    for (const f of tree.folders) {
      try {
        await client.call('create_folder', { body: { path: parentPath(f), folder_name: baseName(f) } })
      } catch (err) {
        // A folder of that name is there already: the files go into it.
        if (err instanceof ApiFailure && err.status === 409) continue
        setMoveError(`${baseName(f)} was not created, so nothing in it was uploaded: ${errorText(err)}`)
        return
      }
    }
    void qc.invalidateQueries({ queryKey: keys.vfsFolder(folder) })
    // Every file of every folder queued at once (one add per folder copied the queue's rows once per folder).
    queue.addAll(tree.files)
  }

  return (
    <Stack
      gap="md"
      style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}
      data-testid="files-page"
      data-dragover={dragOver ? 'true' : undefined}
      onDragOver={(e) => {
        if (!carriesFiles(e)) return
        e.preventDefault()
        setDragOver(true)
      }}
      onDragLeave={(e) => {
        if (e.currentTarget === e.target) setDragOver(false)
      }}
      onDrop={dropInto(target)}
    >
      <Group justify="space-between">
        <Title order={2}>Files</Title>
        <Group gap="xs">
          <FileButton multiple onChange={(files) => queue.add(target, files)}>
            {(props) => (
              <Button {...props} ref={uploadButton} leftSection={<IconUpload size={16} />}>
                Upload files
              </Button>
            )}
          </FileButton>
          <Button variant="light" leftSection={<IconFolderPlus size={16} />} onClick={() => setNewFolder(true)}>
            New folder
          </Button>
        </Group>
      </Group>
      {/* Wrapped anywhere: a long folder path (one word to the browser) ran past the window's edge, cut off. */}
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }} data-testid="upload-target">
        Drop files onto the page to upload them into {folderName(target)}, or onto a folder in the tree.
      </Text>
      <UploadRows queue={queue} uploadButton={uploadButton} />
      {moveError && (
        <Alert color="red" withCloseButton onClose={() => setMoveError(null)} closeButtonLabel="Dismiss">
          {moveError}
        </Alert>
      )}
      <Search onOpen={(p, n) => navigate({ name: 'files', path: p, node: n })} />
      <Box className={pageClasses.split} data-previewing={path ? true : undefined}>
        <Paper
          withBorder
          p="xs"
          component="nav"
          aria-label="Library"
          style={{
            display: 'flex',
            flexDirection: 'column',
            minHeight: 0,
            overflow: 'hidden',
            outline: dragOver ? '2px dashed var(--mantine-primary-color-filled)' : undefined
          }}
        >
          {root.isPending && <Loader size="sm" aria-label="Loading the library" />}
          {root.isError && <Alert color="red">{errorText(root.error)}</Alert>}
          {root.data?.length === 0 && (
            <Stack align="center" gap={4} p="xl" data-testid="files-empty">
              <IconUpload size={32} />
              <Text fw={500}>The library is empty</Text>
              <Text size="sm" c="dimmed" ta="center">
                Drop files here or choose Upload files. Jobs can then use them as their scope, and answers cite them.
              </Text>
            </Stack>
          )}
          {root.data && root.data.length > 0 && (
            <LibraryTree
              top={root.data}
              expanded={expanded}
              selected={path}
              onFolder={open}
              onFile={(p) => navigate({ name: 'files', path: p })}
              onDropInto={dropInto}
              onMove={setMoving}
              onDeleted={afterDelete}
              reveal={reveal}
              onRevealed={() => setReveal(null)}
            />
          )}
        </Paper>
        {path && <FilePreview key={path} path={path} node={node} />}
      </Box>
      <NewFolderDialog
        opened={newFolder}
        parent={target}
        onClose={() => setNewFolder(false)}
        onCreated={(made) => {
          // Made inside a closed folder, it was out of sight: the folders above it open, and the focus goes to it.
          setExpanded((e) => new Set([...e, ...ancestorsOf(made)]))
          setReveal(made)
        }}
      />
      {moving && (
        <MoveDialog
          entry={moving}
          onMoved={(from, to) => {
            afterMove(from, to)
            // Moved into a closed folder (deep in the tree, maybe): the folders above it open, so it is seen where it went.
            setExpanded((e) => new Set([...e, ...ancestorsOf(to)]))
            movedTo.current = to
          }}
          onClose={() => {
            // The dialog was opened from the row's menu, which is gone by now: the focus goes back to the
            // row (at its new place when moved), else to the tree's row that takes the Tab, not to the page.
            const at = movedTo.current ?? moving.path
            movedTo.current = null
            setMoving(null)
            setReveal(at)
          }}
        />
      )}
    </Stack>
  )
}

/** The tree's row of `path`, if it is drawn. */
const treeRowAt = (path: string) => document.querySelector<HTMLElement>(`[role=treeitem][data-path="${CSS.escape(path)}"]`)

/**
 * Puts the focus on the tree's row of `path` once it is drawn (a moved row, once the tree is read
 * again; 1.5 s at most, then the row that takes the tree's Tab), unless the operator has put it
 * somewhere else than the tree, the closing dialog or nowhere meanwhile.
 */
function focusTreeRow(path: string): void {
  const until = Date.now() + 1500
  const settle = () => {
    const at = document.activeElement
    const free = !at || at === document.body || !at.isConnected || !!at.closest('[role=tree], [role=dialog]')
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
  readonly onMove: (entry: FileInfo) => void
  readonly onDeleted: (path: string) => void
  /** A row to show and focus once the tree has it (its folders are being read), then onRevealed. */
  readonly reveal: string | null
  readonly onRevealed: () => void
}

/**
 * The library's tree as one virtual list of its visible rows: open folders' children in place, read
 * from the node as folders open. A folder of any size draws only the rows on screen.
 */
function LibraryTree({ top, expanded, selected, onFolder, onFile, onDropInto, onMove, onDeleted, reveal, onRevealed }: TreeProps) {
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
    reveal: revealRow
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
  // seconds without it, the focus goes to the tree's Tab stop instead.
  const revealing = useRef({ revealRow, onRevealed })
  useEffect(() => {
    revealing.current = { revealRow, onRevealed }
  })
  useEffect(() => {
    if (reveal === null) return
    if (revealing.current.revealRow(reveal)) {
      focusTreeRow(reveal)
      revealing.current.onRevealed()
      return
    }
    const giveUp = setTimeout(() => {
      focusTreeRow(reveal)
      revealing.current.onRevealed()
    }, REVEAL_WAIT_MS)
    return () => clearTimeout(giveUp)
  }, [reveal, lines])
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
              onClick={() => openEntry(entry)}
            >
              <TreeRow
                labelId={`${labelId}-${item.index}`}
                entry={entry}
                depth={line.depth}
                isOpen={line.open}
                selected={selected === entry.path}
                onDropInto={onDropInto}
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
  readonly onDropInto: (folder: string) => (e: DragEvent) => void
  readonly onMove: (entry: FileInfo) => void
  readonly onDelete: (entry: FileInfo) => void
}

/** A row's look; the row itself (the tree item) takes the clicks, the keys and the drag. */
function TreeRow({ labelId, entry, depth, isOpen, selected, onDropInto, onMove, onDelete }: RowProps) {
  const state = fileState(entry.status)
  return (
    <Group
      gap={4}
      wrap="nowrap"
      h="100%"
      onDragOver={entry.is_directory ? (e) => e.preventDefault() : undefined}
      onDrop={entry.is_directory ? onDropInto(entry.path) : undefined}
      bg={selected ? 'var(--mantine-primary-color-light)' : undefined}
      style={{ borderRadius: 4, marginLeft: depth * INDENT, cursor: 'pointer' }}
    >
      <Group id={labelId} gap={6} wrap="nowrap" style={{ flex: 1, minWidth: 0, padding: '4px 6px' }}>
        {entry.is_directory ? (
          <>
            {isOpen ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
            <IconFolder size={16} />
          </>
        ) : (
          <IconFile size={16} style={{ marginLeft: 20 }} />
        )}
        <Text size="sm" truncate>
          {entry.name}
        </Text>
        {!entry.is_directory && (
          <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
            {/* A space where the row's text is read as one (its name), unseen at the start of the line. */} {formatSize(entry.size)}
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

/** Deleting a library entry, after a confirmation naming it and what goes with it. */
function useConfirmDelete(onDeleted: (path: string) => void): (entry: FileInfo) => void {
  const client = useClient()
  const qc = useQueryClient()
  return (entry) =>
    askToConfirm({
      title: `Delete ${entry.name}?`,
      children: (
        <Text size="sm">
          {entry.is_directory
            ? `The folder ${entry.path} and everything in it will be deleted. Jobs whose scope names it will find nothing there.`
            : `The file ${entry.path}, its passages and embeddings will be deleted.`}
        </Text>
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
        const route = entry.is_directory ? 'delete_folder' : 'delete_item'
        client.call(route, { body: { path: entry.path } }).then(
          () => {
            settle({ color: 'teal', message: `${entry.path} deleted` })
            onDeleted(entry.path)
            void invalidateAfter(qc, route, { path: entry.path })
          },
          (err: unknown) => settle({ color: 'red', title: `${entry.name} was not deleted`, message: errorText(err) })
        )
      }
    })
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
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        {/* Not a Tab stop of its own (the tree is one): the context menu key or Shift+F10 on the row opens it. */}
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${entry.name}`} tabIndex={-1} data-row-menu>
          <IconDots size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={onMove} rightSection={shortcut('F2')} aria-keyshortcuts="F2">
          Rename or move…
        </Menu.Item>
        <Menu.Item color="red" data-danger onClick={onDelete} rightSection={shortcut('Del')} aria-keyshortcuts="Delete">
          Delete…
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  )
}

function UploadRows({ queue, uploadButton }: { queue: UploadQueue; uploadButton: RefObject<HTMLButtonElement | null> }) {
  const rows = useSyncExternalStore(queue.subscribe, queue.snapshot)
  const view = useMemo(() => uploadView(rows), [rows])
  const cancelAllButton = useRef<HTMLButtonElement>(null)
  const clearButton = useRef<HTMLButtonElement>(null)
  // Both buttons go once they have done their work: the focus moves to the other one, else to Upload files.
  const focusNext = (clicked: HTMLElement) =>
    focusWhenLost(
      () => cancelAllButton.current ?? clearButton.current ?? uploadButton.current,
      (el) => el === clicked
    )
  if (rows.length === 0) return null
  const finished = view.done + view.failed + view.cancelled > 0
  const hidden = view.total - view.shown.length
  return (
    <Paper withBorder p="xs" component="section" aria-label="Uploads">
      <Stack gap={6}>
        {hidden > 0 && (
          <div data-testid="upload-summary">
            <Text size="sm">
              {view.waiting > 0 ? `Uploading: ${view.done} of ${view.total} files done` : `${view.done} of ${view.total} files uploaded`}
              {view.failed > 0 ? `, ${view.failed} failed` : ''}
              {view.cancelled > 0 ? `, ${view.cancelled} cancelled` : ''} ({hidden} not listed)
            </Text>
            <Progress
              value={(100 * (view.total - view.waiting)) / view.total}
              size="xs"
              aria-label={`Uploads: ${view.total - view.waiting} of ${view.total} finished`}
            />
          </div>
        )}
        {view.shown.map((r) => (
          <UploadRowView key={r.id} row={r} queue={queue} />
        ))}
        {(finished || view.cancellable > 1) && (
          <Group gap="xs">
            {view.cancellable > 1 && (
              <Button
                ref={cancelAllButton}
                size="xs"
                variant="subtle"
                color="red"
                w="fit-content"
                onClick={(e) => {
                  focusNext(e.currentTarget)
                  queue.cancelAll()
                }}
              >
                Cancel {view.cancellable} uploads
              </Button>
            )}
            {finished && (
              <Button
                ref={clearButton}
                size="xs"
                variant="subtle"
                w="fit-content"
                onClick={(e) => {
                  focusNext(e.currentTarget)
                  queue.clearFinished()
                }}
              >
                Clear finished
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  )
}

/** One file's row; drawn again only when that file's state changes (rows are replaced, not edited, on each step). */
const UploadRowView = memo(function UploadRowView({ row, queue }: { row: UploadRow; queue: UploadQueue }) {
  const s = row.state
  // Every byte sent, the node reads the file (a long PDF takes a while) and stores it: no longer "uploading 100%", nor cancelled.
  const sent = isSent(s)
  const label: ReactNode =
    s.kind === 'queued'
      ? 'queued'
      : sent
        ? 'sent; the node is reading it…'
        : s.kind === 'uploading'
          ? s.total > 0
            ? `uploading ${Math.round((100 * s.loaded) / s.total)}%`
            : 'uploading'
          : s.kind === 'done'
            ? 'done'
            : s.kind === 'cancelled'
              ? 'cancelled'
              : `failed: ${s.error}`
  const value = s.kind === 'done' ? 100 : s.kind === 'uploading' && s.total > 0 ? (100 * s.loaded) / s.total : 0
  return (
    <div data-testid="upload-row" data-state={s.kind}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" truncate>
          {row.name}{' '}
          <Text span size="xs" c="dimmed">
            → {row.folder} · {formatSize(row.size)}
          </Text>
        </Text>
        <Group gap={4} wrap="nowrap" style={{ flexShrink: 0, maxWidth: '60%' }}>
          <Text size="xs" c={s.kind === 'failed' ? 'red' : 'dimmed'}>
            {label}
          </Text>
          {isCancellable(s) && (
            <CloseButton size="xs" aria-label={`Cancel the upload of ${row.name}`} onClick={() => queue.cancel(row.id)} />
          )}
        </Group>
      </Group>
      <Progress
        value={value}
        size="xs"
        color={s.kind === 'failed' ? 'red' : s.kind === 'done' ? 'teal' : undefined}
        animated={s.kind === 'uploading'}
        aria-label={`${row.name}: ${typeof label === 'string' ? label : ''}`}
      />
    </div>
  )
})

const LIBRARY_SEARCH_DEBOUNCE_MS = 300

function Search({ onOpen }: { onOpen: (path: string, node: string) => void }) {
  const client = useClient()
  const [text, setText] = useState('')
  // Searched as words are typed (a moment after the last key); Enter searches at once.
  const [typed] = useDebouncedValue(text, LIBRARY_SEARCH_DEBOUNCE_MS)
  const [submitted, setSubmitted] = useState<string | null>(null)
  const search = submitted === text ? text : text.trim() === '' ? '' : typed
  const results = useQuery({
    queryKey: [...keys.vfsSearch, search],
    queryFn: () => client.call('search_items', { body: { search, max_results: 20 } }),
    enabled: search.trim() !== ''
  })
  const words = searchWords(search)
  return (
    <Stack gap="xs">
      <form
        onSubmit={(e) => {
          e.preventDefault()
          setSubmitted(text)
        }}
      >
        <TextInput
          aria-label="Search the library"
          placeholder="Search passages in every file"
          leftSection={<IconSearch size={16} />}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
        />
      </form>
      {results.isFetching && <Loader size="xs" aria-label="Searching" />}
      {results.isError && <Alert color="red">{errorText(results.error)}</Alert>}
      {results.data?.length === 0 && (
        <Text size="sm" c="dimmed">
          No passage matches “{search}”.
        </Text>
      )}
      {results.data && results.data.length > 0 && (
        <Paper withBorder p="xs" component="section" aria-label="Search results" mah={280} style={{ overflow: 'auto' }}>
          <Stack gap={6}>
            {results.data.map((r) => (
              <UnstyledButton key={`${r.path}#${r.node_id}`} onClick={() => onOpen(r.path, r.node_id)} data-testid="search-result">
                {/* Wrapped anywhere: a long name (one word) and its path ran out of the results, read only by scrolling sideways. */}
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {r.name}{' '}
                  <Text span size="xs" c="dimmed">
                    {r.path}
                  </Text>
                </Text>
                <Text size="sm" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
                  <Highlighted text={r.text} words={words} />
                </Text>
              </UnstyledButton>
            ))}
          </Stack>
        </Paper>
      )}
    </Stack>
  )
}

/** A folder as sentences name it: the top one has no name of its own ("/" told a user nothing). */
const folderName = (folder: string) => (folder === '/' ? 'the top folder' : folder)

/** Why an entry was not made or moved there, in words: the node's 409 said only "folder_name: /Reports exists". */
function placeFailure(err: unknown, name: string, parent: string): string {
  if (err instanceof ApiFailure && err.status === 409)
    return `${folderName(parent).replace(/^./, (c) => c.toUpperCase())} already has a folder or file named “${name}”. Choose another name.`
  return errorText(err)
}

interface NewFolderProps {
  readonly opened: boolean
  readonly parent: string
  readonly onClose: () => void
  /** The folder made, once the node has it. */
  readonly onCreated: (path: string) => void
}

function NewFolderDialog({ opened, parent, onClose, onCreated }: NewFolderProps) {
  const create = useRouteMutation('create_folder')
  const [name, setName] = useState('')
  // Once a folder is made the focus goes to its row, not back to New folder (which took it from the row).
  const [made, setMade] = useState(false)
  // Reset as the dialog opens, in that render: Mantine notes where the focus returns to as it opens.
  const [wasOpened, setWasOpened] = useState(opened)
  if (opened !== wasOpened) {
    setWasOpened(opened)
    if (opened) setMade(false)
  }
  const close = () => {
    setName('')
    create.reset()
    onClose()
  }
  return (
    <Modal opened={opened} onClose={close} title={`New folder in ${folderName(parent)}`} returnFocus={!made}>
      <form
        onSubmit={(e) => {
          e.preventDefault()
          const folder = name.trim()
          if (!folder || nameProblem(name)) return
          create.mutate(
            { path: parent, folder_name: folder },
            {
              onSuccess: () => {
                setMade(true)
                onCreated(joinPath(parent, folder))
                close()
              }
            }
          )
        }}
      >
        <Stack>
          <TextInput
            label="Folder name"
            value={name}
            onChange={(e) => {
              setName(e.currentTarget.value)
              create.reset()
            }}
            data-autofocus
            error={nameProblem(name) ?? (create.error ? placeFailure(create.error, name.trim(), parent) : undefined)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={!name.trim() || !!nameProblem(name)} loading={create.isPending}>
              Create folder
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}

function MoveDialog({ entry, onMoved, onClose }: { entry: FileInfo; onMoved: (from: string, to: string) => void; onClose: () => void }) {
  const client = useClient()
  const qc = useQueryClient()
  const [name, setName] = useState(entry.name)
  const [dest, setDest] = useState(parentPath(entry.path))
  const problem = nameProblem(name)
  // A folder cannot go into itself or anything inside it.
  const inside = (f: string) => entry.is_directory && (f === entry.path || f.startsWith(`${entry.path}/`))
  const move = useMutation({
    mutationFn: async () => {
      const destination = joinPath(dest, name.trim())
      await client.call(entry.is_directory ? 'move_folder' : 'move_item', {
        body: { origin_path: entry.path, destination_path: destination }
      })
      return destination
    },
    onSuccess: async (destination) => {
      onMoved(entry.path, destination)
      await Promise.all(invalidateLibraryWithout(qc, entry.path))
      onClose()
    }
  })
  return (
    <Modal opened onClose={onClose} title={`Rename or move ${entry.name}`}>
      <form
        onSubmit={(e) => {
          e.preventDefault()
          if (name.trim() && !problem) move.mutate()
        }}
      >
        <Stack>
          <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} error={problem} data-autofocus />
          <FolderSelect label="Destination folder" value={dest} onChange={setDest} exclude={inside} />
          {move.error && <Alert color="red">{placeFailure(move.error, name.trim(), dest)}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!name.trim() || !!problem} loading={move.isPending}>
              Move
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
