import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  FileButton,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  Title
} from '@mantine/core'
import { IconChevronDown, IconChevronRight, IconFile, IconFolder, IconSearch, IconTrash } from '@tabler/icons-react'
import { useMemo, useRef, useState } from 'react'
import type { JobScope } from '../../../../shared/contract/scope'
import { nameSearchWords } from '../../../../shared/contract/vector-fs-names'
import { useQueryClient } from '@tanstack/react-query'
import { errorText, uploadFile } from '../../api/client'
import { useClient } from '../../api/client-context'
import { FIND_LIMIT, invalidateAfterUpload, useVfsFind, useVfsFolder } from '../../api/queries'
import { focusAfterRemoving, focusWhenLost } from '../../app/focus-when-lost'
import { askToConfirm } from '../../app/confirm'
import { hrefOf } from '../../app/router'
import { useLatest } from '../../app/use-latest'
import { useMountedRef } from '../../app/use-mounted'
import { sendingElsewhere } from '../../stores/uploads'
import {
  flattenTree,
  FolderSelect,
  noTextOutcome,
  TEXT_WAIT_MS,
  openFoldersToRead,
  parentPath,
  toggleExpanded,
  treeListStyle,
  treeRowPlace,
  treeClasses,
  TreeNote,
  uploadFailureText,
  useFolderListings,
  useVirtualTree,
  type TreeLine
} from '../files'
import { removeEntries, removeEntry } from './scope-entries'
import { selectionCountText, unselectAllTitle } from './scope-counts'
import { useMissingEntries } from './use-missing-entries'
import {
  foundTree,
  includedBy,
  partlySelected,
  selectionKey,
  selectionOf,
  toggleEntry,
  unselectAll,
  type LibraryEntry,
  type PickerEntry,
  type Selection
} from './vfs-selection'
import { countText } from '../../app/count-format'
import classes from './LibraryPicker.module.css'

/** What a part of the scope editor gets: the scope, and where its changes go. */
export interface ScopeProps {
  readonly value: JobScope
  readonly onChange: (scope: JobScope) => void
}

/**
 * The library as a checkbox tree: a folder includes everything under it; a file is one item. The
 * tree is read a level at a time, as folders open; a search asks the node for names anywhere.
 */
