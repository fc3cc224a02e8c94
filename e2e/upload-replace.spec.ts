import { expect, test } from './fixtures/node'
import { FilesPage } from './pages/files'
import { providerBody } from './seed'

/*
 * Files picked again after they changed: the library has files of their names, so each is refused;
 * Replace on a row, or "Replace N files", each after a question, puts the new ones in their place.
 */

test('files refused for their names are replaced from their rows, or all at once after a question', async ({ page, node }) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  const files = new FilesPage(page)
  await files.openEmpty(node.uiUrl)
  for (const name of ['minutes.txt', 'agenda.txt', 'budget.txt']) await node.upload('/', name, `The older ${name}.`)
  await expect(files.rows()).toHaveCount(3)
  const stored = async (name: string) =>
    (await fetch(`${node.serve.url}/v2/download_file?path=/${name}`, { headers: { Authorization: `Bearer ${node.serve.token}` } })).text()

  await files.pick([
    { name: 'minutes.txt', text: 'Minutes of June: the roads budget passed.' },
    { name: 'agenda.txt', text: 'Agenda of June.' },
    { name: 'budget.txt', text: 'Budget of June.' }
  ])
  for (const name of ['minutes.txt', 'agenda.txt', 'budget.txt']) {
    await expect(files.uploads().filter({ hasText: name })).toHaveAttribute('data-state', 'failed')
  }
  const minutes = files.uploads().filter({ hasText: 'minutes.txt' })
  await expect(minutes).toContainText('Choose Replace to put this file in its place')

  // One row's Replace, from the keyboard: asked first, naming the file and its folder; Cancel keeps both.
  const replaceMinutes = minutes.getByRole('button', { name: 'Replace the file named minutes.txt in the top folder with this one' })
  await replaceMinutes.focus()
  await page.keyboard.press('Enter')
  const askOne = page.getByRole('dialog', { name: 'Replace “minutes.txt” in the top folder?' })
  await expect(askOne.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(askOne).toBeHidden()
  await expect(replaceMinutes).toBeFocused()
  await expect(minutes).toHaveAttribute('data-state', 'failed')
  expect(await stored('minutes.txt')).toBe('The older minutes.txt.')
  await page.keyboard.press('Enter')
  await askOne.getByRole('button', { name: 'Replace', exact: true }).click()
  await expect(minutes).toHaveAttribute('data-state', 'done')
  expect(await stored('minutes.txt')).toBe('Minutes of June: the roads budget passed.')

  // The rest at once: asked first; Cancel replaces nothing.
  await page.getByRole('button', { name: 'Replace 2 files' }).click()
  const ask = page.getByRole('dialog', { name: 'Replace 2 files in the library?' })
  await expect(ask).toBeVisible()
  await expect(ask.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(ask).toBeHidden()
  expect(await stored('agenda.txt')).toBe('The older agenda.txt.')

  await page.getByRole('button', { name: 'Replace 2 files' }).click()
  await page.getByRole('dialog', { name: 'Replace 2 files in the library?' }).getByRole('button', { name: 'Replace 2 files' }).click()
  await expect(files.uploads().filter({ hasText: 'agenda.txt' })).toHaveAttribute('data-state', 'done')
  await expect(files.uploads().filter({ hasText: 'budget.txt' })).toHaveAttribute('data-state', 'done')
  expect(await stored('agenda.txt')).toBe('Agenda of June.')
  expect(await stored('budget.txt')).toBe('Budget of June.')
  await expect(files.rows()).toHaveCount(3)
  await expect(page.getByRole('button', { name: /^Replace/ })).toHaveCount(0)
})
