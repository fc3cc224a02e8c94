import type { Page } from '@playwright/test'

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

  async addFolder(name: string, path: readonly string[]) {
    const r = this.section('VectorFS folders')
    await r.getByLabel('Folder name').fill(name)
    await this.path(r, path)
    await r.getByRole('button', { name: 'Add folder' }).click()
  }

  async addItem(name: string, path: readonly string[], fileName: string) {
    const r = this.section('VectorFS items')
    await r.getByLabel('Item name').fill(name)
    await this.path(r, path)
    await r.getByLabel('Source file name').fill(fileName)
    await r.getByRole('button', { name: 'Add item' }).click()
  }

  async addNetworkFolder(node: string, agent: string, name: string, path: readonly string[]) {
    const r = this.section('Network folders')
    await r.getByLabel('Remote node').fill(node)
    await r.getByLabel('Remote agent').fill(agent)
    await r.getByLabel('Shared folder name').fill(name)
    await this.path(r, path)
    await r.getByRole('button', { name: 'Add network folder' }).click()
  }

  async importJson(files: { name: string; json: unknown }[]) {
    await this.section('Local documents and packs')
      .locator('input[type=file]')
      .setInputFiles(files.map((f) => ({ name: f.name, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(f.json)) })))
  }

  create = () => this.page.getByRole('button', { name: 'Create job' }).click()
}