export function LibraryPicker({ value, onChange }: ScopeProps) {
  const root = useVfsFolder('/')
  const dropped = useDroppedUploads(value, onChange)
  const [search, setSearch] = useState('')
  const searching = nameSearchWords(search).length > 0
  const found = useVfsFind(search)
  const [open, setOpen] = useState<Set<string>>(new Set())
  const selection = selectionOf(value)
  const missing = useMissingEntries(value)
  const foundEntries = useMemo(() => foundTree(found.data ?? []), [found.data])
  const shown = searching ? foundEntries : (root.data ?? [])
  const count = value.vector_fs_folders.length + value.vector_fs_items.length
  const searchBox = useRef<HTMLInputElement>(null)
  // Unselect all acts once asked: on the scope as it is then.
  const latestScope = useLatest({ value, onChange })
  const resetPick = useRef<() => void>(null)
  const ctx: PickerContext = {
    selection,
    partly: partlySelected(selection),
    open,
    toggleOpen: (path) => setOpen((o) => toggleExpanded(o, path)),
    check: (entry, checked) => onChange(toggleEntry(value, entry, checked))
  }
  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-label="Library"
      data-testid="scope-library"
      data-library-picker
      onDragOver={(e) => {
        if ([...e.dataTransfer.types].includes('Files')) e.preventDefault()
      }}
      onDrop={(e) => {
        if (![...e.dataTransfer.types].includes('Files')) return
        e.preventDefault()
        dropped.upload([...e.dataTransfer.files])
      }}
    >
      <Group justify="space-between" mb="sm">
        <Group gap="xs">
          <Title order={3} size="h5">
            Library
          </Title>
          <Text size="sm" c="dimmed" data-testid="library-selection-count">
            {selectionCountText(value, missing)}
          </Text>
        </Group>
        <Button
          size="xs"
          variant="subtle"
          disabled={count === 0}
          onClick={(e) => {
            // Disabled once nothing is selected, the button drops the focus: the search box takes it.
            const clicked = e.currentTarget
            if (count === 1) {
              focusWhenLost(
                () => searchBox.current,
                (el) => el === clicked
              )
              return onChange(unselectAll(value))
            }
            // A selection picked one entry at a time was thrown away by one click, with no way back
            // (New job keeps its draft): it is asked first, as Clear does.
            let unselected = false
            askToConfirm({
              title: unselectAllTitle(value, missing),
              children: <Text size="sm">They are taken out of the scope; nothing is deleted from the library.</Text>,
              labels: { confirm: 'Unselect all', cancel: 'Keep them' },
              confirmProps: { color: 'red' },
              returnFocus: false,
              onConfirm: () => {
                unselected = true
                const latest = latestScope.current
                latest.onChange(unselectAll(latest.value))
              },
              onClose: () => focusWhenLost(() => (unselected || clicked.disabled ? searchBox.current : clicked))
            })
          }}
        >
          Unselect all
        </Button>
      </Group>
      <Stack gap="xs">
        <TextInput
          ref={searchBox}
          // In the Edit scope dialog, the dialog opens here rather than on its close button (Mantine's focus trap takes the marked one first).
          data-autofocus
          aria-label="Search the library by name"
          placeholder="Search by name"
          leftSection={<IconSearch size="1rem" />}
          rightSection={searching && found.isFetching ? <Loader role="img" size="xs" aria-label="Searching" /> : undefined}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          // Down goes on into the tree (its row holding the Tab stop, else its first), as from the inbox
          // list's search: only Tab reached it. Not while an input method composes (its arrows pick).
          onKeyDown={(e) => {
            if (e.key !== 'ArrowDown' || e.nativeEvent.isComposing) return
            const tree = e.currentTarget.closest('[data-library-picker]')?.querySelector('[role=tree]')
            const row =
              tree?.querySelector<HTMLElement>('[role=treeitem][tabindex="0"]') ?? tree?.querySelector<HTMLElement>('[role=treeitem]')
            if (!row) return
            e.preventDefault()
            row.focus()
          }}
          size="xs"
        />
        {root.isPending && <Loader role="img" size="xs" aria-label="Loading the library" />}
        {root.isError && <Alert color="red">{errorText(root.error)}</Alert>}
        {searching && found.isError && <Alert color="red">{errorText(found.error)}</Alert>}
        {!searching && root.data?.length === 0 && (
          <Text size="sm" c="dimmed">
            The library is empty. Upload documents on the{' '}
            <Anchor href={hrefOf({ name: 'files' })} underline="always">
              Files
            </Anchor>{' '}
            page to give them to jobs.
          </Text>
        )}
        {searching && found.data?.length === 0 && !found.isPlaceholderData && (
          <Text size="sm" c="dimmed">
            {search.includes('/') ? 'No file or folder name or path holds' : 'No file or folder is named like'} “{search}”.
          </Text>
        )}
        {searching && found.data?.length === FIND_LIMIT && (
          <Text size="xs" c="dimmed">
            The first {FIND_LIMIT} names found; type more of a name to narrow them.
          </Text>
        )}
        <PickerTree top={shown} ctx={ctx} />
        <Group gap="xs" align="center" wrap="wrap">
          <Text size="xs" c="dimmed">
            Drop files here or
          </Text>
          {/* The same upload from the keyboard (or without a file manager at hand). */}
          <FileButton
            resetRef={resetPick}
            onChange={(files) => {
              // Forgotten once taken: the browser tells no change when the same file is picked again
              // (after its upload failed, or its selection was undone), and picking it again did nothing.
              resetPick.current?.()
              if (files.length > 0) dropped.upload(files)
            }}
            multiple
          >
            {(props) => (
              <Button {...props} size="compact-xs" variant="light">
                Choose files…
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="dimmed">
            to upload them into
          </Text>
          <FolderSelect size="xs" ariaLabel="Folder for dropped files" value={dropped.folder} onChange={dropped.setFolder} w={220} />
          <Text size="xs" c="dimmed">
            and select them.
          </Text>
        </Group>
        {dropped.rows.map((r) => (
          <Text key={r.name} size="xs" c={r.error ? 'red' : 'dimmed'} data-testid="scope-upload">
            {/* A failure's sentence names the file itself. */}
            {r.error ?? `${r.name}: ${r.done ? 'uploaded and selected' : 'uploading…'}` + (r.noText ? NO_TEXT_NOTE : '')}
          </Text>
        ))}
        {missing.slice(0, MISSING_SHOWN).map((m) => (
          <Group key={`${m.section}${m.index}`} justify="space-between" wrap="nowrap" data-testid="scope-missing">
            {/* Wrapped, not cut: a long path hid which file it was, and the sentence saying it finds nothing. */}
            <Text size="sm" c="red" style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
              <Badge component="span" color="red" variant="light" mr={6}>
                missing
              </Badge>
              {m.path} is no longer in the library; it finds nothing.
            </Text>
            <ActionIcon
              variant="subtle"
              color="red"
              data-remove
              onClick={(e) => {
                focusAfterRemoving(e.currentTarget)
                onChange(removeEntry(value, m.section, m.index))
              }}
              aria-label={`Remove ${m.name}`}
            >
              <IconTrash size="1rem" />
            </ActionIcon>
          </Group>
        ))}
        {missing.length > MISSING_SHOWN && (
          <Text size="sm" c="red" data-testid="scope-missing-more">
            {countText(missing.length - MISSING_SHOWN)} more {missing.length - MISSING_SHOWN === 1 ? 'entry is' : 'entries are'} no longer
            in the library.
          </Text>
        )}
        {missing.length > 1 && (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            w="fit-content"
            leftSection={<IconTrash size="0.875rem" />}
            onClick={(e) => {
              const clicked = e.currentTarget
              focusWhenLost(
                () => searchBox.current,
                (el) => el === clicked
              )
              onChange(removeEntries(value, missing))
            }}
          >
            Remove the {countText(missing.length)} missing entries
          </Button>
        )}
      </Stack>
    </Paper>
  )
}

/**
 * Missing entries listed one by one, at most: a scope drawn from a folder since renamed had thousands,
 * each a row, which took seconds to draw on every change and put Save tens of thousands of pixels down.
 */
const MISSING_SHOWN = 50

interface DroppedRow {
  readonly name: string
  readonly done: boolean
  readonly error?: string
  /** Stored and selected, but with no text the node could read: the job's answers will find nothing in it. */
  readonly noText?: boolean
}

/**
 * Said of a file uploaded here with no text (empty, a scanned PDF): it was "uploaded and selected" like any
 * other, and the operator learned only from answers that missed it that the job could not read it.
 */
const NO_TEXT_NOTE =
  ', but no text could be read from it (it is empty, or a scan with no text layer), so answers cannot use it. If it is a scan, upload a copy with its text recognised (OCR).'

/** Whether the uploaded file holds no text; false when the node cannot tell (the row then says nothing of it). */
async function holdsNoText(client: Parameters<typeof noTextOutcome>[0], info: Parameters<typeof noTextOutcome>[1]): Promise<boolean> {
  const { noText, noTextLater } = noTextOutcome(client, info)
  if (!noTextLater) return noText === true
  // Given up as the Files page's rows give it up: the row then says nothing of it.
  return noTextLater(AbortSignal.timeout(TEXT_WAIT_MS)).catch(() => false)
}

/** Files dropped onto the picker: uploaded into the chosen folder, then selected as items. */
function useDroppedUploads(value: JobScope, onChange: (scope: JobScope) => void) {
  const client = useClient()
  const qc = useQueryClient()
  const [folder, setFolder] = useState('/')
  const [rows, setRows] = useState<DroppedRow[]>([])
  // Uploads finish after renders: select into the scope as it is then, not as it was at the drop.
  const latestRef = useLatest({ value, onChange })
  // An upload that ends after the picker has gone (its dialog cancelled or saved, its job created) is
  // in the library, but is selected into no form: the Edit scope dialog opened again with it, and the
  // next New job started with it selected.
  const mounted = useMountedRef()
  const set = (name: string, row: DroppedRow) => setRows((rs) => rs.map((r) => (r.name === name ? row : r)))
  const upload = (files: File[]) => {
    setRows((rs) => [...rs.filter((r) => !files.some((f) => f.name === r.name)), ...files.map((f) => ({ name: f.name, done: false }))])
    for (const file of files) {
      // Counted while it is sent, so that closing the window asks first (the Files page's uploads are counted there).
      const ended = sendingElsewhere()
      void (async () => {
        try {
          const info = await uploadFile(client, { path: folder, filename: file.name, file_data: file }, () => {})
          // Where the file landed: the folder picked, under its new path if it was renamed or moved meanwhile.
          await invalidateAfterUpload(qc, parentPath(info.path))
          if (!mounted.current) return
          // Kept in the ref at once too, so two uploads ending before a render both stay selected.
          const next = toggleEntry(latestRef.current.value, info, true)
          latestRef.current = { ...latestRef.current, value: next }
          latestRef.current.onChange(next)
          set(file.name, { name: file.name, done: true })
          // Sent and stored: closing the window loses nothing now, whatever the text check below takes.
          ended()
          if ((await holdsNoText(client, info)) && mounted.current) set(file.name, { name: file.name, done: true, noText: true })
        } catch (err) {
          if (!mounted.current) return
          set(file.name, { name: file.name, done: true, error: uploadFailureText(err, file.name, folder, 'picker').text })
        } finally {
          ended()
        }
      })()
    }
  }
  return { folder, setFolder, rows, upload }
}

interface PickerContext {
  readonly selection: Selection
  /** Folders with something selected inside them. */
  readonly partly: ReadonlySet<string>
  /** Folders the user opened (their children are read then). */
  readonly open: ReadonlySet<string>
  readonly toggleOpen: (path: string) => void
  readonly check: (entry: LibraryEntry, checked: boolean) => void
}

/** Rows are one height, so the list knows where every row is without drawing it. */
const PICKER_ROW_HEIGHT = 28
const PICKER_INDENT = 20

/** The folders of search results shown open with what was found in them (not read from the node). */
function foundFolders(entries: readonly PickerEntry[], out = new Set<string>()): Set<string> {
  for (const e of entries)
    if (e.found) {
      out.add(e.path)
      foundFolders(e.found, out)
    }
  return out
}

/**
 * The checkbox tree as one virtual list of its visible rows (opened folders' children in place):
 * a folder of any size draws only the rows on screen.
 */
function PickerTree({ top, ctx }: { top: readonly PickerEntry[]; ctx: PickerContext }) {
  const shownOpen = useMemo(() => foundFolders(top), [top])
  const toRead = useMemo(() => openFoldersToRead(ctx.open, shownOpen), [ctx.open, shownOpen])
  const listings = useFolderListings(toRead)
  const { open } = ctx
  const lines = useMemo(
    () =>
      flattenTree<PickerEntry>(top, (e) =>
        e.found ? { state: 'ready', entries: e.found } : open.has(e.path) ? (listings.get(e.path) ?? { state: 'loading' }) : undefined
      ),
    [top, open, listings]
  )
  if (lines.length === 0) return null
  // The virtualizer is made with its scroll element: one kept while the tree was empty (a search
  // under way) held the place the old element was scrolled to, and the new one, at its top, was
  // drawn blank (its rows placed far below) once the search was cleared.
  return <PickerRows lines={lines} ctx={ctx} />
}

function PickerRows({ lines, ctx }: { lines: readonly TreeLine<PickerEntry>[]; ctx: PickerContext }) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const toggle = (e: PickerEntry) => {
    if (e.found) return false
    ctx.toggleOpen(e.path)
    return true
  }
  const { virtualizer, treeProps, rowProps } = useVirtualTree({
    scrollRef,
    lines,
    rowHeight: PICKER_ROW_HEIGHT,
    toggle,
    // Space checks the row (as a checkbox would); Enter opens or closes a folder, and checks a file.
    act: (e, key) => {
      if (key === 'Enter' && e.is_directory) {
        toggle(e)
        return
      }
      const { own, parent } = checkState(ctx, e)
      if (!parent) ctx.check(e, !own)
    }
  })
  return (
    <div ref={scrollRef} style={{ maxHeight: 320, overflow: 'auto' }} data-testid="library-scroll" {...treeProps}>
      <ul role="tree" aria-label="Library" aria-multiselectable style={treeListStyle(virtualizer.getTotalSize())}>
        {virtualizer.getVirtualItems().map((item) => {
          const line = lines[item.index]!
          const place = { ...treeRowPlace(item, line.key), ...rowProps(line), className: treeClasses.row }
          if (line.kind === 'note')
            return (
              <li key={line.key} {...place}>
                <TreeNote line={line} indent={PICKER_INDENT} size="xs" />
              </li>
            )
          const { own, parent, some } = checkState(ctx, line.entry)
          return (
            <li
              key={line.key}
              {...place}
              data-testid="library-row"
              data-path={line.entry.path}
              aria-label={line.entry.name}
              aria-checked={some ? 'mixed' : own || !!parent}
              aria-disabled={parent ? true : undefined}
              title={parent ? `Included with ${parent}` : undefined}
              className={`${treeClasses.row} ${classes.entry}`}
              // The whole row checks or unchecks its entry, as a desktop tree's row does (only the name and the box
              // did: a click right of the name did nothing). The box, its label and the chevron act by themselves.
              onClick={(ev) => {
                if (ev.target instanceof Element && ev.target.closest('input, label, button')) return
                if (!parent) ctx.check(line.entry, !own)
              }}
              // A double-click on a folder's row opens or closes it, as in a desktop tree. Its two clicks checked
              // and unchecked the box again (left as it was); the chevron opens it by itself, once per click.
              onDoubleClick={(ev) => {
                if (!line.entry.is_directory || (ev.target instanceof Element && ev.target.closest('button'))) return
                toggle(line.entry)
              }}
              // Nor does the double-click select the name's text.
              onMouseDown={(ev) => {
                if (ev.detail > 1) ev.preventDefault()
              }}
            >
              <PickerRow entry={line.entry} depth={line.depth} isOpen={line.open} ctx={ctx} />
            </li>
          )
        })}
      </ul>
    </div>
  )
}

