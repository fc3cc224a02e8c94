import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { againAddress, failedAddress, importAgain } from '../../src/renderer/src/app/import-again'

/*
 * Chromium 150 keeps a failed dynamic import's failure for the page's life: asked again at the same address, it
 * fails without asking the node. A screen's Try again then did nothing; asked again, the code is asked for at a new
 * address (a query added).
 */
describe('importAgain', () => {
  it('reads the failed address from the browsers’ words', () => {
    expect(failedAddress(new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1:5/assets/FilesPage-x.js'))).toBe(
      'http://127.0.0.1:5/assets/FilesPage-x.js'
    )
    expect(failedAddress(new TypeError('error loading dynamically imported module: app://nodedesk/assets/a.js'))).toBe(
      'app://nodedesk/assets/a.js'
    )
    expect(failedAddress(new TypeError('Importing a module script failed.'))).toBeUndefined()
    expect(failedAddress(new Error('boom'))).toBeUndefined()
  })

  it('adds again=N to the query, keeping the rest', () => {
    expect(againAddress('http://h/assets/a.js', 1)).toBe('http://h/assets/a.js?again=1')
    expect(againAddress('http://h/assets/a.js?v=3', 2)).toBe('http://h/assets/a.js?v=3&again=2')
  })

  it('after a failure naming its address, imports the module from that address with a new query each time', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'import-again-'))
    const file = join(dir, 'screen.mjs')
    writeFileSync(file, 'export const name = "screen"\n')
    const address = pathToFileURL(file).href
    let calls = 0
    const load = importAgain(() => {
      calls++
      return Promise.reject(new TypeError(`Failed to fetch dynamically imported module: ${address}`))
    })
    await expect(load()).rejects.toThrow('dynamically imported module')
    // The first load is not asked again (it would fail at once): the module comes from its address with a query.
    expect(await load()).toMatchObject({ name: 'screen' })
    expect(calls).toBe(1)
  })

  it('a failure that names no address is asked of the load again', async () => {
    let calls = 0
    const load = importAgain(() =>
      ++calls === 1 ? Promise.reject(new Error('Unable to preload CSS for /assets/a.css')) : Promise.resolve({ name: 'ok' })
    )
    await expect(load()).rejects.toThrow('preload CSS')
    expect(await load()).toEqual({ name: 'ok' })
    expect(calls).toBe(2)
  })
})
