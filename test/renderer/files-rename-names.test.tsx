// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { FilesPage } from '../../src/renderer/src/features/files/FilesPage'
import type { FileInfo } from '../../src/shared/contract/vector-fs'
import { useTestNode } from '../support/node'
import { renderWithApp, routerTransport } from './render'
import { layOutLists } from './list-layout'

/*
 * The Files page's names, against a real node: a rename to a type the library cannot read is said in
 * the dialog (it went through, and the file could then not be replaced under its name); a name typed
 * with spaces around it says what it is saved as (" lead" became "lead" without a word); a file
 * replaced by a folder meanwhile is said so (the node's "no file /x" read as if it were gone).
 */
layOutLists()
const node = useTestNode()
beforeEach(() => {
  window.location.hash = '#/files'
})
afterEach(cleanup)

const top = async () => ((await node.get('/v2/retrieve_path_simplified', { path: '/', depth: '0' })).body as FileInfo[]).map((e) => e.name)
const upload = async (filename: string) =>
  expect(
    (await node.post('/v2/upload_file_to_folder', { path: '/', filename, file_data: new TextEncoder().encode('Some words.') })).status
  ).toBe(200)

async function openRename(name: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Actions for ${name}` }))
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Rename or move…', hidden: true }))
  const dialog = await screen.findByRole('dialog', { name: `Rename or move ${name}` })
  return {
    dialog,
    input: within(dialog).getByLabelText('Name'),
    button: within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Rename' })
  }
}

it('renaming a file to a type the library cannot read says so in the dialog and renames nothing', async () => {
  await upload('note.txt')
  renderWithApp(<FilesPage />, routerTransport(node.router))
  const { dialog, input, button } = await openRename('note.txt')
  await userEvent.clear(input)
  await userEvent.type(input, 'renamed.exe{Enter}')
  expect(
    within(dialog).getByText(/^The library cannot read a file named “renamed\.exe”\. Keep an extension it reads: plain text \(\.txt\)/)
  ).toBeTruthy()
  expect(input.getAttribute('aria-invalid')).toBe('true')
  expect(button.disabled).toBe(true)
  expect(await top()).toEqual(['note.txt'])
  await userEvent.clear(input)
  await userEvent.type(input, 'renamed.md')
  expect(within(dialog).queryByText(/cannot read a file named/)).toBeNull()
  expect(button.disabled).toBe(false)
})

it('a name typed with spaces at its ends says what it is saved as, in New folder and in Rename', async () => {
  await upload('note.txt')
  renderWithApp(<FilesPage />, routerTransport(node.router))
  await userEvent.click(await screen.findByRole('button', { name: 'New folder' }))
  const made = await screen.findByRole('dialog', { name: 'New folder in the top folder' })
  const folderName = within(made).getByLabelText('Folder name')
  await userEvent.type(folderName, ' lead')
  const note = within(made).getByText('Saved as “lead”: spaces at the start and end of a name are left out.')
  // Read with the field, not only seen beside it.
  expect(folderName.getAttribute('aria-describedby')).toContain(note.id)
  await userEvent.type(folderName, '{Enter}')
  await waitFor(async () => expect(await top()).toEqual(['lead', 'note.txt']))
  const { dialog, input } = await openRename('note.txt')
  await userEvent.clear(input)
  await userEvent.type(input, 'trail.txt ')
  expect(within(dialog).getByText('Saved as “trail.txt”: spaces at the start and end of a name are left out.')).toBeTruthy()
  await userEvent.clear(input)
  await userEvent.type(input, 'trail.txt')
  expect(within(dialog).queryByText(/^Saved as/)).toBeNull()
})

it('a file replaced by a folder of its name before Rename is pressed is said to be a folder now, not missing', async () => {
  await upload('report.txt')
  renderWithApp(<FilesPage />, routerTransport(node.router))
  const { dialog, input, button } = await openRename('report.txt')
  expect((await node.post('/v2/delete_item', { path: '/report.txt' })).status).toBe(200)
  expect((await node.post('/v2/create_folder', { path: '/', folder_name: 'report.txt' })).status).toBe(200)
  await userEvent.clear(input)
  await userEvent.type(input, 'summary.txt')
  await userEvent.click(button)
  expect(
    await within(dialog).findByText(
      '/report.txt is now a folder, not the file that was listed (it was replaced meanwhile). Look at the library again, and choose it there.'
    )
  ).toBeTruthy()
  expect(await top()).toEqual(['report.txt'])
})

it('a file replaced by a folder of its name before Delete is confirmed: the notice says it is a folder now, and nothing is deleted', async () => {
  await upload('report.txt')
  renderWithApp(<FilesPage />, routerTransport(node.router))
  await userEvent.click(await screen.findByRole('button', { name: 'Actions for report.txt' }))
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete…', hidden: true }))
  const confirm = await screen.findByRole('button', { name: 'Delete', hidden: true })
  expect((await node.post('/v2/delete_item', { path: '/report.txt' })).status).toBe(200)
  expect((await node.post('/v2/create_folder', { path: '/', folder_name: 'report.txt' })).status).toBe(200)
  await userEvent.click(confirm)
  expect(
    await screen.findByText(
      '/report.txt is now a folder, not the file that was listed (it was replaced meanwhile). Look at the library again, and choose it there.'
    )
  ).toBeTruthy()
  expect(await top()).toEqual(['report.txt'])
})

it('a file whose name ends with a space after its extension ("trail.txt ") is said to be refused for that space, not as a kind the library cannot read', async () => {
  renderWithApp(<FilesPage />, routerTransport(node.router))
  await screen.findByTestId('files-empty')
  const input = document.querySelector('input[type=file]') as HTMLInputElement
  await userEvent.upload(input, [new File(['Trailing.'], 'trail.txt ', { type: 'text/plain' })])
  await waitFor(() => expect(screen.getAllByTestId('upload-row').map((r) => r.dataset.state)).toEqual(['failed']))
  expect(screen.getByTestId('upload-row').textContent).toContain(
    '“trail.txt ” was not uploaded: its name ends with a space after “.txt”, so the library does not take it for a .txt file. Rename the file without the space at the end, and upload that.'
  )
  expect(await top()).toEqual([])
})

it('a file whose name ends with a dot after its extension ("report.txt.") is said to be refused for that dot, not as a kind the library cannot read', async () => {
  renderWithApp(<FilesPage />, routerTransport(node.router))
  await screen.findByTestId('files-empty')
  const input = document.querySelector('input[type=file]') as HTMLInputElement
  await userEvent.upload(input, [new File(['Trailing.'], 'report.txt.', { type: 'text/plain' })])
  await waitFor(() => expect(screen.getAllByTestId('upload-row').map((r) => r.dataset.state)).toEqual(['failed']))
  expect(screen.getByTestId('upload-row').textContent).toContain(
    '“report.txt.” was not uploaded: its name ends with a dot after “.txt”, so the library does not take it for a .txt file. Rename the file without the dot at the end, and upload that.'
  )
  expect(await top()).toEqual([])
})
