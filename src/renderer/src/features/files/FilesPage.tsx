import { Alert, Box, Button, FileButton, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core'
import { IconFolderPlus, IconFolderUp, IconUpload } from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useRef, useState, type DragEvent, type InputHTMLAttributes } from 'react'
import { modals } from '@mantine/modals'
import type { FileInfo } from '../../../../shared/contract/vector-fs'
import type { PathUsageResponse } from '../../../../shared/contract/vector-fs-browse'
import { askToConfirm } from '../../app/confirm'
import { focusWhenLost } from '../../app/focus-when-lost'
import { ApiFailure, errorText } from '../../api/client'
import { useClient } from '../../api/client-context'
import { invalidateLibraryWithout, keys, useVfsFolder } from '../../api/queries'
import { beginLeaving } from '../../api/vfs-leaving'
import { navigate, routeNow, type CameFrom } from '../../app/router'
import { entriesOfDrop, treeOfPicked, walkDrop, type DroppedEntry, type DroppedTree } from './dropped-folders'
import { FilePreview } from './FilePreview'
import { folderMakingFor, uploadQueueFor } from './shared-upload-queue'
import { droppedName, FolderNotMade } from './folder-making'
import { FolderMakingRows } from './FolderMakingRows'
import pageClasses from './FilesPage.module.css'
import { ancestorsOf, baseName, isWithin, joinPath, parentPath, pathAfterMove, toggleExpanded } from './vfs-paths'
import { ENTRY_MIME, LibraryTree } from './LibraryTree'
import { UploadRows } from './UploadRows'
import { Search } from './LibrarySearch'
import { folderName, MoveDialog, NewFolderDialog } from './FolderDialogs'
import { MoveUsersNotice } from './PathUsers'
import { EmbeddingFailedNotice } from './EmbeddingFailedNotice'

/** The file chooser picks a folder (Chromium's `webkitdirectory`, which React does not type) and hands over every file under it. */
const PICK_FOLDER = { webkitdirectory: '' } as InputHTMLAttributes<HTMLInputElement>

const filesOfDrop = (e: DragEvent) => [...(e.dataTransfer?.files ?? [])]
const carriesFiles = (e: DragEvent) => [...(e.dataTransfer?.types ?? [])].includes('Files')
const carriesEntry = (e: DragEvent) => [...(e.dataTransfer?.types ?? [])].includes(ENTRY_MIME)

