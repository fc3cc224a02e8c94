import { expect, test } from './fixtures/node'
import { providerBody } from './seed'

/*
 * Dialogs drawn a task after they are asked for: Remove provider asks the node first whether jobs use
 * it, the shortcuts list loads its code. An Escape pressed at once (a loaded machine, CPU slowed 4x)
 * landed on the page, and the dialog opened after it and stayed (Remove: 6 of 6 runs; shortcuts: 1 of 6).
 */
test('Escape pressed as Remove provider or the shortcuts list is asked for: no dialog stays open, and the button keeps the focus', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('spare', node.fake.url, 'Ollama', 'llama3.2'))
  await page.goto(node.uiUrl)
  await page.getByRole('link', { name: 'Providers' }).click()
  await expect(page.getByTestId('provider-row-spare')).toBeVisible()
  const cdp = await page.context().newCDPSession(page)
  for (const name of ['Remove spare', 'Keyboard shortcuts']) {
    const opener = page.getByRole('button', { name, exact: true })
    for (let i = 0; i < 3; i++) {
      await opener.focus()
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
      await page.keyboard.press('Enter')
      await page.keyboard.press('Escape')
      await page.waitForTimeout(500)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
      // Settled before the next step (as an operator's next key comes): Mantine's focus trap moves the
      // focus into a dialog a timer after it is drawn, closing or not, and its return follows.
      await page.waitForTimeout(400)
      await expect(page.getByRole('dialog'), `${name}, run ${i + 1}`).toHaveCount(0)
      // What has the focus, said when it is not the opener (the body, or a control elsewhere).
      await expect
        .poll(
          () =>
            page.evaluate(() => {
              const el = document.activeElement
              return `${el?.tagName}: ${el?.getAttribute('aria-label') ?? el?.textContent?.slice(0, 40)}`
            }),
          { message: `${name}, run ${i + 1}` }
        )
        .toBe(`BUTTON: ${name}`)
    }
  }
})
