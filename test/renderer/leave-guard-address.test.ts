// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { addressShown, guardLeaving, mayLeave, wouldLeave } from '../../src/renderer/src/app/leave-guard'
import { hrefOf, parseRoute, useRoute } from '../../src/renderer/src/app/router'

/*
 * Settings and a provider's Edit page ask before they are left with edits not saved. An edit registers a
 * render or two after it is typed (the form tells the page in an effect); Back pressed in between changed
 * the address before its hashchange event, and the render for the edit then drew the page left (the views
 * read the address) and dropped the edits without asking: seen once keys were typed at Playwright's speed.
 */
describe('leave guard: the guarded page stays shown until a change of address is decided', () => {
  let release: (() => void) | undefined
  afterEach(() => {
    release?.()
    release = undefined
    window.location.hash = ''
  })

  it('while the address names another page and its event has not come, the views still show the guarded one', () => {
    window.location.hash = '#/settings'
    release = guardLeaving('#/settings', 'Leave without saving?', 'Your changes to the node name are not saved.')
    expect(addressShown()).toBe('#/settings')
    // Back has changed the address; the hashchange event (which asks) is a task away.
    window.history.replaceState(null, '', '#/inboxes')
    expect(addressShown()).toBe('#/settings')
    expect(wouldLeave('#/inboxes')).toBe(true)
    // Given up (saved, or Leave chosen): the views follow the address.
    release()
    release = undefined
    expect(addressShown()).toBe('#/inboxes')
  })

  it('a guard taken after the address changed still names its own page, not the one the address names now', () => {
    window.location.hash = '#/settings'
    window.history.replaceState(null, '', '#/inboxes')
    // The edit registered late: its guard is set now, with the address already changed by Back.
    release = guardLeaving('#/settings', 'Leave without saving?', 'Your changes to the embedding model are not saved.')
    expect(wouldLeave('#/inboxes')).toBe(true)
    expect(wouldLeave('#/settings')).toBe(false)
    expect(addressShown()).toBe('#/settings')
  })

  it('with no guard, the views show the address as it is', () => {
    window.history.replaceState(null, '', '#/files')
    expect(addressShown()).toBe('#/files')
    expect(wouldLeave('#/inboxes')).toBe(false)
  })

  it('the views follow the guard: given up while the address names another page, they draw that page', () => {
    window.location.hash = '#/settings'
    release = guardLeaving('#/settings', 'Leave without saving?', 'Your changes to the node name are not saved.')
    const { result, unmount } = renderHook(() => useRoute())
    window.history.replaceState(null, '', '#/providers')
    expect(result.current).toEqual({ name: 'settings' })
    act(() => {
      release?.()
      release = undefined
    })
    expect(result.current).toEqual({ name: 'providers' })
    unmount()
  })

  it('the guarded page typed another way is the same page: nothing is asked and it stays drawn', () => {
    window.location.hash = '#/settings'
    release = guardLeaving('#/settings', 'Leave without saving?', 'Your changes to the node name are not saved.')
    const { result, unmount } = renderHook(() => useRoute())
    expect(wouldLeave('#/settings/')).toBe(false)
    expect(wouldLeave('#settings')).toBe(false)
    let left = false
    expect(mayLeave('#/settings/', () => (left = true))).toBe(true)
    expect(left).toBe(false)
    act(() => window.history.replaceState(null, '', '#/settings/'))
    expect(addressShown()).toBe('#/settings/')
    expect(result.current).toEqual({ name: 'settings' })
    // Another page is still another page.
    expect(wouldLeave('#/settings/x')).toBe(true)
    expect(wouldLeave('#/providers')).toBe(true)
    unmount()
  })

  it('an address typed with slashes more or less names the same page as the one the window writes', () => {
    for (const typed of ['#/settings/', '#settings', '#//settings', '#/settings?']) expect(parseRoute(typed)).toEqual({ name: 'settings' })
    expect(parseRoute('#/files/?path=Reports%2Fq3.pdf')).toEqual({
      name: 'files',
      path: 'Reports/q3.pdf',
      node: undefined,
      from: undefined
    })
    expect(hrefOf(parseRoute('#providers/a%20b/edit/'))).toBe('#/providers/a%20b/edit')
    expect(parseRoute('#/')).toEqual({ name: 'inboxes' })
    expect(parseRoute('')).toEqual({ name: 'inboxes' })
  })
})
