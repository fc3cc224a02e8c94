import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { fakeElectron, type FakeElectron } from '../support/fake-electron'
import { tempDir } from '../support/node'

/*
 * Electron's loadURL rejects when the page does not load (a broken install, or ERR_ABORTED when a
 * navigation replaces the load). Left floating, that rejection went to the process guard as an
 * unhandled rejection (20 of them in 10 s make the node exit) and to Vitest, which fails the run.
 */
let cleanup: () => void
let desktop: FakeElectron
const stderr: string[] = []

beforeAll(async () => {
  let dir: string
  ;({ dir, cleanup } = tempDir('nodedesk-electron-load-'))
  process.env.NODEDESK_DATA_DIR = dir
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stderr.push(String(chunk))
    return true
  })
  desktop = fakeElectron({ userData: dir, isPackaged: true, loadError: new Error('ERR_FAILED (-2) loading app://nodedesk/index.html') })
  await desktop.load()
})
afterAll(async () => {
  await desktop.quit()
  vi.restoreAllMocks()
  delete process.env.NODEDESK_DATA_DIR
  cleanup()
})

it('a window whose page does not load: the failure is logged as such, not left as an unhandled rejection', async () => {
  expect(desktop.record.windows).toHaveLength(1)
  await expect.poll(() => stderr.join('')).toContain('the window could not load its page')
  expect(stderr.join('')).toContain('ERR_FAILED (-2)')
  expect(stderr.join('')).not.toContain('unhandled rejection')
})
