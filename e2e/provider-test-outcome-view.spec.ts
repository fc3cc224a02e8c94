import { createServer } from 'node:net'
import { expect, test } from './fixtures/node'
import { providerBody } from './seed'

/*
 * Editing, Test & save pressed on another step opens the review at its top. In a 800x600 window the
 * test's wait (with Cancel test) and its failure are at the review's foot, below the window's edge:
 * the page seemed not to answer the press at all. They are now scrolled into view.
 */

/** A loopback address nothing listens on: a port taken and let go again. */
const deadAddress = () =>
  new Promise<string>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number }
      s.close(() => resolve(`http://127.0.0.1:${port}/v1`))
    })
  })

test('800x600: Test & save from the Connection step of an edit shows the failed test, not the top of the review', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  await page.setViewportSize({ width: 800, height: 600 })
  await page.goto(node.uiUrl)
  await page.getByRole('link', { name: 'Providers' }).click()
  await page.getByRole('link', { name: 'Edit gpt' }).click()
  await page.getByRole('tab', { name: /Connection/ }).click()
  await page.getByLabel('API base URL').fill(await deadAddress())
  await page.getByLabel(/^API key/).fill('sk-new')
  await page.getByRole('button', { name: 'Test & save' }).click()
  const failed = page.getByRole('alert').filter({ hasText: 'The test call failed' })
  await expect(failed).toContainText('Could not reach the OpenAI-compatible server')
  await expect(failed.getByRole('button', { name: 'Change the address or key' })).toBeInViewport()
  await expect(failed.getByRole('button', { name: 'Save without a working test' })).toBeInViewport()
  // Nothing was saved.
  const stored = await node.api<{ external_url: string }[]>('GET', '/v2/available_llm_providers')
  expect(stored.body[0]!.external_url).toBe(node.fake.url)
})