/** The document library: a tree of folders and files, uploads, search and a file's preview. */
export function FilesPage({ path, node, came = {} }: { path?: string; node?: string; came?: CameFrom }) {
  const client = useClient()
  const qc = useQueryClient()
  const queue = useMemo(() => uploadQueueFor(client, qc), [client, qc])
  const folderMaking = useMemo(() => folderMakingFor(client), [client])
  // The page opened at a file (a cited source, a reload, Back) uploads beside it, as a file opened here does:
  // its folder was open in the tree and the file shown, while uploads went to the top folder.
  const [target, setTarget] = useState(() => (path ? parentPath(path) : '/'))
  const [shownPath, setShownPath] = useState(path)
  // The file shown moved here (renamed, or its folder moved): not another file opened, so the upload
  // folder the operator chose stays (afterMove makes it follow the move itself when it was inside).
  const [movedHere, setMovedHere] = useState<string | null>(null)
  if (path !== shownPath) {
    setShownPath(path)
    if (path && path !== movedHere) setTarget(parentPath(path))
    if (movedHere !== null) setMovedHere(null)
  }
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set(path ? ancestorsOf(path) : []))
  const [dragOver, setDragOver] = useState(false)
  /**
   * The folder row files (or a dragged entry) are over, which a drop goes into: the row is marked and
   * the tree's outline (a drop into the upload target) is not drawn meanwhile. With the outline alone,
   * a drop onto a folder looked as if it went to the top folder.
   */
  const [dropFolder, setDropFolder] = useState<string | null>(null)
  const [newFolder, setNewFolder] = useState(false)
  const [moving, setMoving] = useState<FileInfo | null>(null)
  /** Where the entry of the move dialog went (set once moved), for the focus when the dialog closes. */
  const movedTo = useRef<string | null>(null)
  /** A row the tree shows and focuses once it has it (an entry moved into a folder that was closed). */
  const [reveal, setReveal] = useState<{ readonly path: string; readonly from?: Element } | null>(null)
  const root = useVfsFolder('/')
  const uploadButton = useRef<HTMLButtonElement>(null)
  const folderButton = useRef<HTMLButtonElement>(null)
  // The library's last entry deleted (or moved away): the tree went with its focused row, and no row
  // took its place, so the focus was left on the page's body. Upload files, named by the empty
  // library's text, takes it; focus the operator put elsewhere stays there.
  const libraryEmpty = root.data === undefined ? undefined : root.data.length === 0
  const hadEntries = useRef(false)
  useEffect(() => {
    if (libraryEmpty === undefined) return
    const emptied = hadEntries.current && libraryEmpty
    hadEntries.current = !libraryEmpty
    return emptied ? focusWhenLost(() => uploadButton.current) : undefined
  }, [libraryEmpty])
  // Each chooser forgets its pick once taken: the browser tells no change when the same files (or
  // folder) are picked again, and picking them again to send them once more did nothing.
  const resetFilePick = useRef<() => void>(null)
  const resetFolderPick = useRef<() => void>(null)
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
  // A file opened makes its folder the upload folder, as opening a folder does: uploads went on to the
  // last folder opened or closed, elsewhere in the tree, while the file chosen was in another.
  const openFile = (file: string, node?: string) => {
    setTarget(parentPath(file))
    navigate(node === undefined ? { name: 'files', path: file } : { name: 'files', path: file, node })
  }
  // A file found by search (by its name or a passage) opens with its folders opened in the tree and its
  // row scrolled to, so it is seen where it is: in a long folder the tree stayed at the top, the row
  // hundreds down. A passage's result keeps the focus (the tree takes it only when nothing else has it);
  // a name's (`from`, still focused) gives it to the row.
  const revealFile = (file: string, node?: string, from?: Element) => {
    setExpanded((e) => new Set([...e, ...ancestorsOf(file)]))
    setReveal({ path: file, from })
    openFile(file, node)
  }
  // The upload folder, the open folders and the file shown follow an entry moved here, and leave one deleted here.
  // The file shown is the one the address names when the move or delete ends, not the one shown when
  // it began: a file opened meanwhile was left open on a spinner (inside a deleted folder), or closed
  // (outside it) for the one open at the start.
  const shownNow = () => {
    const route = routeNow()
    return route.name === 'files' ? route : undefined
  }
  const afterMove = (from: string, to: string) => {
    queue.folderMoved(from, to)
    setTarget((t) => pathAfterMove(t, from, to))
    setExpanded((e) => new Set([...e].map((p) => pathAfterMove(p, from, to))))
    const shown = shownNow()
    if (shown?.path && isWithin(shown.path, from)) {
      const moved = pathAfterMove(shown.path, from, to)
      setMovedHere(moved)
      navigate({ name: 'files', path: moved, node: shown.node, from: shown.from, q: shown.q, hidden: shown.hidden })
    }
  }
  const afterDelete = (deleted: string) => {
    setTarget((t) => (isWithin(t, deleted) ? parentPath(deleted) : t))
    setExpanded((e) => new Set([...e].filter((p) => !isWithin(p, deleted))))
    const shown = shownNow()
    if (shown?.path && isWithin(shown.path, deleted)) navigate({ name: 'files' })
  }
  const [moveError, setMoveError] = useState<string | null>(null)
  /** What became of a folder upload cancelled while its folders were made. */
  const [folderNotice, setFolderNotice] = useState<string | null>(null)
  const moveInto = async (folder: string, raw: string) => {
    const { path: origin, is_directory } = JSON.parse(raw) as { path: string; is_directory: boolean }
    if (parentPath(origin) === folder || origin === folder) return
    setMoveError(null)
    const destination = joinPath(folder, baseName(origin))
    // A drag asks first only when jobs use the entry (their scopes name where it is now); if the node
    // cannot say, the move goes ahead as it did.
    const usage = await client.call('vector_fs_path_usage', { query: { path: origin } }).catch(() => undefined)
    if (usage && usage.jobs > 0 && !(await confirmMoveOfUsed(baseName(origin), folder, usage))) return
    // Not read at its old path meanwhile: the node's event of the move may come before its answer (see vfs-leaving).
    const done = beginLeaving(qc, origin)
    try {
      await client.call(is_directory ? 'move_folder' : 'move_item', { body: { origin_path: origin, destination_path: destination } })
    } catch (err) {
      done(false)
      setMoveError(`${baseName(origin)} was not moved: ${errorText(err)}`)
      await qc.invalidateQueries({ queryKey: keys.vfs })
      return
    }
    afterMove(origin, destination)
    // Dropped onto a closed folder, it went out of sight with no word: the folder opens, and its row is
    // shown where it went (as the Move dialog does).
    setExpanded((e) => new Set([...e, ...ancestorsOf(destination)]))
    setReveal({ path: destination })
    const reads = invalidateLibraryWithout(qc, origin)
    done(true)
    await Promise.all(reads)
  }
  const dropInto = (folder: string) => (e: DragEvent) => {
    if (carriesEntry(e)) {
      e.preventDefault()
      e.stopPropagation()
      setDropFolder(null)
      void moveInto(folder, e.dataTransfer.getData(ENTRY_MIME))
      return
    }
    if (!carriesFiles(e)) return
    e.preventDefault()
    e.stopPropagation()
    setDragOver(false)
    setDropFolder(null)
    const entries = entriesOfDrop(e.dataTransfer)
    if (entries.some((entry) => entry.isDirectory)) void uploadFolders(entries, folder)
    else queue.add(folder, filesOfDrop(e))
  }
  /** Folders dropped from the desktop: walked, then uploaded as they are (a folder was sent as a file: 415). */
  const uploadFolders = async (entries: readonly DroppedEntry[], folder: string) => {
    setMoveError(null)
    let tree
    try {
      tree = await walkDrop(entries, folder)
    } catch (err) {
      setMoveError(`The dropped folder could not be read: ${(err as Error)?.message ?? err}`)
      return
    }
    await uploadTree(tree, folder)
  }
  /**
   * A dropped or picked folder: its folders made in the library as they are (shown with their count
   * and Cancel), then their files queued. Cancelled meanwhile, none of its files is uploaded.
   */
  const uploadTree = async (tree: DroppedTree, folder: string) => {
    setMoveError(null)
    setFolderNotice(null)
    const tops = tree.folders.filter((f) => parentPath(f) === folder)
    // Files dropped beside the folders go into `folder` itself, queued with the folders' files.
    const { name, whose } = droppedName(
      tops.map(baseName),
      tree.files.filter((f) => f.folder === folder).map((f) => f.file.name)
    )
    let made
    try {
      // Every file of every folder queued at once (one add per folder copied the queue's rows once per folder).
      made = await folderMaking.make(name, folder, tree.folders, whose, () => queue.addAll(tree.files))
    } catch (err) {
      if (!(err instanceof FolderNotMade)) throw err
      setMoveError(`${baseName(err.folder)} was not created, so nothing in it was uploaded: ${errorText(err.reason)}`)
      return
    } finally {
      void qc.invalidateQueries({ queryKey: keys.vfsFolder(folder) })
    }
    if (!made.finished) {
      // The folders made before the cancel stay, empty: said, so that they are not taken for a finished upload.
      const left =
        made.made === 0 ? 'no folder was made' : made.made === 1 ? '1 folder was made (empty)' : `${made.made} folders were made (empty)`
      setFolderNotice(`The upload of ${name} was cancelled: ${left}, and none of ${whose} was uploaded.`)
    }
  }

  return (
    <Stack
      gap="md"
      className={pageClasses.page}
      style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}
      data-testid="files-page"
      data-dragover={dragOver ? 'true' : undefined}
      onDragOver={(e) => {
        // Over the page, not a folder row (those stop the event): a drop goes to the upload target.
        if (carriesEntry(e)) setDropFolder(null)
        if (!carriesFiles(e)) return
        e.preventDefault()
        setDragOver(true)
        setDropFolder(null)
      }}
      onDragLeave={(e) => {
        if (e.currentTarget !== e.target) return
        setDragOver(false)
        setDropFolder(null)
      }}
      // A tree row dragged and let go of anywhere (or the drag cancelled with Escape): no folder is a target any more.
      onDragEnd={() => setDropFolder(null)}
      onDrop={dropInto(target)}
    >
      <Group justify="space-between">
        <Title order={2}>Files</Title>
        <Group gap="xs">
          <FileButton
            multiple
            resetRef={resetFilePick}
            onChange={(files) => {
              resetFilePick.current?.()
              queue.add(target, files)
            }}
          >
            {(props) => (
              <Button {...props} ref={uploadButton} leftSection={<IconUpload size="1rem" />}>
                Upload files
              </Button>
            )}
          </FileButton>
          {/* A folder with its subfolders, from the keyboard too (a drop of a folder needs a file manager and a mouse). */}
          <FileButton
            multiple
            inputProps={PICK_FOLDER}
            resetRef={resetFolderPick}
            onChange={(files) => {
              resetFolderPick.current?.()
              if (files.length > 0) void uploadTree(treeOfPicked(files, target), target)
            }}
          >
            {(props) => (
              <Button {...props} ref={folderButton} variant="light" leftSection={<IconFolderUp size="1rem" />}>
                Upload folder
              </Button>
            )}
          </FileButton>
          <Button variant="light" leftSection={<IconFolderPlus size="1rem" />} onClick={() => setNewFolder(true)}>
            New folder
          </Button>
        </Group>
      </Group>
      {/* Wrapped anywhere: a long folder path (one word to the browser) ran past the window's edge, cut off. */}
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }} data-testid="upload-target">
        {/* The buttons above go there too: after New folder nothing said where the next upload would go. */}
        Uploads and new folders go into {folderName(target)}, as do files dropped onto the page; drop them onto a folder in the tree to put
        them there.
      </Text>
      <FolderMakingRows making={folderMaking} folderButton={folderButton} />
      <UploadRows queue={queue} uploadButton={uploadButton} />
      <EmbeddingFailedNotice focusAfter={() => uploadButton.current} />
      {folderNotice && (
        <Alert color="gray" withCloseButton onClose={() => setFolderNotice(null)} closeButtonLabel="Dismiss" data-testid="folder-notice">
          {folderNotice}
        </Alert>
      )}
      {moveError && (
        <Alert color="red" withCloseButton onClose={() => setMoveError(null)} closeButtonLabel="Dismiss">
          {moveError}
        </Alert>
      )}
      <Search
        // A passage found opens its file at that passage, its folders opened as for a name found: the tree
        // stayed closed, and the upload folder changed to one it did not show.
        onOpen={revealFile}
        // A name found opens its file (or its folder) in the tree, scrolled to, and the focus goes to its row there: a keyboard
        // user lands on the entry found, not on the result (Escape in the results goes back to the box).
        onFile={(p, from) => revealFile(p, undefined, from)}
        // A folder found by its name is opened in the tree, scrolled to, and made the upload folder.
        onFolder={(p, from) => {
          setTarget(p)
          setExpanded((e) => new Set([...e, ...ancestorsOf(p), p]))
          setReveal({ path: p, from })
        }}
      />
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
            outline: dragOver && dropFolder === null ? '2px dashed var(--mantine-primary-color-filled)' : undefined
          }}
        >
          {root.isPending && <Loader role="img" size="sm" aria-label="Loading the library" />}
          {root.isError && <Alert color="red">{errorText(root.error)}</Alert>}
          {root.data?.length === 0 && (
            <Stack align="center" gap={4} p="xl" data-testid="files-empty">
              <IconUpload size="2rem" />
              <Text fw={500}>The library is empty</Text>
              <Text size="sm" c="dimmed" ta="center">
                Drop files or folders here, or choose Upload files or Upload folder. Jobs can then use them as their scope, and answers cite
                them.
              </Text>
            </Stack>
          )}
          {root.data && root.data.length > 0 && (
            <LibraryTree
              top={root.data}
              expanded={expanded}
              selected={path}
              onFolder={open}
              onFile={openFile}
              onDropInto={dropInto}
              dropFolder={dropFolder}
              onDragOverFolder={(folder) => {
                setDropFolder(folder)
                setDragOver(false)
              }}
              onMove={setMoving}
              onDeleted={afterDelete}
              reveal={reveal?.path ?? null}
              revealFrom={reveal?.from}
              onRevealed={() => setReveal(null)}
            />
          )}
        </Paper>
        {path && <FilePreview key={path} path={path} node={node} came={came} />}
      </Box>
      <NewFolderDialog
        opened={newFolder}
        parent={target}
        onClose={() => setNewFolder(false)}
        onCreated={(made) => {
          // Made inside a closed folder, it was out of sight: the folders above it open, and the focus goes to it.
          setExpanded((e) => new Set([...e, ...ancestorsOf(made)]))
          setReveal({ path: made })
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
            setReveal({ path: at })
          }}
        />
      )}
    </Stack>
  )
}

/** Asks before a dragged entry that jobs use moves into `folder`; resolves true for Move. */
function confirmMoveOfUsed(name: string, folder: string, usage: PathUsageResponse): Promise<boolean> {
  const modalId = `confirm-move:${name}`
  return new Promise((resolve) =>
    askToConfirm({
      modalId,
      title: `Move ${name} into ${folder}?`,
      children: (
        <MoveUsersNotice
          usage={usage}
          onFollow={() => {
            resolve(false)
            modals.close(modalId)
          }}
        />
      ),
      labels: { confirm: 'Move', cancel: 'Cancel' },
      onConfirm: () => resolve(true),
      // Cancel, Escape, the close button: the entry stays (a later call to resolve does nothing).
      onClose: () => resolve(false)
    })
  )
}
