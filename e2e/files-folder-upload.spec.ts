import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { docxOf, pdfOf } from './documents'
import { chooseFiles } from './file-chooser'
import { expect, test, type HeadlessNode } from './fixtures/node'
import { FilesPage } from './pages/files'
import { providerBody } from './seed'

/** A folder on disk with nested subfolders, real PDF and DOCX files, a text file and one the node cannot read. */
function reportsFolder(): Promise<{ root: string; dir: string }> {
  return folderOnDisk('Reports', async (dir) => {
    mkdirSync(join(dir, '2024', 'Q1'), { recursive: true })
    mkdirSync(join(dir, 'Letters'), { recursive: true })
    writeFileSync(join(dir, '2024', 'Q1', 'budget.pdf'), await pdfOf(['The road budget for the first quarter is 12,000 euros.']))
    writeFileSync(join(dir, '2024', 'summary.docx'), await docxOf(['The year closed with the bridge repaired.']))
    writeFileSync(join(dir, 'Letters', 'mayor.docx'), await docxOf(['Dear mayor, the bridge is open again.']))
    writeFileSync(join(dir, 'readme.txt'), 'Reports of the roads office.')
    writeFileSync(join(dir, 'photo.bmp'), Buffer.from('BM not a document at all'))
  })
}

/** Every file in the library under `folder`, by path (walked through the node's API). */
async function libraryFiles(node: HeadlessNode, folder = '/'): Promise<string[]> {
  const res = await node.api<{ path: string; is_directory: boolean }[]>(
    'GET',
    `/v2/retrieve_path_simplified?path=${encodeURIComponent(folder)}&depth=0`
  )
  const out: string[] = []
  for (const e of res.body) out.push(...(e.is_directory ? await libraryFiles(node, e.path) : [e.path]))
  return out.sort()
}

/** Upload folder, chosen from the keyboard, then the folder picked in the file chooser. */
async function pickFolderFromKeyboard(page: Page, dir: string) {
  const button = page.getByRole('button', { name: 'Upload folder' })
  await button.focus()
  await chooseFiles(page, () => page.keyboard.press('Enter'), dir)
}

/** The files reportsFolder() holds that the library reads, where an upload of it puts them. */
const REPORTS_IN_LIBRARY = [
  '/Reports/2024/Q1/budget.pdf',
  '/Reports/2024/summary.docx',
  '/Reports/Letters/mayor.docx',
  '/Reports/readme.txt'
]

/**
 * The Files page opened empty (a provider added first, or the window opens on its first-run wizard),
 * `run` with the folder made on disk, which is removed afterwards whatever happens.
 */
async function withFolderOnDisk(
  page: Page,
  node: HeadlessNode,
  made: Promise<{ root: string; dir: string }>,
  run: (files: FilesPage, dir: string) => Promise<void>
) {
  const { root, dir } = await made
  try {
    await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
    const files = new FilesPage(page)
    await files.openEmpty(node.uiUrl)
    await run(files, dir)
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
}

/** A folder of `name` on disk, its contents written by `fill`. */
async function folderOnDisk(name: string, fill: (dir: string) => void | Promise<void>): Promise<{ root: string; dir: string }> {
  const root = mkdtempSync(join(tmpdir(), 'nodedesk-folder-'))
  const dir = join(root, name)
  await fill(dir)
  return { root, dir }
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 800, height: 600 }
])
  test(`${viewport.width}x${viewport.height}: Upload folder from the keyboard brings a folder with its subfolders; the file the node cannot read is named, the others land once`, async ({
    page,
    node
  }) => {
    await page.setViewportSize(viewport)
    await withFolderOnDisk(page, node, reportsFolder(), async (files, dir) => {
      await pickFolderFromKeyboard(page, dir)

      // Each file has its row, and each row ends done or, for the bitmap, failed with a sentence naming it.
      await expect(files.uploads()).toHaveCount(5)
      for (const name of ['budget.pdf', 'summary.docx', 'mayor.docx', 'readme.txt'])
        await expect(files.uploads().filter({ hasText: name })).toHaveAttribute('data-state', 'done')
      const refused = files.uploads().filter({ hasText: 'photo.bmp' })
      await expect(refused).toHaveAttribute('data-state', 'failed')
      await expect(refused).toContainText('photo.bmp is not a kind of file the library reads')

      // The library holds the folders as they were, each file once.
      expect(await libraryFiles(node)).toEqual(REPORTS_IN_LIBRARY)
      // The tree shows the new folder; opened, its subfolders.
      const reports = files.rows().filter({ hasText: 'Reports' })
      await expect(reports).toBeVisible()
      await reports.focus()
      await page.keyboard.press('ArrowRight')
      await expect(files.rows().filter({ hasText: 'Letters' })).toBeVisible()
      await expect(files.rows().filter({ hasText: '2024' })).toBeVisible()
      await expect(files.rows().filter({ hasText: 'readme.txt' })).toBeVisible()
    })
  })

