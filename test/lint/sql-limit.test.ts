// The rule that keeps LIMIT out of bound parameters in the main process (eslint.config.mjs, sqlite/limit-in-text):
// SQLite plans such a statement again on every call, which no test would notice.
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'
import tseslint from 'typescript-eslint'

const eslint = new ESLint({ cwd: process.cwd(), overrideConfig: [tseslint.configs.disableTypeChecked] })

async function flagged(filePath: string, code: string): Promise<boolean> {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? []).some((m) => m.ruleId === 'no-restricted-syntax' && m.message.includes('LIMIT'))
}

describe('a bound LIMIT in the main process', () => {
  it.each([
    ['a template', 'export const sql = `SELECT v FROM t WHERE a = ? ORDER BY v LIMIT ?`\n'],
    ['a template with values in it', 'const n = 1\nexport const sql = `SELECT v FROM t WHERE a = ${n}\n  ORDER BY v limit  ?`\n'],
    ['a string', "export const sql = 'SELECT v FROM t LIMIT ? OFFSET 3'\n"]
  ])('is refused in %s', async (_what, code) => {
    expect(await flagged('src/main/store/inboxes.ts', code)).toBe(true)
    expect(await flagged('src/main/vector-fs/tree.ts', code)).toBe(true)
  })

  it.each([
    ['a limit written into the SQL', 'const n = 20\nexport const sql = `SELECT v FROM t ORDER BY v LIMIT ${n}`\n'],
    ['a literal limit with a bound offset', "export const sql = 'SELECT v FROM t ORDER BY v LIMIT 1 OFFSET ?'\n"],
    ['a word that only ends in limit', "export const sql = 'SELECT v FROM t WHERE speedlimit ? 1'\n"]
  ])('is not seen in %s', async (_what, code) => {
    expect(await flagged('src/main/store/inboxes.ts', code)).toBe(false)
  })

  it('is left to code outside the main process (benches and tests write SQL of their own)', async () => {
    expect(await flagged('bench/seed.ts', 'export const sql = `SELECT v FROM t LIMIT ?`\n')).toBe(false)
  })
})
