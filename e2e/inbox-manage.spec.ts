import { expect, test } from './fixtures/node'
import { InboxListPage } from './pages/inbox'
import { emptyScope, nameJobInbox, providerBody } from './seed'

test('managing conversations: pin, hide and unhide, delete one, bulk-delete two, search shows a marked snippet', async ({ page, node }) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  const names = ['Alpha plans', 'Bravo budget', 'Charlie contract', 'Delta design', 'Echo events']
  const jobs: string[] = []
  for (const name of names) {
    const { job_id } = (
      await node.api<{ job_id: string }>('POST', '/v2/create_job', { llm_provider: 'gpt', job_creation_info: { scope: emptyScope } })
    ).body
    await nameJobInbox(node, job_id, name)
    jobs.push(job_id)
  }
  node.fake.behaviour = { type: 'reply', chunks: ['The lease renewal is due in March.'] }
  await node.api('POST', '/v2/job_message', { job_id: jobs[2], content: 'When is the lease renewal?' })
  await expect
    .poll(async () => (await node.api<unknown[]>('POST', '/v2/last_messages', { inbox_name: `job_inbox::${jobs[2]}::false` })).body.length)
    .toBe(2)

  const failed: string[] = []
  page.on('requestfailed', (r) => {
    failed.push(`${r.url()} ${r.failure()?.errorText}`)
  })
  page.on('response', (r) => {
    if (r.status() >= 400) failed.push(`${r.url()} ${r.status()}`)
  })
  await page.goto(node.uiUrl)
  const list = new InboxListPage(page)
  await expect(list.rows()).toHaveCount(5)
  await expect(list.rows().first()).toContainText('Charlie contract') // newest activity first
  const menu = (name: string) => page.getByRole('button', { name: `Actions for ${name}` })

  // Pin: the pinned inbox goes to the pinned section on top, marked.
  await menu('Alpha plans').click()
  await page.getByRole('menuitem', { name: 'Pin' }).click()
  await expect(list.rows().first()).toContainText('Alpha plans')
  await expect(list.rows().first().getByRole('img', { name: 'Pinned' })).toBeVisible()
  await expect(page.getByText('5 inboxes, 1 pinned')).toBeVisible()

  // Hide: gone from the list; shown with a marker when hidden inboxes are shown; unhide brings it back.
  await menu('Bravo budget').click()
  await page.getByRole('menuitem', { name: 'Hide' }).click()
  await expect(list.rows()).toHaveCount(4)
  await expect(page.getByRole('link', { name: /^Bravo budget/ })).toHaveCount(0)
  await page.getByRole('switch', { name: 'Show hidden' }).check()
  await expect(list.rows()).toHaveCount(5)
  const bravo = page.getByRole('listitem').filter({ hasText: 'Bravo budget' })
  await expect(bravo.getByTestId('hidden-marker')).toBeVisible()
  await menu('Bravo budget').click()
  await page.getByRole('menuitem', { name: 'Unhide' }).click()
  await expect(bravo.getByTestId('hidden-marker')).toHaveCount(0)
  await page.getByRole('switch', { name: 'Show hidden' }).uncheck()
  await expect(list.rows()).toHaveCount(5)

  // Delete one: asks first; Cancel keeps it, Delete removes it.
  await menu('Echo events').click()
  await page.getByRole('menuitem', { name: 'Delete' }).click()
  await expect(page.getByRole('dialog', { name: 'Delete “Echo events”?' })).toBeVisible()
  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect(list.rows()).toHaveCount(5)
  await menu('Echo events').click()
  await page.getByRole('menuitem', { name: 'Delete' }).click()
  await page.getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(list.rows()).toHaveCount(4)
  await expect(page.getByRole('link', { name: /^Echo events/ })).toHaveCount(0)

  // Bulk delete: two selected (Shift-click selects the range), the confirmation names how many.
  await page.getByRole('checkbox', { name: 'Select Delta design' }).click()
  await expect(page.getByText('1 selected')).toBeVisible()
  await page.getByRole('checkbox', { name: 'Select Bravo budget' }).click({ modifiers: ['Shift'] })
  await expect(page.getByText('2 selected')).toBeVisible()
  await page.getByRole('button', { name: 'Delete 2' }).click()
  await expect(page.getByRole('dialog', { name: 'Delete 2 conversations?' })).toBeVisible()
  await page.getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(list.rows()).toHaveCount(2)
  await expect(page.getByText('2 inboxes, 1 pinned')).toBeVisible()
  const left = (await node.api<{ custom_name: string }[]>('GET', '/v2/all_inboxes', undefined)).body.map((i) => i.custom_name).sort()
  expect(left).toEqual(['Alpha plans', 'Charlie contract'])

  // Search: the node's match, its snippet with the words marked.
  await page.getByLabel('Search inboxes').fill('lease renew')
  await expect(list.rows()).toHaveCount(1)
  await expect(list.rows().first()).toContainText('Charlie contract')
  await expect(list.rows().first().getByTestId('inbox-snippet').locator('mark')).toHaveText(['lease', 'renew'])

  // The conversation list beside an open inbox: one click, or Alt+Up / Alt+Down, moves between them.
  await page.getByRole('button', { name: 'Clear search' }).click()
  await page.getByRole('link', { name: /^Charlie contract/ }).click()
  const beside = page.getByRole('navigation', { name: 'Conversations' })
  await expect(beside.getByRole('link', { name: 'Charlie contract' })).toHaveAttribute('aria-current', 'page')
  await page.keyboard.press('Alt+ArrowUp')
  await expect(beside.getByRole('link', { name: 'Alpha plans' })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByTestId('inbox-title')).toHaveText('Alpha plans')
  await page.keyboard.press('Alt+ArrowDown')
  await expect(page.getByTestId('inbox-title')).toHaveText('Charlie contract')
  await beside.getByRole('link', { name: 'Alpha plans' }).click()
  await expect(page.getByTestId('inbox-title')).toHaveText('Alpha plans')

  // Collapsed on a wide window, it stays collapsed after a reload; the keys still move.
  await page.getByRole('button', { name: 'Hide conversations' }).click()
  await expect(beside).toBeHidden()
  expect(failed).toEqual([])
  await page.reload()
  failed.length = 0 // the reload cuts the open event stream short: not a failure
  await expect(page.getByTestId('inbox-title')).toHaveText('Alpha plans')
  await expect(page.getByRole('button', { name: 'Show conversations' })).toBeVisible()
  await expect(beside).toBeHidden()
  await page.keyboard.press('Alt+ArrowDown')
  await expect(page.getByTestId('inbox-title')).toHaveText('Charlie contract')
  await page.getByRole('button', { name: 'Show conversations' }).click()
  await expect(beside).toBeVisible()

  // A narrow window: no list beside, a header button opens it as a drawer (from the keyboard too).
  await page.setViewportSize({ width: 760, height: 800 })
  await expect(beside).toBeHidden()
  const opener = page.getByRole('button', { name: 'Conversations' })
  await opener.focus()
  await page.keyboard.press('Enter')
  const drawer = page.getByRole('dialog', { name: 'Conversations' })
  await expect(drawer.getByRole('link', { name: 'Charlie contract' })).toHaveAttribute('aria-current', 'page')
  await page.keyboard.press('Escape')
  await expect(drawer).toBeHidden()
  await page.keyboard.press('Alt+ArrowUp')
  await expect(page.getByTestId('inbox-title')).toHaveText('Alpha plans')
  await opener.click()
  await drawer.getByRole('link', { name: 'Charlie contract' }).click()
  await expect(drawer).toBeHidden()
  await expect(page.getByTestId('inbox-title')).toHaveText('Charlie contract')
  expect(failed).toEqual([])
})

