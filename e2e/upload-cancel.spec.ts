import { expect, test } from './fixtures/node'
import { FilesPage } from './pages/files'
import { providerBody } from './seed'

/* A long upload can be stopped: the window cuts the request and the node keeps nothing of the file. */

test('a long upload shows its progress and can be cancelled; nothing of it is stored, and the next upload works', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  const files = new FilesPage(page)
  await files.openEmpty(node.uiUrl)
  // A slow link (1 MB/s up): 16 MB take long enough to watch and to stop.
  await files.limitUploads(1024 * 1024)
  await files.pick([{ name: 'minutes.txt', text: Buffer.alloc(16 * 1024 * 1024, 'minutes of the meeting ') }])
  const row = files.uploads().filter({ hasText: 'minutes.txt' })
  await expect(row).toContainText(/uploading [1-9]\d?%/, { timeout: 15_000 })
  await row.getByRole('button', { name: 'Cancel the upload of minutes.txt' }).click()
  await expect(row).toHaveAttribute('data-state', 'cancelled')
  await expect(row).toContainText('cancelled')
  await expect(row.getByRole('button', { name: /Cancel the upload/ })).toHaveCount(0)

  await files.limitUploads(-1)
  await files.pick([{ name: 'agenda.txt', text: 'Agenda: budget, roads.' }])
  await expect(files.uploads().filter({ hasText: 'agenda.txt' })).toHaveAttribute('data-state', 'done')
  await expect(files.rows()).toHaveCount(1)
  await expect(files.rows()).toContainText('agenda.txt')
  const listed = await node.api<{ name: string }[]>('GET', '/v2/retrieve_path_simplified?path=/&depth=0')
  expect(listed.body.map((i) => i.name)).toEqual(['agenda.txt'])
})
