import { expect, test } from './fixtures/node'
import { WizardPage } from './pages/wizard'
import { emptyScope, providerBody } from './seed'

/*
 * A key written into a provider's address (a proxy's `?key=`) is kept like its API key: the window
 * gets the address with ******** in its place, shows that while editing, and saving without touching
 * the address keeps the provider working. The key goes to the provider on every call, and nowhere
 * else: not to the page, not to the event stream, not to the log of `npm run serve`.
 */
const SECRET = 'e2e-url-secret-77'

test('editing a provider whose address holds a key shows ******** and keeps it working; the key reaches only the provider', async ({
  page,
  node
}) => {
  const address = `${node.fake.url}/v1?api-version=2024-10-21&key=${SECRET}`
  await node.api('POST', '/v2/add_llm_provider', { ...providerBody('gw', node.fake.url), external_url: address })

  // Everything the node sends the window: its answers, and the event stream read beside it.
  const answers: string[] = []
  page.on('response', (res) => {
    if (res.url().includes('/v2/') && (res.headers()['content-type'] ?? '').includes('json')) void res.text().then((t) => answers.push(t))
  })
  const events = new AbortController()
  let eventText = ''
  const stream = await fetch(`${node.serve.url}/v2/events`, {
    headers: { Authorization: `Bearer ${node.serve.token}` },
    signal: events.signal
  })
  const reading = (async () => {
    const decoder = new TextDecoder()
    try {
      for await (const chunk of stream.body!) eventText += decoder.decode(chunk, { stream: true })
    } catch {
      // aborted at the end of the test
    }
  })()

  await page.goto(node.uiUrl)
  await page.getByRole('link', { name: 'Providers' }).click()
  await page.getByRole('link', { name: 'Edit gw' }).click()
  const wizard = new WizardPage(page)
  await wizard.next()
  await expect(page.getByLabel('API base URL')).toHaveValue(`${node.fake.url}/v1?api-version=2024-10-21&key=********`)
  while (!(await page.getByLabel('Display name').isVisible())) await wizard.next()
  await page.getByLabel('Display name').fill('Gateway')
  await wizard.next()
  await expect(page.getByTestId('review-summary')).toContainText(`${node.fake.url}/v1?api-version=2024-10-21&key=********`)
  expect(await page.content()).not.toContain(SECRET)
  await page.getByRole('button', { name: /^Test & save/ }).click()
  await expect(page.getByTestId('provider-row-gw')).toContainText('Gateway')

  // Answers still reach the provider with its key.
  const job = await node.api<{ job_id: string }>('POST', '/v2/create_job', { llm_provider: 'gw', job_creation_info: { scope: emptyScope } })
  await node.api('POST', '/v2/job_message', { job_id: job.body.job_id, content: 'Hi' })
  await expect
    .poll(
      async () =>
        (await node.api<unknown[]>('POST', '/v2/last_messages', { inbox_name: `job_inbox::${job.body.job_id}::false` })).body.length
    )
    .toBe(2)

  const chats = node.fake.requests.filter((r) => r.method === 'POST')
  expect(chats.length).toBe(2) // the test call of Test & save, then the answer
  for (const r of chats) expect(new URL(r.path, 'http://x').searchParams.get('key')).toBe(SECRET)
  const listed = await node.api<{ external_url: string }[]>('GET', '/v2/available_llm_providers')
  expect(listed.body[0]!.external_url).toBe(`${node.fake.url}/v1?api-version=2024-10-21&key=********`)

  events.abort()
  await reading
  expect(eventText).toContain('provider_changed')
  for (const [what, text] of [
    ['the answers to the window', answers.join('\n')],
    ['the event stream', eventText],
    ['the log of npm run serve', node.serve.output()],
    ['the page', await page.content()]
  ] as const) {
    expect(text, what).not.toContain(SECRET)
  }
})