test('a folder upload cancelled from the keyboard stops every file not sent yet: the library holds only those marked done, each once', async ({
  page,
  node
}) => {
  const minutes = folderOnDisk('Minutes', (dir) => {
    mkdirSync(join(dir, 'Spring'), { recursive: true })
    for (let i = 0; i < 20; i++)
      writeFileSync(
        join(dir, i % 2 ? 'Spring' : '.', `minutes-${String(i).padStart(2, '0')}.txt`),
        Buffer.alloc(300 * 1024, `meeting ${i} `)
      )
  })
  await withFolderOnDisk(page, node, minutes, async (files, dir) => {
    await files.limitUploads(256 * 1024)
    await pickFolderFromKeyboard(page, dir)
    await expect(files.uploads().first()).toContainText(/uploading/, { timeout: 15_000 })
    const cancelAll = page.getByRole('button', { name: /^Cancel \d+ (waiting )?uploads$/ })
    await cancelAll.focus()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('button', { name: /^Cancel \d+ (waiting )?uploads$/ })).toHaveCount(0)
    await files.limitUploads(-1)
    // Every row finished: done (sent whole before the cancel) or cancelled.
    await expect
      .poll(() => files.uploads().evaluateAll((rows) => rows.filter((r) => /queued|uploading/.test(r.getAttribute('data-state')!)).length))
      .toBe(0)
    const states = await files.uploads().evaluateAll((rows) => rows.map((r) => [r.textContent ?? '', r.getAttribute('data-state')]))
    expect(states.filter(([, s]) => s === 'cancelled').length).toBeGreaterThan(10)
    expect(states.every(([, s]) => s === 'done' || s === 'cancelled')).toBe(true)
    const done = states.filter(([, s]) => s === 'done').map(([t]) => /minutes-\d+\.txt/.exec(t!)![0])
    const stored = await libraryFiles(node)
    expect(stored.map((p) => p.split('/').at(-1)).sort()).toEqual(done.sort())
    expect(new Set(stored).size).toBe(stored.length)
  })
})

test('a folder dragged from the desktop onto the Files page (a real drop, through Chromium’s input) lands the same way as one picked', async ({
  page,
  node
}) => {
  await withFolderOnDisk(page, node, reportsFolder(), async (files, dir) => {
    // Chromium hands the page the folder's entries (webkitGetAsEntry) as it would from a file manager.
    const cdp = await page.context().newCDPSession(page)
    const box = (await page.getByTestId('files-empty').boundingBox())!
    const at = { x: box.x + box.width / 2, y: box.y + box.height / 2, data: { items: [], files: [dir], dragOperationsMask: 1 } }
    for (const type of ['dragEnter', 'dragOver', 'drop'] as const) await cdp.send('Input.dispatchDragEvent', { type, ...at })

    await expect(files.uploads()).toHaveCount(5)
    await expect(files.uploads().filter({ hasText: 'photo.bmp' })).toHaveAttribute('data-state', 'failed')
    await expect(files.uploads().filter({ hasText: 'photo.bmp' })).toContainText('photo.bmp is not a kind of file the library reads')
    for (const name of ['budget.pdf', 'summary.docx', 'mayor.docx', 'readme.txt'])
      await expect(files.uploads().filter({ hasText: name })).toHaveAttribute('data-state', 'done')
    expect(await libraryFiles(node)).toEqual(REPORTS_IN_LIBRARY)
    await expect(files.rows().filter({ hasText: 'Reports' })).toBeVisible()
  })
})

/** Every folder in the library under `folder`, by path. */
async function libraryFolders(node: HeadlessNode, folder = '/'): Promise<string[]> {
  const res = await node.api<{ path: string; is_directory: boolean }[]>(
    'GET',
    `/v2/retrieve_path_simplified?path=${encodeURIComponent(folder)}&depth=0`
  )
  const out: string[] = []
  for (const e of res.body) if (e.is_directory) out.push(e.path, ...(await libraryFolders(node, e.path)))
  return out
}

