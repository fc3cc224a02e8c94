import { expect, test } from './fixtures/node'
import { providerBody, seedJobs } from './seed'

// The conversation's code loads once the inbox list is drawn and the window idle, so the first
// conversation opened from the list comes as fast as the next: loaded on Enter, it took 0.5-1 s on
// a busy machine (0.16 s for the second), the focus on the page body all that time.
test('opening the first conversation from the inbox list fetches no code: it was loaded while the list sat idle', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', `${node.fake.url}/v1`))
  await seedJobs(node, 'gpt', 3, 1)
  const scripts: string[] = []
  let loaded = 0
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname)
  })
  page.on('requestfinished', (r) => {
    if (r.resourceType() === 'script') loaded++
  })
  await page.goto(node.uiUrl)
  const row = page.getByTestId('inbox-row').first()
  await expect(row).toBeVisible()
  // Loaded while idle: asked for without the conversation being opened.
  await expect.poll(() => scripts.some((p) => /\/InboxView-[\w-]+\.js$/.test(p))).toBe(true)
  // Every script asked for has arrived (the InboxView chunk's own imports included).
  await expect.poll(() => loaded === scripts.length).toBe(true)
  await page.waitForTimeout(300)
  await expect.poll(() => loaded === scripts.length).toBe(true)
  const before = scripts.length
  await row.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('textbox', { name: 'Message', exact: true })).toBeVisible()
  await expect(page.getByTestId('inbox-title')).toBeVisible()
  expect(scripts.slice(before)).toEqual([])
})
