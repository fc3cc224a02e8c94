import { describe, expect, it } from 'vitest'
import { createClient } from '../../src/renderer/src/api/client'
import { isSelectAllKey, readEveryRow, SELECT_ALL_PAGE } from '../../src/renderer/src/features/inboxes/select-all'
import { seedInboxes } from '../../bench/seed'
import { addProvider, createJob, useTestNode } from '../support/node'
import { routerTransport } from './render'

/*
 * Ctrl+A (⌘A on macOS) in the inbox list selects every inbox of the list as it stands: those not read
 * yet are read first, against a real node (router in process).
 */

const key = (k: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey', boolean>> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods
})

describe('isSelectAllKey', () => {
  it('is Ctrl+A on Windows and Linux, ⌘A on macOS, with Caps Lock on too', () => {
    expect(isSelectAllKey(key('a', { ctrlKey: true }), false)).toBe(true)
    expect(isSelectAllKey(key('A', { ctrlKey: true }), false)).toBe(true)
    expect(isSelectAllKey(key('a', { metaKey: true }), true)).toBe(true)
  })
  it('is not ⌘A off macOS, Ctrl+A on macOS (the line start), a plain A, nor with Shift or Alt', () => {
    expect(isSelectAllKey(key('a', { metaKey: true }), false)).toBe(false)
    expect(isSelectAllKey(key('a', { ctrlKey: true }), true)).toBe(false)
    expect(isSelectAllKey(key('a'), false)).toBe(false)
    expect(isSelectAllKey(key('a', { ctrlKey: true, shiftKey: true }), false)).toBe(false)
    expect(isSelectAllKey(key('a', { ctrlKey: true, altKey: true }), false)).toBe(false)
    expect(isSelectAllKey(key('b', { ctrlKey: true }), false)).toBe(false)
  })
})

const node = useTestNode({ setup: (n) => addProvider(n, 'gpt') })

describe('readEveryRow', () => {
  it('reads every inbox of the list past the pages read, pinned first, each once; hidden ones only when shown', async () => {
    const n = SELECT_ALL_PAGE * 2 + 7
    const ids: string[] = []
    for (let i = 0; i < n; i++) ids.push(await createJob(node, 'gpt'))
    const inbox = (id: string) => `job_inbox::${id}::false`
    await node.post('/v2/update_inbox_pinned', { inbox_name: inbox(ids[5]!), pinned: true })
    await node.post('/v2/update_job_hidden', { job_id: ids[6], is_hidden: true })
    const client = createClient(routerTransport(node.router))
    const progress: number[] = []
    const rows = (await readEveryRow(client, false, (read) => progress.push(read)))!
    expect(rows).toHaveLength(n - 1)
    expect(new Set(rows.map((r) => r.inboxId)).size).toBe(n - 1)
    expect(rows[0]!.inboxId).toBe(inbox(ids[5]!))
    expect(rows.some((r) => r.inboxId === inbox(ids[6]!))).toBe(false)
    expect(progress.at(-1)).toBe(n - 1)
    const withHidden = (await readEveryRow(client, true))!
    expect(withHidden).toHaveLength(n)
    expect(withHidden.some((r) => r.inboxId === inbox(ids[6]!) && r.isHidden)).toBe(true)
  })

  it('stops when given up (the list changed): nothing is selected', async () => {
    for (let i = 0; i < SELECT_ALL_PAGE + 1; i++) await createJob(node, 'gpt')
    const client = createClient(routerTransport(node.router))
    expect(await readEveryRow(client, false, undefined, () => true)).toBeUndefined()
  })

  it('keeps of each inbox what the bulk bar needs, not its message: light at 100,000', async () => {
    seedInboxes(node.store, { inboxes: SELECT_ALL_PAGE + 50, messagesPerInbox: 2 })
    const client = createClient(routerTransport(node.router))
    const rows = (await readEveryRow(client, false))!
    expect(rows).toHaveLength(SELECT_ALL_PAGE + 50)
    const seeded = rows.find((r) => r.inboxId === 'job_inbox::jobid_seed_3::false')!
    expect(seeded).toMatchObject({ isHidden: false, isPinned: false, awaitsAnswer: false })
    expect(seeded.name.length).toBeGreaterThan(0)
    // Names, ids and flags: the seeded answers (24 words each) are not kept, nor anything else per row.
    expect(rows.every((r) => r.preview === null)).toBe(true)
    expect(JSON.stringify(rows).length / rows.length).toBeLessThan(260)
  })
})
