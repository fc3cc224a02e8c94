import { expect, test } from './fixtures/node'
import { NewJobPage } from './pages/new-job'
import { providerBody } from './seed'

/* Buttons of the job creator that remove what they stand on hand the focus on, not to the page. */

const focusedName = (page: import('@playwright/test').Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent?.trim() ?? '')

test('Unselect all hands the focus to the library search; removing a network folder to the next one, then to the form', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  await node.upload('/', 'a.txt', 'Text of a')
  await page.goto(node.uiUrl)
  await page.evaluate(() => (location.hash = '#/jobs/new'))
  const job = new NewJobPage(page)
  await job.pick(['a.txt'])
  const unselect = job.library().getByRole('button', { name: 'Unselect all' })
  await unselect.focus()
  await page.keyboard.press('Enter')
  await expect(job.library().getByRole('checkbox', { name: 'a.txt', exact: true })).not.toBeChecked()
  await expect(unselect).toBeDisabled()
  await expect(job.library().getByRole('textbox', { name: 'Search the library by name' })).toBeFocused()

  await job.addNetworkFolder('@@other.sep-shinkai', 'agent', 'Shared one', ['My Files'])
  await job.addNetworkFolder('@@other.sep-shinkai', 'agent', 'Shared two', ['My Files'])
  const network = job.section('Folders on other nodes')
  await network.getByRole('button', { name: 'Remove Shared one' }).focus()
  await page.keyboard.press('Enter')
  await expect(network.getByRole('button', { name: 'Remove Shared one' })).toHaveCount(0)
  await expect.poll(() => focusedName(page)).toBe('Remove Shared two')
  await page.keyboard.press('Enter')
  await expect(network.getByTestId('scope-entry')).toHaveCount(0)
  await expect(network.getByLabel('Remote node')).toBeFocused()
})
