import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useCallback, useRef, useState } from 'react'
import type { FileInfo } from '../../../../shared/contract/vector-fs'
import { ApiFailure, errorText } from '../../api/client'
import { useClient } from '../../api/client-context'
import { invalidateLibraryWithout, useRouteMutation } from '../../api/queries'
import { beginLeaving } from '../../api/vfs-leaving'
import { Dialog } from '../../app/Dialog'
import { kindChangedText } from './entry-kind-failure'
import { FolderSelect } from './FolderSelect'
import { MoveUsers } from './PathUsers'
import { READABLE_KINDS_TEXT } from './upload-failure-text'
import { fileTypeProblem, joinPath, nameProblem, parentPath, renamePart, savedAsNote } from './vfs-paths'

/** A folder as sentences name it: the top one has no name of its own ("/" told a user nothing). */
export const folderName = (folder: string) => (folder === '/' ? 'the top folder' : folder)

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

export function NewFolderDialog({ opened, parent, onClose, onCreated }: NewFolderProps) {
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
    // Dialog: Escape pressed as it opened (a loaded machine) left the focus on the page's body, not on New folder.
    <Dialog opened={opened} onClose={close} title={`New folder in ${folderName(parent)}`} returnFocus={!made}>
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
            description={savedAsNote(name)}
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
    </Dialog>
  )
}

/**
 * The Rename-or-move dialog's button says what it will do: it said "Move" for a new name alone.
 * Nothing changed: "Rename" (the dialog opens on the name), disabled.
 */
export function moveAction(entry: Pick<FileInfo, 'name' | 'path'>, name: string, dest: string): 'Rename' | 'Move' | 'Move and rename' {
  const renamed = name.trim() !== entry.name
  const moved = dest !== parentPath(entry.path)
  return moved ? (renamed ? 'Move and rename' : 'Move') : 'Rename'
}

export function MoveDialog({
  entry,
  onMoved,
  onClose
}: {
  entry: FileInfo
  onMoved: (from: string, to: string) => void
  onClose: () => void
}) {
  const client = useClient()
  const qc = useQueryClient()
  const [name, setName] = useState(entry.name)
  const [dest, setDest] = useState(parentPath(entry.path))
  const selectedOnce = useRef(false)
  const problem = nameProblem(name) ?? fileTypeProblem(name, entry.name, entry.is_directory, READABLE_KINDS_TEXT)
  const action = moveAction(entry, name, dest)
  const unchanged = name.trim() === entry.name && dest === parentPath(entry.path)
  const askUsers = useCallback((path: string) => client.call('vector_fs_path_usage', { query: { path } }), [client])
  // A folder cannot go into itself or anything inside it.
  const inside = (f: string) => entry.is_directory && (f === entry.path || f.startsWith(`${entry.path}/`))
  const move = useMutation({
    mutationFn: async () => {
      const destination = joinPath(dest, name.trim())
      // Not read at its old path meanwhile: the node's event of the move may come before its answer (see vfs-leaving).
      const done = beginLeaving(qc, entry.path)
      try {
        await client.call(entry.is_directory ? 'move_folder' : 'move_item', {
          body: { origin_path: entry.path, destination_path: destination }
        })
      } catch (err) {
        done(false)
        throw err
      }
      // Its queries at the old path go once no view holds them (the page follows it to the new one).
      done(true)
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
          if (name.trim() && !problem && !unchanged) move.mutate()
        }}
      >
        <Stack>
          <TextInput
            label="Name"
            value={name}
            // A refusal is of the name and folder tried: edited, it no longer applies (it named what was typed next).
            onChange={(e) => {
              setName(e.currentTarget.value)
              move.reset()
            }}
            error={problem}
            description={savedAsNote(name)}
            data-autofocus
            // Its name before the extension selected when the dialog opens (F2, or the menu): the caret
            // sat after the whole name, so a new name typed at once was added to the old one.
            onFocus={(e) => {
              if (selectedOnce.current) return
              selectedOnce.current = true
              e.currentTarget.setSelectionRange(0, renamePart(name, entry.is_directory))
            }}
          />
          <FolderSelect
            label="Destination folder"
            value={dest}
            onChange={(folder) => {
              setDest(folder)
              move.reset()
            }}
            exclude={inside}
          />
          <MoveUsers path={entry.path} ask={askUsers} onFollow={onClose} />
          {move.error && <Alert color="red">{kindChangedText(move.error, entry) ?? placeFailure(move.error, name.trim(), dest)}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!name.trim() || !!problem || unchanged} loading={move.isPending}>
              {action}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
