import { expect, test } from './fixtures/node'
import { ringClippedBy } from './focus-ring'
import { showJobInbox } from './pages/inbox'
import { nameJobInbox, providerBody, seedJobs } from './seed'

test.use({ viewport: { width: 800, height: 600 } })

test('the Conversations drawer opens with the focus on the open conversation: the arrows move at once, Enter opens', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  const jobs = await seedJobs(node, 'gpt', 3, 1)
  for (const [i, name] of ['Alpha plans', 'Bravo budget', 'Charlie contract'].entries()) await nameJobInbox(node, jobs[i]!, name)
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await page.goto(node.uiUrl)
  await showJobInbox(page, jobs[1]!)
  await expect(page.getByTestId('inbox-title')).toHaveText('Bravo budget')

  const opener = page.getByRole('button', { name: 'Conversations', exact: true })
  await opener.focus()
  await page.keyboard.press('Enter')
  const drawer = page.getByRole('dialog', { name: 'Conversations' })
  // It was on the drawer's Close button: the arrows did nothing, and Enter closed the drawer.
  await expect(drawer.getByRole('link', { name: 'Bravo budget' })).toBeFocused()
  // Its focus ring shows whole: the list scrolls, and a ring drawn outside the row was cut at the list's edges.
  expect(await ringClippedBy(drawer.getByRole('link', { name: 'Bravo budget' }))).toEqual([])
  await page.keyboard.press('ArrowUp')
  await expect(drawer.getByRole('link', { name: 'Charlie contract' })).toBeFocused()
  expect(await ringClippedBy(drawer.getByRole('link', { name: 'Charlie contract' }))).toEqual([])
  await page.keyboard.press('Enter')
  await expect(drawer).toBeHidden()
  await expect(page.getByTestId('inbox-title')).toHaveText('Charlie contract')
  // Escape still closes it, the focus back on the button that opened it.
  await opener.focus()
  await page.keyboard.press('Enter')
  await expect(drawer.getByRole('link', { name: 'Charlie contract' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(drawer).toBeHidden()
  await expect(opener).toBeFocused()
})

/*
 * Escape pressed as a drawer opens (a fast operator, a loaded machine: here a CPU slowed 4x): Mantine's
 * focus trap moved the focus into the drawer after it had begun to close, and the focus was left on the
 * page's body once it was gone (Tab started from the top of the window). Without the fix 4 runs in 6
 * failed, at 1x and 4x alike; the unit test (test/renderer/focus-back.test.tsx) has it every time.
 */
test('Escape pressed while a drawer is still opening: the focus goes back to the button that opened it', async ({ page, node }) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  const [id] = await seedJobs(node, 'gpt', 2, 1)
  await page.goto(node.uiUrl)
  await showJobInbox(page, id!)
  const cdp = await page.context().newCDPSession(page)
  for (const name of ['Conversations', 'Details']) {
    const opener = page.getByRole('button', { name, exact: true })
    await opener.focus()
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    await page.keyboard.press('Enter')
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toBeHidden()
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
    await expect(opener).toBeFocused()
    // And it stays there (the trap's late move and the drawer's removal are over).
    await page.waitForTimeout(400)
    await expect(opener).toBeFocused()
  }
})
