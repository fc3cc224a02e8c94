import { describe, expect, it } from 'vitest'
import { hrefOf, parseRoute } from '../../src/renderer/src/app/router'
import { conversationRoute, searchOfRoute } from '../../src/renderer/src/features/inboxes/followed-search'

/*
 * The search a conversation was opened from is carried by its address (`?q=`), as a mail client's is: a
 * reload, Back/Forward or the address in a new tab list the same results beside it. It lived in memory,
 * and a reload listed all conversations.
 */

const inbox = 'job_inbox::jobid_1::false'

describe('the address of a conversation opened from search results', () => {
  it('carries the words searched, and gives them back as the search followed', () => {
    const href = hrefOf(conversationRoute(inbox, { q: 'invoice', showHidden: false }))
    expect(href).toBe(`#/inboxes/${encodeURIComponent(inbox)}?q=invoice`)
    expect(searchOfRoute(parseRoute(href))).toEqual({ q: 'invoice', showHidden: false })
    expect(parseRoute(href)).toEqual({ name: 'inbox', inboxId: inbox, q: 'invoice' })
  })

  it('says when hidden conversations were searched too', () => {
    const href = hrefOf(conversationRoute(inbox, { q: 'invoice', showHidden: true }))
    expect(href).toBe(`#/inboxes/${encodeURIComponent(inbox)}?q=invoice&hidden=1`)
    expect(searchOfRoute(parseRoute(href))).toEqual({ q: 'invoice', showHidden: true })
  })

  it('keeps words with spaces, quotes, ampersands, hashes and accents whole', () => {
    const q = 'café & "tea" #2 50%/day'
    const href = hrefOf(conversationRoute(inbox, { q, showHidden: false }))
    expect(searchOfRoute(parseRoute(href))).toEqual({ q, showHidden: false })
    expect(parseRoute(href)).toMatchObject({ name: 'inbox', inboxId: inbox })
  })

  it('follows no search without one, or with one of spaces only', () => {
    expect(hrefOf(conversationRoute(inbox, null))).toBe(`#/inboxes/${encodeURIComponent(inbox)}`)
    expect(parseRoute(`#/inboxes/${encodeURIComponent(inbox)}`)).toEqual({ name: 'inbox', inboxId: inbox })
    expect(searchOfRoute(parseRoute(`#/inboxes/${encodeURIComponent(inbox)}`))).toBeNull()
    expect(searchOfRoute(parseRoute(`#/inboxes/${encodeURIComponent(inbox)}?q=%20%20`))).toBeNull()
    expect(searchOfRoute(parseRoute(`#/inboxes/${encodeURIComponent(inbox)}?hidden=1`))).toBeNull()
    // Another page's address follows none.
    expect(searchOfRoute(parseRoute('#/inboxes?q=invoice'))).toBeNull()
  })

  it('typed by hand, with slashes more or less, it is the same conversation and search', () => {
    expect(searchOfRoute(parseRoute(`#inboxes/${encodeURIComponent(inbox)}/?q=invoice`))).toEqual({ q: 'invoice', showHidden: false })
  })
})
