import { seriousViolations } from './axe'
import { expect, test } from './fixtures/node'
import { docxOf, pdfOf, uploadBytes } from './documents'
import { NewJobPage } from './pages/new-job'
import type { Inbox } from '../src/shared/contract/inbox'
import { providerBody } from './seed'

/*
 * Files chosen in the scope picker, one of them then deleted over HTTP before Create job: the node
 * takes such a scope (an entry whose path is gone finds nothing), and the job was created without a
 * word. Create now names what is gone and asks: remove it and create, or go back.
 */
test('Create job with a chosen file deleted meanwhile: named in a question; Go back creates nothing; Remove and create leaves it out', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  await node.api('POST', '/v2/create_folder', { path: '/', folder_name: 'Reports' })
  expect((await uploadBytes(node, '/Reports', 'annual report.pdf', await pdfOf(['The boiler was serviced in October.']))).status).toBe(200)
  expect((await uploadBytes(node, '/Reports', 'minutes.docx', await docxOf(['The committee approved the budget.']))).status).toBe(200)
  await page.goto(node.uiUrl)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'New job' }).click()
  const job = new NewJobPage(page)
  await job.pick(['Reports', 'annual report.pdf'])
  await job.pick(['Reports', 'minutes.docx'])
  await expect(job.library().getByTestId('library-selection-count')).toHaveText('2 files selected')

  expect((await node.api('POST', '/v2/delete_item', { path: '/Reports/minutes.docx' })).status).toBe(200)
  const create = page.getByRole('button', { name: 'Create job' })
  await create.click()
  const question = page.getByRole('dialog', { name: 'A chosen item is no longer in the library' })
  await expect(question.getByRole('listitem')).toHaveText(['/Reports/minutes.docx'])
  await expect(question.getByRole('button', { name: 'Go back' })).toBeFocused()
  await page.waitForTimeout(300) // the dialog's opening transition
  await page.mouse.move(0, 0) // not over the navigation link just clicked (its hover shade)
  expect(await seriousViolations(page), 'the question').toEqual([])
  await page.keyboard.press('Enter')
  await expect(question).toBeHidden()
  await expect(create).toBeFocused()
  expect((await node.api<unknown[]>('GET', '/v2/all_inboxes')).body).toEqual([])

  await create.click()
  await question.getByRole('button', { name: 'Remove and create' }).click()
  await expect(page).toHaveURL(/#\/inboxes\//)
  const inboxes = (await node.api<Inbox[]>('GET', '/v2/all_inboxes')).body
  expect(inboxes).toHaveLength(1)
  expect(inboxes[0]!.job_scope!.vector_fs_items.map((i) => i.path.path_ids)).toEqual([['Reports', 'annual report.pdf']])
})
