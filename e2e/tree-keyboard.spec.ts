import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures/node'
import { providerBody } from './seed'

/*
 * The library's trees in Chromium: each is one Tab stop however many rows it has (Tab enters it
 * once and the next Tab leaves it), the arrow keys move through the rows with a visible focus
 * ring, and a row far down stays rendered and in view as the keyboard reaches it.
 */

const FILES = 120
const fileName = (i: number) => `file ${String(i).padStart(3, '0')}.txt`

/** The accessible name of the focused element and whether it is a row of `tree`. */
const focused = (page: Page, tree: Locator) =>
  tree.evaluate((t) => {
    const el = document.activeElement
    const labelledBy = el?.getAttribute('aria-labelledby')
    const name = labelledBy ? (document.getElementById(labelledBy)?.textContent ?? '') : (el?.getAttribute('aria-label') ?? '')
    return { inTree: !!el && t.contains(el), role: el?.getAttribute('role') ?? el?.tagName, name: name.trim() }
  })

/** Whether the focused element shows a focus ring and lies within the visible part of its scrolling list. */
const focusShown = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement
    const list = el.closest('[data-testid$=scroll]')!.getBoundingClientRect()
    const row = el.getBoundingClientRect()
    return { ring: getComputedStyle(el).outlineStyle !== 'none', inView: row.top >= list.top - 1 && row.bottom <= list.bottom + 1 }
  })

async function seedLibrary(node: Parameters<Parameters<typeof test>[2]>[0]['node']) {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  await node.api('POST', '/v2/create_folder', { path: '/', folder_name: 'Archive' })
  for (let i = 1; i <= FILES; i++) expect((await node.upload('/', fileName(i), `Note ${i}.`)).status).toBe(200)
}

test(`the Files tree of ${FILES} files is one Tab stop; the arrows, End and type-ahead move with a visible ring`, async ({
  page,
  node
}) => {
  await seedLibrary(node)
  await page.goto(node.uiUrl)
  await page.getByRole('link', { name: 'Files' }).click()
  const tree = page.getByRole('tree', { name: 'Folders and files' })
  await expect(tree.getByRole('treeitem', { name: /^file 001\.txt/ })).toBeVisible()

  const search = page.getByRole('textbox', { name: 'Search the library' })
  await search.focus()
  await page.keyboard.press('Tab')
  expect(await focused(page, tree)).toEqual({ inTree: true, role: 'treeitem', name: 'Archive' })
  expect(await focusShown(page)).toEqual({ ring: true, inView: true })
  // One more Tab leaves the tree (its rows and their menu buttons are no Tab stops); Shift+Tab comes back.
  await page.keyboard.press('Tab')
  expect((await focused(page, tree)).inTree).toBe(false)
  await page.keyboard.press('Shift+Tab')
  expect(await focused(page, tree)).toMatchObject({ inTree: true, name: 'Archive' })
  await page.keyboard.press('Shift+Tab')
  await expect(search).toBeFocused()
  await page.keyboard.press('Tab')

  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  await expect.poll(async () => (await focused(page, tree)).name).toMatch(/^file 002\.txt/)
  await page.keyboard.press('End')
  await expect.poll(async () => (await focused(page, tree)).name).toMatch(new RegExp(`^${fileName(FILES)}`))
  expect(await focusShown(page)).toEqual({ ring: true, inView: true })
  await page.keyboard.press('ArrowUp')
  await expect.poll(async () => (await focused(page, tree)).name).toMatch(new RegExp(`^${fileName(FILES - 1)}`))
  // Type-ahead: "file 05" goes to the first name starting so.
  await page.keyboard.type('file 05')
  await expect.poll(async () => (await focused(page, tree)).name).toMatch(/^file 050\.txt/)
  expect(await focusShown(page)).toEqual({ ring: true, inView: true })
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('file-preview')).toContainText('Note 50.')
  // Tab from the tree goes on to the preview; Shift+Tab comes back to the row the tree left from.
  await page.keyboard.press('Tab')
  expect((await focused(page, tree)).inTree).toBe(false)
  await page.keyboard.press('Shift+Tab')
  expect(await focused(page, tree)).toMatchObject({ inTree: true, name: expect.stringMatching(/^file 050\.txt/) })

  // The row's menu from the keyboard; Escape closes it and gives the focus back to the row.
  await page.keyboard.press('Shift+F10')
  await expect(page.getByRole('menuitem', { name: 'Rename or move…' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('menu')).toBeHidden()
  await expect.poll(async () => await focused(page, tree)).toMatchObject({ inTree: true, name: expect.stringMatching(/^file 050\.txt/) })

  // Deleted from its menu, the row hands the focus to the one taking its place once the dialog has closed.
  await page.keyboard.press('Shift+F10')
  await page.getByRole('menuitem', { name: 'Delete…' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
  await expect(tree.getByRole('treeitem', { name: /^file 050\.txt/ })).toHaveCount(0)
  await expect.poll(async () => await focused(page, tree)).toMatchObject({ inTree: true, name: expect.stringMatching(/^file 051\.txt/) })
})

test('the scope picker in New job is one Tab stop; the arrows move and Space checks', async ({ page, node }) => {
  await seedLibrary(node)
  await page.goto(node.uiUrl)
  await page.getByRole('link', { name: 'New job' }).first().click()
  const tree = page.getByRole('tree', { name: 'Library' })
  await expect(tree.getByRole('treeitem', { name: fileName(1) })).toBeVisible()

  await page.getByRole('textbox', { name: 'Search the library by name' }).focus()
  await page.keyboard.press('Tab')
  expect(await focused(page, tree)).toEqual({ inTree: true, role: 'treeitem', name: 'Archive' })
  await page.keyboard.press('Tab')
  expect((await focused(page, tree)).inTree).toBe(false)
  await page.keyboard.press('Shift+Tab')
  expect(await focused(page, tree)).toMatchObject({ inTree: true, name: 'Archive' })

  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  await expect.poll(async () => (await focused(page, tree)).name).toBe(fileName(2))
  expect(await focusShown(page)).toEqual({ ring: true, inView: true })
  await page.keyboard.press('Space')
  await expect(tree.getByRole('treeitem', { name: fileName(2) })).toHaveAttribute('aria-checked', 'true')
  await expect(page.getByTestId('library-selection-count')).toHaveText('1 file selected')
  await page.keyboard.press('End')
  await expect.poll(async () => (await focused(page, tree)).name).toBe(fileName(FILES))
  expect(await focusShown(page)).toEqual({ ring: true, inView: true })
})