test('a large folder picked shows its folders being made (count and bar) before any file uploads, and Cancel from the keyboard stops it: no file is uploaded', async ({
  page,
  node
}) => {
  const archive = folderOnDisk('Archive', (dir) => {
    for (let i = 0; i < 40; i++) {
      const sub = join(dir, `box-${String(i).padStart(2, '0')}`)
      mkdirSync(sub, { recursive: true })
      writeFileSync(join(sub, 'note.txt'), `Box ${i} holds the letters of year ${1980 + i}.`)
    }
  })
  await withFolderOnDisk(page, node, archive, async (files, dir) => {
    // A slow link: each folder made takes a while, as hundreds of them do on a real one.
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 250, downloadThroughput: -1, uploadThroughput: -1 })
    await pickFolderFromKeyboard(page, dir)

    // Shown from the start: what is being made, how far, and a way to stop it.
    const making = page.getByTestId('folder-making')
    await expect(making).toContainText('Archive')
    await expect(making).toContainText(/Making folders \d+ of 41/)
    await expect(making.getByRole('progressbar')).toBeVisible()
    await expect(making).toContainText(/Making folders [1-9]\d* of 41/)
    await expect(files.uploads()).toHaveCount(0)

    const cancel = page.getByRole('button', { name: 'Cancel the upload of Archive' })
    await cancel.focus()
    await page.keyboard.press('Enter')
    await expect(making).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Upload folder' })).toBeFocused()
    // What is left is said: the folders made by then stay, empty.
    await expect(page.getByTestId('folder-notice')).toContainText(
      /The upload of Archive was cancelled: \d+ folders? (was|were) made \(empty\), and none of its files was uploaded\./
    )

    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 })
    await page.waitForTimeout(1500)
    // No file was queued or sent; the folders made before the cancel stay, and no more were made after it.
    await expect(files.uploads()).toHaveCount(0)
    expect(await libraryFiles(node)).toEqual([])
    const folders = await libraryFolders(node)
    expect(folders.length).toBeLessThan(41)
    const said = /: (\d+) folders? (was|were) made/.exec((await page.getByTestId('folder-notice').textContent()) ?? '')
    expect(Number(said?.[1])).toBe(folders.length)
    await page.waitForTimeout(1000)
    expect((await libraryFolders(node)).length).toBe(folders.length)
  })
})

test('the count of uploads beside Files goes on from a folder being made to its files: it never drops to nothing in between', async ({
  page,
  node
}) => {
  const archive = folderOnDisk('Archive', (dir) => {
    for (let i = 0; i < 12; i++) {
      mkdirSync(join(dir, `box-${String(i).padStart(2, '0')}`), { recursive: true })
      writeFileSync(join(dir, `box-${String(i).padStart(2, '0')}`, 'note.txt'), `Box ${i}.`)
    }
  })
  await withFolderOnDisk(page, node, archive, async (files, dir) => {
    // Every change of the count, as drawn (a poll would miss a moment's gap), from the count before the pick:
    // nothing under way. (Starting empty, a change of the page before the folder's row, such as the focus
    // given to Upload folder, was read as the first count, 'none', and the test failed now and then.)
    await page.evaluate(() => {
      const read = () => document.querySelector('[data-testid=uploads-under-way]')?.getAttribute('title') ?? 'none'
      const seen: string[] = ((window as unknown as { seen: string[] }).seen = [read()])
      new MutationObserver(() => {
        if (seen.at(-1) !== read()) seen.push(read())
      }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true })
    })
    await pickFolderFromKeyboard(page, dir)
    await expect(files.uploads()).toHaveCount(12)
    for (const row of await files.uploads().all()) await expect(row).toHaveAttribute('data-state', 'done')
    await expect(page.getByTestId('uploads-under-way')).toHaveCount(0)
    const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen)
    expect(seen.slice(0, 2)).toEqual(['none', '1 upload under way'])
    // Nothing under way only before and at the end, once every file is sent.
    expect(seen.indexOf('none', 1)).toBe(seen.length - 1)
  })
})

