import { seriousViolations } from './axe'
import { expect, test } from './fixtures/node'
import { FilesPage } from './pages/files'
import { providerBody } from './seed'

for (const scheme of ['light', 'dark'] as const) {
  test(`the library's preview, its dialogs and a failed upload have no serious accessibility issue (${scheme})`, async ({ page, node }) => {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
    await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
    await node.api('POST', '/v2/create_folder', { path: '/', folder_name: 'Leases' })
    expect((await node.upload('/Leases', 'deposit.txt', 'The deposit is returned within thirty days.')).status).toBe(200)
    await page.goto(node.uiUrl)
    await page.getByRole('link', { name: 'Files' }).click()
    const files = new FilesPage(page)
    await files.drop([{ name: 'photo.png', type: 'image/png', text: 'not a document' }])
    await expect(files.uploads()).toHaveAttribute('data-state', 'failed')
    await expect(files.uploads()).toContainText('photo.png is not a kind of file the library reads')

    await page.getByRole('treeitem', { name: 'Leases', exact: true }).click()
    await page.getByRole('treeitem', { name: /^deposit\.txt/ }).click()
    await expect(files.preview()).toContainText('returned within thirty days')
    await page.mouse.move(0, 0)
    expect(await seriousViolations(page), 'preview').toEqual([])

    await page.getByRole('button', { name: 'New folder' }).click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await page.waitForTimeout(300)
    expect(await seriousViolations(page), 'new folder dialog').toEqual([])
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toBeHidden()

    await page.getByRole('button', { name: 'Actions for deposit.txt' }).click()
    await page.getByRole('menuitem', { name: 'Rename or move…' }).click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await page.waitForTimeout(300)
    expect(await seriousViolations(page), 'move dialog').toEqual([])
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toBeHidden()

    await page.getByRole('button', { name: 'Actions for deposit.txt' }).click()
    await page.getByRole('menuitem', { name: 'Delete…' }).click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await page.waitForTimeout(300)
    expect(await seriousViolations(page), 'delete confirmation').toEqual([])
  })
}
