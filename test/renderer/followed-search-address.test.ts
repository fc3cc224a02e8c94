import { describe, expect, it } from 'vitest'
import { backTo, cameFrom, hrefOf, parseRoute } from '../../src/renderer/src/app/router'
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

describe('a page opened from a conversation following a search (a cited file, the provider settings to fix a failed answer)', () => {
  const followed = parseRoute(hrefOf(conversationRoute(inbox, { q: 'café & tea', showHidden: true })))

  it('goes back to that conversation with its search: the list beside it still shows the results', () => {
    for (const page of [
      hrefOf({ name: 'files', path: '/My Files/a.txt', node: '3', ...cameFrom(inbox, followed) }),
      hrefOf({ name: 'edit-provider', providerId: 'gpt', fix: 'auth', status: 401, ...cameFrom(inbox, followed) })
    ]) {
      const route = parseRoute(page)
      expect(route.name === 'files' || route.name === 'edit-provider').toBe(true)
      if (route.name !== 'files' && route.name !== 'edit-provider') continue
      expect(hrefOf(backTo(route)!)).toBe(hrefOf(followed))
    }
  })

  it('from a conversation following no search, goes back to it plain; a page opened from none goes back nowhere', () => {
    const plain = parseRoute(`#/inboxes/${encodeURIComponent(inbox)}`)
    const page = parseRoute(hrefOf({ name: 'files', path: '/a.txt', ...cameFrom(inbox, plain) }))
    expect(page.name === 'files' && hrefOf(backTo(page)!)).toBe(hrefOf(plain))
    // The search of another conversation than the one named is not carried.
    expect(cameFrom('job_inbox::other::false', followed)).toEqual({ from: 'job_inbox::other::false' })
    const opened = parseRoute('#/files?path=%2Fa.txt&q=invoice')
    expect(opened.name === 'files' && backTo(opened)).toBeUndefined()
  })
})
