import { expect, type Page } from '@playwright/test'

export interface WizardInput {
  readonly kind: string
  readonly url?: string
  readonly apiKey?: string
  readonly model: string
  readonly displayName?: string
  readonly toolkits?: readonly string[]
}

/** The provider setup wizard, step by step as an operator uses it. */
export class WizardPage {
  constructor(readonly page: Page) {}

  next = () => this.page.getByRole('button', { name: 'Next' }).click()

  async chooseKind(kind: string) {
    await this.page.getByRole('radio', { name: kind, exact: true }).click()
    await this.next()
  }

  async connection(url?: string, apiKey?: string) {
    if (url !== undefined) await this.page.getByLabel('API base URL').fill(url)
    if (apiKey !== undefined) await this.page.getByLabel(/^API key/).fill(apiKey)
    await this.next()
  }

  async model(model: string) {
    await this.page.getByRole('combobox', { name: 'Model' }).fill(model)
    await this.page.keyboard.press('Escape')
    await this.next()
  }

  async identity(displayName?: string, toolkits: readonly string[] = []) {
    if (displayName) await this.page.getByLabel('Display name').fill(displayName)
    for (const t of toolkits) {
      await this.page.getByRole('combobox', { name: 'Toolkit permissions' }).fill(t)
      await this.page.keyboard.press('Enter')
    }
    await this.next()
  }

  review = () => this.page.getByTestId('review-json')

  async add(input: WizardInput) {
    await this.chooseKind(input.kind)
    await this.connection(input.url, input.apiKey)
    await this.model(input.model)
    await this.identity(input.displayName, input.toolkits)
    await expect(this.review()).toBeVisible()
    await this.page.getByRole('button', { name: /^Test & (add provider|save)$/ }).click()
  }
}