test('two folders dropped together are named in their row and in the notice of a cancel, as theirs (not "its")', async ({ page, node }) => {
  const boxes = (name: string) =>
    folderOnDisk(name, (dir) => {
      for (let i = 0; i < 40; i++) mkdirSync(join(dir, `box-${String(i).padStart(2, '0')}`), { recursive: true })
      writeFileSync(join(dir, 'box-00', 'note.txt'), `A note in ${name}.`)
    })
  const letters = await boxes('Letters')
  try {
    await withFolderOnDisk(page, node, boxes('Reports'), async (_files, dir) => {
      const cdp = await page.context().newCDPSession(page)
      await cdp.send('Network.enable')
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 250, downloadThroughput: -1, uploadThroughput: -1 })
      const box = (await page.getByTestId('files-empty').boundingBox())!
      const at = {
        x: box.x + box.width / 2,
        y: box.y + box.height / 2,
        data: { items: [], files: [dir, letters.dir], dragOperationsMask: 1 }
      }
      for (const type of ['dragEnter', 'dragOver', 'drop'] as const) await cdp.send('Input.dispatchDragEvent', { type, ...at })

      const making = page.getByTestId('folder-making')
      await expect(making).toContainText(
        /^(Reports and Letters|Letters and Reports) → the top folder · Making folders \d+ of 82; their files are uploaded next/
      )
      await making.getByRole('button', { name: /^Cancel the upload of/ }).click()
      await expect(page.getByTestId('folder-notice')).toContainText(
        /^The upload of (Reports and Letters|Letters and Reports) was cancelled: .*, and none of their files was uploaded\.$/
      )
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 })
    })
  } finally {
    rmSync(letters.root, { recursive: true, force: true })
  }
})

test('a folder dropped with a loose file beside it: both are named in its row and in the notice of a cancel, and the file is not uploaded either', async ({
  page,
  node
}) => {
  await withFolderOnDisk(
    page,
    node,
    folderOnDisk('Reports', (dir) => {
      for (let i = 0; i < 40; i++) mkdirSync(join(dir, `box-${String(i).padStart(2, '0')}`), { recursive: true })
      writeFileSync(join(dir, 'agenda.txt'), 'The agenda of the roads office.')
    }),
    async (files, dir) => {
      // The loose file lies beside the folder on disk, and is dropped with it.
      const loose = join(dir, '..', 'minutes.txt')
      writeFileSync(loose, 'Minutes of the last meeting.')
      const cdp = await page.context().newCDPSession(page)
      await cdp.send('Network.enable')
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 250, downloadThroughput: -1, uploadThroughput: -1 })
      const box = (await page.getByTestId('files-empty').boundingBox())!
      const at = { x: box.x + box.width / 2, y: box.y + box.height / 2, data: { items: [], files: [dir, loose], dragOperationsMask: 1 } }
      for (const type of ['dragEnter', 'dragOver', 'drop'] as const) await cdp.send('Input.dispatchDragEvent', { type, ...at })

      const making = page.getByTestId('folder-making')
      await expect(making).toContainText(
        /^Reports and minutes\.txt → the top folder · Making folders \d+ of 41; the files are uploaded next/
      )
      await making.getByRole('button', { name: 'Cancel the upload of Reports and minutes.txt' }).click()
      await expect(page.getByTestId('folder-notice')).toContainText(
        /^The upload of Reports and minutes\.txt was cancelled: .*, and none of the files was uploaded\.$/
      )
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 })
      await expect(files.uploads()).toHaveCount(0)
    }
  )
})

test('a folder picked again after its files changed: its files are refused for their names, and "Replace N files" puts the new ones in their place, each once', async ({
  page,
  node
}) => {
  await withFolderOnDisk(page, node, reportsFolder(), async (files, dir) => {
    await pickFolderFromKeyboard(page, dir)
    await expect(files.uploads().filter({ hasText: 'readme.txt' })).toHaveAttribute('data-state', 'done')
    await expect(files.uploads().filter({ hasText: 'budget.pdf' })).toHaveAttribute('data-state', 'done')
    await page.getByRole('button', { name: 'Clear finished' }).click()

    writeFileSync(join(dir, 'readme.txt'), 'Reports of the roads office, revised in June.')
    await pickFolderFromKeyboard(page, dir)
    // The folders are there already (their files go into them); each file's name is taken.
    for (const name of ['budget.pdf', 'summary.docx', 'mayor.docx', 'readme.txt'])
      await expect(files.uploads().filter({ hasText: name })).toHaveAttribute('data-state', 'failed')
    await page.getByRole('button', { name: 'Replace 4 files' }).click()
    await page.getByRole('dialog', { name: 'Replace 4 files in the library?' }).getByRole('button', { name: 'Replace 4 files' }).click()
    for (const name of ['budget.pdf', 'summary.docx', 'mayor.docx', 'readme.txt'])
      await expect(files.uploads().filter({ hasText: name })).toHaveAttribute('data-state', 'done')
    expect(await libraryFiles(node)).toEqual(REPORTS_IN_LIBRARY)
    const readme = await fetch(`${node.serve.url}/v2/download_file?path=/Reports/readme.txt`, {
      headers: { Authorization: `Bearer ${node.serve.token}` }
    })
    expect(await readme.text()).toBe('Reports of the roads office, revised in June.')
  })
})
