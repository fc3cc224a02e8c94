import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { streamLogger } from '../../src/main/platform/logger'

const enospc = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' })
const tick = () => new Promise((r) => setImmediate(r))

describe('streamLogger (the log cannot throw or loop)', () => {
  it('a Writable that errors on every write: nothing throws, no uncaught error, every lost line is counted', async () => {
    const uncaught: unknown[] = []
    const onUncaught = (e: unknown) => uncaught.push(e)
    process.on('uncaughtException', onUncaught)
    try {
      const failing = new Writable({ write: (_c, _e, done) => done(enospc()) })
      const log = streamLogger(failing, failing)
      for (let i = 0; i < 5; i++) expect(() => log.info(`line ${i}`)).not.toThrow()
      expect(() => log.error('boom', new Error('inner'))).not.toThrow()
      await tick()
      await tick()
      expect(log.lost).toBe(6)
      expect(uncaught).toEqual([])
    } finally {
      process.off('uncaughtException', onUncaught)
    }
  })

  it('a stream whose writes throw while the disk is full: lines are dropped, and the first line after space returns says how many', () => {
    const disk = { full: true, written: '' }
    const stream = {
      write: (chunk: string) => {
        if (disk.full) throw enospc()
        disk.written += chunk
      },
      on: () => {}
    }
    const log = streamLogger(stream, stream)
    log.info('lost one')
    log.error('lost two', new Error('x'))
    expect(log.lost).toBe(2)
    disk.full = false
    log.info('kept')
    log.info('next')
    expect(disk.written).toBe('(2 log lines were lost: the log could not be written)\nkept\nnext\n')
  })
})
