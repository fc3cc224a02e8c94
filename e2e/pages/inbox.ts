import type { Page } from '@playwright/test'

export class InboxPage {
  constructor(readonly page: Page) {}
  title = () => this.page.getByTestId('inbox-title')
  answers = () => this.page.getByTestId('message-answer')
  questions = () => this.page.getByTestId('message-question')
  streaming = () => this.page.getByTestId('streaming-answer')

  async send(text: string) {
    await this.page.getByRole('textbox', { name: 'Message', exact: true }).fill(text)
    await this.page.keyboard.press('Enter')
  }

  async switchProvider(optionName: RegExp) {
    await this.page.getByRole('combobox', { name: 'Provider' }).click()
    await this.page.getByRole('option', { name: optionName }).click()
  }
}

export class InboxListPage {
  constructor(readonly page: Page) {}
  rows = () => this.page.getByTestId('inbox-row')
  previews = () => this.page.getByTestId('inbox-preview')
}
