import { _electron as electron, expect, test } from '@playwright/test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startFakeLlm } from '../test/support/fake-llm'
import { InboxPage } from './pages/inbox'
import { WizardPage } from './pages/wizard'

test('desktop app: the same operator flow through the preload bridge', async () => {
  // The helper `npm start` uses (ESM), so the binary is found the same way; never downloads here.
  const { findElectronBinary } = await import('../scripts/electron-binary.mjs')
  const found = findElectronBinary({ download: false })
  test.skip(
    !found.binary,
    `Electron binary not available on this machine (${found.reason}); the flow runs in Chromium against headless mode instead`
  )
  const dataDir = mkdtempSync(join(tmpdir(), 'nodedesk-electron-'))
  const fake = await startFakeLlm(['llama3.2'])
  const app = await electron.launch({
    executablePath: found.binary,
    args: [join(__dirname, '..')],
    env: { ...process.env, NODEDESK_DATA_DIR: dataDir }
  })
  try {
    const page = await app.firstWindow()
    expect(await page.evaluate(() => typeof (window as { nodedesk?: unknown }).nodedesk)).toBe('object')
    expect(await page.evaluate(() => typeof (window as { require?: unknown }).require)).toBe('undefined')
    const wizard = new WizardPage(page)
    await wizard.add({ kind: 'Ollama', url: fake.url, model: 'llama3.2', displayName: 'Local llama' })
    await expect(page.getByRole('heading', { name: 'New job' })).toBeVisible()
    await page.getByRole('button', { name: 'Create job' }).click()
    const inbox = new InboxPage(page)
    await inbox.send('Hello from the desktop')
    await expect(inbox.answers()).toContainText(['Hello from the fake'])
  } finally {
    await app.close()
    await fake.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
})
