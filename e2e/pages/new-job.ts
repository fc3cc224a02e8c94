import type { Page } from '@playwright/test'

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The job creator and its scope editor. */
export class NewJobPage {
  constructor(readonly page: Page) {}

  section = (name: string) => this.page.getByRole('region', { name })

  private async path(region: ReturnType<NewJobPage['section']>, segments: readonly string[]) {
    const input = region.getByRole('combobox', { name: 'Path' })
    for (const s of segments) {
      await input.fill(s)
      await input.press('Enter')
    }
  }

  library = () => this.section('Library')

  /** Opens the folders above `path` in the library tree, then checks the entry itself. */
  async pick(path: readonly string[]) {
    const lib = this.library()
    for (const folder of path.slice(0, -1)) {
      // Wait for the folder's row (the tree loads lazily), then open it unless it is open already.
      const toggle = lib.getByRole('button', { name: new RegExp(`^(Open|Close) ${escapeRegExp(folder)}$`) })
      await toggle.waitFor()
      if ((await toggle.getAttribute('aria-label'))?.startsWith('Open')) await toggle.click()
    }
    await lib.getByRole('checkbox', { name: path.at(-1)!, exact: true }).check()
  }

  async addNetworkFolder(node: string, agent: string, name: string, path: readonly string[]) {
    const advanced = this.page.getByRole('button', { name: 'Advanced' })
    if ((await advanced.getAttribute('aria-expanded')) !== 'true') await advanced.click()
    const r = this.section('Folders on other nodes')
    await r.getByLabel('Remote node').fill(node)
    await r.getByLabel('Remote agent').fill(agent)
    await r.getByLabel('Shared folder name').fill(name)
    await this.path(r, path)
    await r.getByRole('button', { name: 'Add network folder' }).click()
  }

  async importJson(files: { name: string; json: unknown }[]) {
    await this.section('Imported documents and packs')
      .locator('input[type=file]')
      .setInputFiles(files.map((f) => ({ name: f.name, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(f.json)) })))
  }

  create = () => this.page.getByRole('button', { name: 'Create job' }).click()
}
