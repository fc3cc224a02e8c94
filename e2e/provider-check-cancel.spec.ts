import { expect, test } from './fixtures/node'
import { providerBody } from './seed'

test('a Check the server does not answer, at 800 px and from the keyboard: Cancel takes its place and the focus, the row stays in the window', async ({
  page,
  node
}) => {
  await page.setViewportSize({ width: 800, height: 600 })
  await node.api('POST', '/v2/add_llm_provider', { ...providerBody('gpt', node.fake.url), name: 'Office box · gpt-e2e with a long name' })
  await page.goto(node.uiUrl)
  await page.evaluate(() => (location.hash = '#/providers'))
  const remove = page.getByRole('button', { name: 'Remove Office box · gpt-e2e with a long name' })
  /**
   * How far the row's last button reaches past the inside of the server's card (its padding): under a
   * pixel is the table's rounding (the name column's 10em at least), still well inside the card's border.
   */
  const pastCard = () =>
    remove.evaluate((b) => {
      const card = b.closest<HTMLElement>('[class*="Card-root"]')!
      return b.getBoundingClientRect().right - (card.getBoundingClientRect().right - parseFloat(getComputedStyle(card).paddingRight))
    })
  await expect(page.getByRole('button', { name: 'Check Office box · gpt-e2e with a long name', exact: true })).toBeVisible()
  expect(await pastCard()).toBeLessThan(1)
  node.fake.behaviour = { type: 'hang' }

  await page.getByRole('button', { name: 'Check Office box · gpt-e2e with a long name', exact: true }).focus()
  await page.keyboard.press('Enter')
  const cancel = page.getByRole('button', { name: 'Cancel the check of Office box · gpt-e2e with a long name' })
  await expect(cancel).toBeFocused()
  // As wide as Check: the row's last buttons (Edit, Remove) stay inside the table's card.
  expect(await pastCard()).toBeLessThan(1)
  await expect(remove).toBeInViewport({ ratio: 1 })

  await page.keyboard.press('Enter')
  await expect(page.getByText('The check of “Office box · gpt-e2e with a long name” was cancelled')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Check Office box · gpt-e2e with a long name', exact: true })).toBeFocused()
})
