import { expect, test } from './fixtures/node'
import { InboxPage, showJobInbox } from './pages/inbox'
import { emptyScope, providerBody } from './seed'

test('a conversation whose scope is large reads it once: not again for each question and answer, only when the scope changes', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  // About 1 MB of scope: 10,000 folders.
  const folder = (i: number) => ({ name: `Folder ${i} of the maintenance archive`, path: { path_ids: ['Archive', `Folder ${i}`] } })
  const scope = { ...emptyScope, vector_fs_folders: Array.from({ length: 10_000 }, (_, i) => folder(i)) }
  const { job_id: jobId } = (
    await node.api<{ job_id: string }>('POST', '/v2/create_job', { llm_provider: 'gpt', job_creation_info: { scope } })
  ).body
  node.fake.behaviour = { type: 'reply', chunks: ['Every ', 'March.'] }

  // Bytes of each API path the page read.
  const read = new Map<string, { count: number; bytes: number }>()
  page.on('requestfinished', async (req) => {
    const path = new URL(req.url()).pathname
    if (!path.startsWith('/v2/') || path === '/v2/events') return
    // A read that finishes as the test ends (its page closing) has no sizes any more: the test's counts are
    // taken by then. Unhandled, that rejection failed the next test run in this worker.
    const sizes = await req.sizes().catch(() => null)
    if (sizes === null) return
    const { responseBodySize } = sizes
    const seen = read.get(path) ?? { count: 0, bytes: 0 }
    read.set(path, { count: seen.count + 1, bytes: seen.bytes + responseBodySize })
  })
  const scopeReads = () => (read.get('/v2/get_inbox')?.count ?? 0) + (read.get('/v2/get_job_scope')?.count ?? 0)
  const bytesRead = () => [...read.values()].reduce((sum, r) => sum + r.bytes, 0)

  // Wide enough for the job's details beside the conversation (narrower, they are in a drawer).
  await page.setViewportSize({ width: 1600, height: 800 })
  await page.goto(node.uiUrl)
  await showJobInbox(page, jobId)
  const details = page.getByRole('complementary', { name: 'Job details' })
  await expect(details.getByText('10,000 entries')).toBeVisible()
  await expect.poll(scopeReads).toBe(1)
  // The panel's check of which scope entries are gone (once, with the scope) belongs to opening, not to the question.
  await expect.poll(() => read.get('/v2/vector_fs_missing_paths')?.count ?? 0).toBe(1)

  const view = new InboxPage(page)
  const before = bytesRead()
  await view.send('When is the check?')
  await expect(view.answers().last()).toContainText('Every March.')
  await page.waitForTimeout(500) // the events of the answer, and any reads they would start
  expect(scopeReads()).toBe(1)
  // The question and its answer cost their own bytes, not the scope's megabyte.
  expect(bytesRead() - before).toBeLessThan(50_000)

  // The scope changed by another client: the panel shows it.
  await node.api('POST', '/v2/update_job_scope', { job_id: jobId, job_scope: { ...scope, vector_fs_folders: [folder(1), folder(2)] } })
  await expect(details.getByText('2 entries')).toBeVisible()
})
