import { expect, type CDPSession, type Page } from '@playwright/test'

/** The Files page: the document library. */
export class FilesPage {
  constructor(readonly page: Page) {}

  /** Opens the Files page of an empty library, through the UI address `uiUrl` (a one-time code). */
  async openEmpty(uiUrl: string) {
    await this.page.goto(uiUrl)
    await this.page.evaluate(() => (location.hash = '#/files'))
    await expect(this.page.getByTestId('files-empty')).toBeVisible()
  }

  /** Opens the Files page through the UI address `uiUrl` with the top folder `name` chosen to upload into. */
  async openUploadFolder(uiUrl: string, name: string) {
    await this.page.goto(uiUrl)
    await this.page.evaluate(() => (location.hash = '#/files'))
    await this.page.getByRole('treeitem', { name }).click()
    await expect(this.page.getByTestId('upload-target')).toContainText(`into /${name},`)
  }

  /** A slow link: uploads go at `bytesPerSecond` (-1: no limit). */
  async limitUploads(bytesPerSecond: number) {
    this.cdp ??= await this.page.context().newCDPSession(this.page)
    await this.cdp.send('Network.enable')
    await this.cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: bytesPerSecond
    })
  }
  private cdp: CDPSession | undefined

  /** Picks files with Upload files. */
  pick = (files: { name: string; text: string | Buffer }[]) =>
    this.page
      .locator('input[type=file]')
      .first()
      .setInputFiles(
        files.map((f) => ({ name: f.name, mimeType: 'text/plain', buffer: Buffer.isBuffer(f.text) ? f.text : Buffer.from(f.text) }))
      )

  library = () => this.page.getByRole('navigation', { name: 'Library' })
  rows = () => this.library().getByTestId('tree-row')
  uploads = () => this.page.getByTestId('upload-row')
  preview = () => this.page.getByTestId('file-preview')

  /** Drops files onto the page (or a folder row) as the browser would: a drop event carrying a DataTransfer. */
  async drop(files: { name: string; type: string; text: string }[], selector = '[data-testid=files-page]') {
    const dataTransfer = await this.dragOver(files, selector)
    await this.page.dispatchEvent(selector, 'drop', { dataTransfer })
  }

  /** Files dragged over the page (or a folder row), not yet dropped; returns what they carry, for a drop later. */
  async dragOver(files: { name: string; type: string; text: string }[], selector = '[data-testid=files-page]') {
    const dataTransfer = await this.page.evaluateHandle((list) => {
      const dt = new DataTransfer()
      for (const f of list) dt.items.add(new File([f.text], f.name, { type: f.type }))
      return dt
    }, files)
    await this.page.dispatchEvent(selector, 'dragover', { dataTransfer })
    return dataTransfer
  }

  /** Records every state an upload row goes through (rows may pass 'uploading' quickly). */
  async recordUploadStates() {
    await this.page.evaluate(() => {
      const seen = new Set<string>()
      ;(window as unknown as { uploadStates: Set<string> }).uploadStates = seen
      new MutationObserver(() => {
        for (const el of document.querySelectorAll<HTMLElement>('[data-testid=upload-row]')) seen.add(el.dataset.state ?? '')
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] })
    })
  }

  uploadStatesSeen = () => this.page.evaluate(() => [...(window as unknown as { uploadStates: Set<string> }).uploadStates].sort())
}