test('deleting conversations while an answer is being written in one of them: the confirmation says it is stopped', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  const jobs: string[] = []
  for (const name of ['Alpha plans', 'Bravo budget', 'Charlie contract']) {
    const { job_id } = (
      await node.api<{ job_id: string }>('POST', '/v2/create_job', { llm_provider: 'gpt', job_creation_info: { scope: emptyScope } })
    ).body
    await nameJobInbox(node, job_id, name)
    jobs.push(job_id)
  }
  await page.goto(node.uiUrl)
  const list = new InboxListPage(page)
  await expect(list.rows()).toHaveCount(3)
  // An answer written and stored while the window watched: no longer being written.
  node.fake.behaviour = { type: 'reply', chunks: ['The budget is final.'] }
  await node.api('POST', '/v2/job_message', { job_id: jobs[1], content: 'Is the budget final?' })
  await expect(list.rows().filter({ hasText: 'Bravo budget' })).toContainText('The budget is final.')
  node.fake.behaviour = { type: 'stall', chunks: ['Part of an answer'] }
  const note = page.getByTestId('delete-stops-answers')

  // Nothing being written: nothing said.
  await page.getByRole('checkbox', { name: 'Select Alpha plans' }).click()
  await page.getByRole('checkbox', { name: 'Select Bravo budget' }).click()
  await page.getByRole('button', { name: 'Delete 2' }).click()
  await expect(page.getByRole('dialog', { name: 'Delete 2 conversations?' })).toBeVisible()
  await expect(note).toHaveCount(0)
  await page.getByRole('button', { name: 'Cancel' }).click()

  await node.api('POST', '/v2/job_message', { job_id: jobs[0], content: 'Where are the plans?' })
  await expect.poll(() => node.fake.concurrency.now).toBe(1)
  // The window hears the answer's first words (no marker in the list shows it: the confirmation waits for it).
  await expect(list.rows().filter({ hasText: 'Alpha plans' })).toContainText('Where are the plans?')

  // One of two being written: named.
  await page.getByRole('button', { name: 'Delete 2' }).click()
  await expect(note).toHaveText('An answer is still being written in “Alpha plans”: deleting stops it.')
  await page.getByRole('button', { name: 'Cancel' }).click()

  // The row's own Delete says it too.
  await page.getByRole('button', { name: 'Actions for Alpha plans' }).click()
  await page.getByRole('menuitem', { name: 'Delete' }).click()
  await expect(page.getByRole('dialog', { name: 'Delete “Alpha plans”?' })).toBeVisible()
  await expect(note).toHaveText('An answer is still being written in “Alpha plans”: deleting stops it.')
  await page.getByRole('button', { name: 'Cancel' }).click()

  // Two of three: counted.
  await node.api('POST', '/v2/job_message', { job_id: jobs[1], content: 'And the budget?' })
  await expect.poll(() => node.fake.concurrency.now).toBe(2)
  await page.getByRole('checkbox', { name: 'Select Charlie contract' }).click()
  await page.getByRole('button', { name: 'Delete 3' }).click()
  await expect(note).toHaveText('Answers are still being written in 2 of them: deleting stops them.')
  await page.getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(list.rows()).toHaveCount(0)
})

