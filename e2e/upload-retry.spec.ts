import { expect, test } from './fixtures/node'
import { FilesPage } from './pages/files'
import { providerBody } from './seed'

/* A failed upload is tried again from the file the operator picked, without finding it again; or dismissed. */

test('a failed upload has Retry, which sends the same file again, and Dismiss; both from the keyboard', async ({ page, node }) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  const files = new FilesPage(page)
  await files.openEmpty(node.uiUrl)
  await node.upload('/', 'minutes.txt', 'An older copy.')
  await expect(files.rows()).toHaveCount(1)

  // The name is taken: the upload fails with the node's sentence, and the row offers Retry and Dismiss.
  await files.pick([
    { name: 'minutes.txt', text: 'Minutes of the May meeting: the roads budget passed.' },
    { name: 'agenda.txt', text: 'Agenda: budget, roads.' }
  ])
  const minutes = files.uploads().filter({ hasText: 'minutes.txt' })
  await expect(minutes).toHaveAttribute('data-state', 'failed')
  await expect(files.uploads().filter({ hasText: 'agenda.txt' })).toHaveAttribute('data-state', 'done')
  const retry = minutes.getByRole('button', { name: 'Retry the upload of minutes.txt' })
  await expect(minutes.getByRole('button', { name: 'Dismiss the failed upload of minutes.txt' })).toBeVisible()

  // The older copy moved away, Retry (Tab to it, Enter) stores the file picked before.
  expect((await node.api('POST', '/v2/move_item', { origin_path: '/minutes.txt', destination_path: '/minutes-old.txt' })).status).toBe(200)
  await page.getByRole('button', { name: 'Upload files' }).focus()
  for (let i = 0; i < 10 && !(await retry.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab')
  await expect(retry).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(minutes).toHaveAttribute('data-state', 'done')
  await expect(minutes.getByRole('button', { name: /Retry|Dismiss/ })).toHaveCount(0)
  const res = await fetch(`${node.serve.url}/v2/download_file?path=/minutes.txt`, {
    headers: { Authorization: `Bearer ${node.serve.token}` }
  })
  expect(await res.text()).toBe('Minutes of the May meeting: the roads budget passed.')

  // A failure dismissed: its row goes, the focus stays in the page's controls.
  await files.pick([{ name: 'agenda.txt', text: 'Agenda again.' }])
  const again = files.uploads().filter({ hasText: 'agenda.txt' }).nth(1)
  await expect(again).toHaveAttribute('data-state', 'failed')
  await again.getByRole('button', { name: 'Dismiss the failed upload of agenda.txt' }).focus()
  await page.keyboard.press('Enter')
  await expect(files.uploads()).toHaveCount(2)
  await expect(page.getByRole('button', { name: 'Upload files' })).toBeFocused()
})
