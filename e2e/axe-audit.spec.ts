import type { Page } from '@playwright/test'
import { wcagViolations } from './axe'
import { expect, test } from './fixtures/node'
import { FilesPage } from './pages/files'
import { showJobInbox } from './pages/inbox'
import { WizardPage } from './pages/wizard'
import { nameJobInbox, providerBody, seedJobs } from './seed'

/*
 * Every page and dialog an operator sees, in both colour schemes, audited with axe against all of
 * WCAG 2.0/2.1 A and AA and axe's best practices (landmarks, headings, regions), at any impact — not
 * only the serious ones. One node and one window for the whole walk, to keep it quick.
 */
async function audit(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
    await page.mouse.move(0, 0) // a hovered row's tint is not what is measured
    await page.waitForTimeout(200)
    expect(await wcagViolations(page), `${name} (${scheme})`).toEqual([])
  }
}

const go = (page: Page, hash: string) => page.evaluate((h) => (location.hash = h), hash)

test('every page, dialog and state an operator sees has no WCAG 2.1 AA or best-practice axe finding, in light and dark', async ({
  page,
  node
}) => {
  test.setTimeout(240_000)
  await page.setViewportSize({ width: 1500, height: 900 })
  await page.goto(node.uiUrl)

  // First run: the wizard's steps.
  await expect(page.getByRole('heading', { name: 'Add an LLM provider' })).toBeVisible()
  await audit(page, 'first-run wizard: kind')
  const wizard = new WizardPage(page)
  await wizard.chooseKind('OpenAI-compatible server')
  await expect(page.getByLabel('API base URL')).toBeVisible()
  await audit(page, 'wizard: connection')
  await wizard.connection(`${node.fake.url}/v1`)
  await wizard.chooseModels(['gpt-e2e'])
  await audit(page, 'wizard: models')
  await wizard.next()
  await expect(page.getByLabel('Display name')).toBeVisible()
  await audit(page, 'wizard: identity')
  await wizard.next()
  await wizard.showRequest()
  await audit(page, 'wizard: review')

  // Empty pages.
  await go(page, '#/files')
  await expect(page.getByTestId('files-empty')).toBeVisible()
  await audit(page, 'files: empty')

  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', `${node.fake.url}/v1`))
  await go(page, '#/inboxes')
  await expect(page.getByRole('heading', { name: 'Inboxes' })).toBeVisible()
  await expect(page.getByTestId('inbox-row')).toHaveCount(0)
  await audit(page, 'inboxes: empty')

  // Providers: the list, a new one's wizard, an edit.
  await go(page, '#/providers')
  await expect(page.getByRole('heading', { name: 'Providers' })).toBeVisible()
  await expect(page.getByText('gpt', { exact: true }).first()).toBeVisible()
  await audit(page, 'providers: list')
  await go(page, '#/providers/new')
  await expect(page.getByRole('alert').filter({ hasText: 'You are continuing the provider you started earlier' })).toBeVisible()
  await audit(page, 'providers: new, a draft resumed')
  await page.getByRole('button', { name: 'Start over' }).click()
  const startOver = page.getByRole('dialog', { name: 'Start over?' })
  await expect(startOver).toBeVisible()
  await audit(page, 'providers: new, Start over?')
  await startOver.getByRole('button', { name: 'Start over' }).click()
  await expect(page.getByRole('radio', { name: 'OpenAI-compatible server', exact: true })).toBeVisible()
  await audit(page, 'providers: new')
  await go(page, '#/providers/gpt/edit')
  await expect(page.getByRole('heading', { name: 'Edit provider “gpt”' })).toBeVisible()
  await audit(page, 'providers: edit')

  // Files: a tree with files, a file's preview, a search, a delete to confirm, uploads going and failed.
  await node.api('POST', '/v2/create_folder', { path: '/', folder_name: 'Contracts' })
  await node.upload('/Contracts', 'lease.md', '# Lease\n\nThe rent is due monthly.')
  await node.upload('/', 'handbook.md', '# Holidays\n\nEveryone gets 27 days of paid holiday.')
  await go(page, '#/files')
  const files = new FilesPage(page)
  await files.library().getByRole('treeitem', { name: 'Contracts' }).click()
  await page.keyboard.press('ArrowRight')
  await expect(files.library().getByRole('treeitem', { name: 'lease.md' })).toBeVisible()
  await audit(page, 'files: tree')
  await files.library().getByRole('treeitem', { name: 'handbook.md' }).click()
  await expect(files.preview()).toContainText('27 days')
  await audit(page, 'files: preview')
  await page.getByRole('textbox', { name: 'Search the library' }).fill('lease')
  await expect(page.getByRole('region', { name: 'Search results' }).getByTestId('name-result')).toHaveText(['lease.md in /Contracts'])
  await audit(page, 'files: search')
  await page.getByRole('textbox', { name: 'Search the library' }).fill('')
  await page.getByRole('button', { name: 'Actions for Contracts' }).click()
  await page.getByRole('menuitem', { name: 'Delete…' }).click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await audit(page, 'files: delete confirmation')
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toBeHidden()
  await files.library().getByRole('treeitem', { name: 'Contracts' }).click()
  await files.limitUploads(20_000)
  await files.pick([
    { name: 'big.txt', text: 'A line of the big file.\n'.repeat(40_000) },
    { name: 'handbook.md', text: 'A second copy.' }
  ])
  await expect(files.uploads().filter({ hasText: 'big.txt' })).toHaveAttribute('data-state', 'uploading')
  await audit(page, 'files: upload in progress')
  await files.limitUploads(-1)

  // New job, Settings.
  await go(page, '#/jobs/new')
  await expect(page.getByRole('heading', { name: 'New job' })).toBeVisible()
  await expect(page.getByRole('treeitem', { name: 'Contracts' }).first()).toBeVisible()
  await audit(page, 'new job')
  await go(page, '#/settings')
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible()
  await audit(page, 'settings')

  // Inboxes: pinned, hidden (shown), selected rows with the bulk bar, a search.
  const ids = await seedJobs(node, 'gpt', 4)
  await Promise.all(ids.map((id, i) => nameJobInbox(node, id, `Lease question ${i}`)))
  await node.api('POST', '/v2/update_inbox_pinned', { inbox_name: `job_inbox::${ids[0]}::false`, pinned: true })
  await node.api('POST', '/v2/update_job_hidden', { job_id: ids[1], is_hidden: true })
  await go(page, '#/inboxes')
  await expect(page.getByTestId('inbox-row')).toHaveCount(3)
  await page.getByRole('switch', { name: 'Show hidden' }).check()
  await expect(page.getByTestId('inbox-row')).toHaveCount(4)
  await audit(page, 'inboxes: pinned and hidden')
  await page.getByTestId('inbox-row').first().focus()
  await page.keyboard.press('Space')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Space')
  await expect(page.getByText('2 selected')).toBeVisible()
  await audit(page, 'inboxes: selected, the bulk bar')
  await page.keyboard.press('Escape')
  // Ctrl+K: the search of the inboxes (names and messages), its results and its no-match line.
  await page.keyboard.press('Control+K')
  await expect(page.getByLabel('Search inboxes')).toBeFocused()
  await page.keyboard.type('lease question')
  await expect(page.getByTestId('inbox-row')).toHaveCount(4)
  await audit(page, 'inboxes: search results')
  await page.getByLabel('Search inboxes').fill('nothing like this')
  await expect(page.getByRole('status').filter({ hasText: 'nothing like this' })).toBeVisible()
  await audit(page, 'inboxes: search, no match')
  await page.getByLabel('Search inboxes').fill('')

  // The shortcuts list.
  await page.getByRole('main').focus()
  await page.keyboard.press('Shift+?')
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible()
  await audit(page, 'keyboard shortcuts')
  await page.keyboard.press('Escape')

  // A conversation: messages and the side panel, a streaming answer, a failed one, its dialogs, the narrow drawer.
  const message = page.getByRole('textbox', { name: 'Message', exact: true })
  node.fake.behaviour = { type: 'reply', chunks: ['Twenty-seven ', 'days.'] }
  await showJobInbox(page, ids[2]!)
  await message.fill('How many days of holiday?')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('message-answer')).toHaveCount(1)
  await expect(page.getByRole('complementary', { name: 'Job details' }).or(page.getByLabel('Job details'))).toBeVisible()
  await audit(page, 'conversation with the side panel')
  let finish = () => {}
  node.fake.behaviour = {
    type: 'keepalive',
    chunks: ['Line one.\n\n', 'Line two.'],
    everyMs: 100,
    until: new Promise<void>((r) => (finish = r))
  }
  await message.fill('And sick leave?')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('streaming-answer')).toContainText('Line two.')
  await audit(page, 'conversation: an answer streaming')
  finish()
  await expect(page.getByTestId('message-answer')).toHaveCount(2)
  node.fake.behaviour = { type: 'status', status: 500, body: { error: { message: 'The server broke.' } } }
  await message.fill('And parental leave?')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible({ timeout: 15_000 })
  await audit(page, 'conversation: a failed answer')
  await page.getByRole('button', { name: 'Edit config', exact: true }).click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await audit(page, 'job config dialog')
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toBeHidden()
  await page.getByRole('button', { name: 'Edit scope', exact: true }).click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await expect(page.getByRole('dialog').getByRole('treeitem', { name: 'Contracts' })).toBeVisible()
  await audit(page, 'edit scope dialog')
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toBeHidden()
  await page.setViewportSize({ width: 700, height: 800 })
  await page.getByRole('button', { name: 'Details' }).click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await audit(page, 'narrow window: the details drawer')
})
