import { expect, type Page } from '@playwright/test'
import type { HeadlessNode } from '../fixtures/node'
import { providerBody } from '../seed'

/** Settings opened from the navigation, provider `live` added and its model `emb-1` the embedding model. */
export async function openSettingsWithModel(page: Page, node: HeadlessNode) {
  await node.api('POST', '/v2/add_llm_provider', providerBody('live', node.fake.url))
  expect((await node.api('POST', '/v2/update_default_embedding_model', { provider_id: 'live', model: 'emb-1' })).status).toBe(200)
  await page.goto(node.uiUrl)
  await page.getByRole('link', { name: 'Settings' }).click()
}
