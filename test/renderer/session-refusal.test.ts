import { describe, expect, it } from 'vitest'
import { afterRefusal, type RefusalFacts } from '../../src/renderer/src/api/session-refusal'

const none = { sessionEnded: false, signedOut: false }
const fresh: RefusalFacts = { hadSession: false, everDown: false }

describe('what a 401 tells the window (one decision for a refused read and a refused event stream)', () => {
  it('a read refused before any read was answered: signed out (the UI’s one-time code was never accepted)', () => {
    expect(afterRefusal(none, fresh)).toEqual({ sessionEnded: false, signedOut: true })
  })

  it('a read refused after one was answered: the session ended (the node restarted between two health checks)', () => {
    expect(afterRefusal(none, { hadSession: true, everDown: false })).toEqual({ sessionEnded: true, signedOut: false })
  })

  it('a read refused once the node was seen down: the session ended (the restart), not signed out', () => {
    expect(afterRefusal(none, { hadSession: false, everDown: true })).toEqual({ sessionEnded: true, signedOut: false })
  })

  it('a stream refused after a stream of the window was connected: the session ended, even with no read answered', () => {
    expect(afterRefusal(none, { ...fresh, connectedBefore: true })).toEqual({ sessionEnded: true, signedOut: false })
  })

  it('a stream refused that never connected, in a window with no session: signed out', () => {
    expect(afterRefusal(none, { ...fresh, connectedBefore: false })).toEqual({ sessionEnded: false, signedOut: true })
  })

  it('a session already told ended stays so: a later refusal does not turn it into "signed out"', () => {
    const ended = { sessionEnded: true, signedOut: false }
    expect(afterRefusal(ended, fresh)).toBe(ended)
    expect(afterRefusal(ended, { ...fresh, connectedBefore: false })).toBe(ended)
  })

  it('nothing new to tell: the same state is given back (the window is not drawn again)', () => {
    const state = { status: 'up', sessionEnded: false, signedOut: true }
    expect(afterRefusal(state, fresh)).toBe(state)
    const ended = { status: 'up', sessionEnded: true, signedOut: false }
    expect(afterRefusal(ended, { hadSession: true, everDown: false })).toBe(ended)
  })

  it('keeps the rest of the state as it was', () => {
    const since = new Date(0)
    expect(afterRefusal({ status: 'up', downSince: since, ...none }, { hadSession: true, everDown: false })).toEqual({
      status: 'up',
      downSince: since,
      sessionEnded: true,
      signedOut: false
    })
  })
})