test('deleting a conversation whose question waits for its answer (asked elsewhere, nothing written yet): the confirmation says so, and follows the answer', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  const jobs: string[] = []
  for (const name of ['Alpha plans', 'Bravo budget']) {
    const { job_id } = (
      await node.api<{ job_id: string }>('POST', '/v2/create_job', { llm_provider: 'gpt', job_creation_info: { scope: emptyScope } })
    ).body
    await nameJobInbox(node, job_id, name)
    jobs.push(job_id)
  }
  // The provider takes the question and says nothing until told.
  let release = () => {}
  node.fake.behaviour = { type: 'reply', chunks: ['The plans are ready.'], after: new Promise<void>((r) => (release = r)) }
  await node.api('POST', '/v2/job_message', { job_id: jobs[0], content: 'Where are the plans?' })
  await expect.poll(() => node.fake.concurrency.now).toBe(1)

  // The window opens after the question was asked (another client asked it): no word of the answer has come.
  await page.goto(node.uiUrl)
  const list = new InboxListPage(page)
  await expect(list.rows()).toHaveCount(2)
  await expect(list.rows().filter({ hasText: 'Alpha plans' })).toContainText('Where are the plans?')
  const note = page.getByTestId('delete-stops-answers')

  await page.getByRole('button', { name: 'Actions for Alpha plans' }).click()
  await page.getByRole('menuitem', { name: 'Delete' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete “Alpha plans”?' })
  await expect(dialog).toBeVisible()
  await expect(note).toHaveText('“Alpha plans” still waits for an answer: deleting cancels it.')

  // Counted among several.
  await page.getByRole('button', { name: 'Cancel' }).click()
  await page.getByRole('checkbox', { name: 'Select Alpha plans' }).click()
  await page.getByRole('checkbox', { name: 'Select Bravo budget' }).click()
  await page.getByRole('button', { name: 'Delete 2' }).click()
  await expect(note).toHaveText('1 of them still waits for an answer: deleting cancels it.')

  // The answer comes and is stored while the confirmation is open: nothing is pending any more.
  release()
  await expect(list.rows().filter({ hasText: 'Alpha plans' })).toContainText('The plans are ready.')
  await expect(note).toHaveCount(0)
  await page.getByRole('button', { name: 'Cancel' }).click()
})
