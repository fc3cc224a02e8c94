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

  /** Editing: the one model's field. Adding: ticks the model if the server lists it, else types it. */
  async model(model: string) {
    await this.chooseModels([model])
    await this.next()
  }

  async chooseModels(models: readonly string[]) {
    const single = this.page.getByRole('combobox', { name: 'Model' })
    if (await single.isVisible()) {
      await single.fill(models[0]!)
      await this.page.keyboard.press('Escape')
      return
    }
    // The step lists the server's models when it opens: wait until that is over, either way.
    await expect(this.page.getByTestId('models-listed').or(this.page.getByText('The models could not be listed'))).toBeVisible()
    for (const model of models) {
      const box = this.page.getByRole('checkbox', { name: model, exact: true })
      if (await box.count()) await box.check()
      else {
        await this.page.getByLabel(/^Another model/).fill(model)
        await this.page.getByRole('button', { name: 'Add', exact: true }).click()
        await expect(box).toBeChecked()
      }
    }
  }

  async identity(displayName?: string, toolkits: readonly string[] = []) {
    if (displayName) await this.page.getByLabel('Display name').fill(displayName)
    for (const t of toolkits) {
      await this.page.getByRole('combobox', { name: 'Toolkit permissions' }).fill(t)
      await this.page.keyboard.press('Enter')
    }
    await this.next()
  }

  summary = () => this.page.getByTestId('review-summary')
  review = () => this.page.getByTestId('review-json')

  /** Opens the exact request behind its toggle on the review step. */
  async showRequest() {
    const toggle = this.page.getByRole('button', { name: /exact request/ })
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click()
    await expect(this.review()).toBeVisible()
  }

  async add(input: WizardInput) {
    await this.chooseKind(input.kind)
    await this.connection(input.url, input.apiKey)
    await this.model(input.model)
    await this.identity(input.displayName, input.toolkits)
    await expect(this.summary()).toBeVisible()
    await this.page.getByRole('button', { name: /^Test & (add|save)/ }).click()
  }
}
