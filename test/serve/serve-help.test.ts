import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { wantsHelp } from '../../src/main/serve-flags'
import { ROOT } from '../support/serve-process'

describe('npm run serve -- --help', () => {
  it('is asked for by --help or -h anywhere among the flags, and not by a value that happens to read -h', () => {
    expect(wantsHelp(['--help'])).toBe(true)
    expect(wantsHelp(['--port', '0', '-h'])).toBe(true)
    expect(wantsHelp(['--port', '0'])).toBe(false)
    expect(wantsHelp(['--node-name', '-h'])).toBe(false)
  })

  it('prints the usage and what each flag does on stdout, exits 0, and starts no node (no data folder made)', () => {
    const parent = mkdtempSync(join(tmpdir(), 'nodedesk-help-'))
    const dataDir = join(parent, 'data')
    try {
      const r = spawnSync(process.execPath, [join(ROOT, 'scripts/serve.mjs'), '--help', '--data-dir', dataDir], {
        cwd: ROOT,
        encoding: 'utf8',
        timeout: 20_000
      })
      expect(r.status).toBe(0)
      expect(r.stdout).toContain('usage: npm run serve --')
      for (const flag of ['--port', '--data-dir', '--host', '--node-name', '--rotate-token', '--provider-concurrency', '--debug'])
        expect(r.stdout).toMatch(new RegExp(`^\\s+${flag}\\b.*\\S`, 'm'))
      expect(r.stderr).not.toContain('unknown option')
      expect(existsSync(dataDir)).toBe(false)
    } finally {
      rmSync(parent, { recursive: true, force: true })
    }
  })
})