/** Whether an entry is selected itself, with a folder above it (which), or partly (something under it is). */
function checkState(ctx: PickerContext, entry: PickerEntry) {
  const { selection } = ctx
  const path = selectionKey(entry.path)
  const parent = includedBy(selection, path)
  const own = entry.is_directory ? selection.folders.has(path) : selection.items.has(path)
  // Partly selected: something selected lies under it (known from the selected paths alone).
  const some = entry.is_directory && !own && ctx.partly.has(path)
  return { own, parent, some }
}

/** A row's look and its mouse targets; the row itself (the tree item) takes the keys, so its controls are no Tab stops. */
function PickerRow({ entry, depth, isOpen, ctx }: { entry: PickerEntry; depth: number; isOpen: boolean; ctx: PickerContext }) {
  const { own, parent, some } = checkState(ctx, entry)
  // A folder above found entries shows them; any other folder opens on demand.
  const showsFound = entry.found !== undefined
  return (
    <Group gap={4} wrap="nowrap" h="100%" style={{ marginLeft: depth * PICKER_INDENT }}>
      {entry.is_directory ? (
        <ActionIcon
          size="sm"
          variant="subtle"
          color="gray"
          tabIndex={-1}
          onClick={() => ctx.toggleOpen(entry.path)}
          aria-label={`${isOpen ? 'Close' : 'Open'} ${entry.name}`}
          aria-expanded={isOpen}
          disabled={showsFound}
        >
          {isOpen ? <IconChevronDown size="0.875rem" /> : <IconChevronRight size="0.875rem" />}
        </ActionIcon>
      ) : (
        <span style={{ width: 22, flexShrink: 0 }} />
      )}
      <Checkbox
        size="xs"
        tabIndex={-1}
        checked={own || !!parent}
        indeterminate={some}
        disabled={!!parent}
        onChange={(e) => ctx.check(entry, e.currentTarget.checked)}
        label={
          // A long name is cut with an ellipsis (whole in its tooltip): the tree scrolled sideways.
          <Group gap={4} wrap="nowrap" miw={0}>
            {entry.is_directory ? <IconFolder size="0.875rem" /> : <IconFile size="0.875rem" />}
            <span title={entry.name} style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
              {entry.name}
            </span>
          </Group>
        }
        aria-label={entry.name}
        styles={{ root: { flex: 1, minWidth: 0 }, body: { alignItems: 'center', minWidth: 0 }, labelWrapper: { minWidth: 0 } }}
      />
    </Group>
  )
}
