// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { navigate, useRoute } from '../../src/renderer/src/app/router'
import type { Transport } from '../../src/renderer/src/api/transport'
import { InboxView } from '../../src/renderer/src/features/inboxes/InboxView'
import { carriedFor, carrying, carryTo, composerShown, startCarrying } from '../../src/renderer/src/stores/carried-typing'
import { draftOf, keepDraft } from '../../src/renderer/src/stores/drafts'
import { useLayoutPrefs } from '../../src/renderer/src/stores/layout-prefs'
import { addProvider, createJob, useTestNode } from '../support/node'
import { layOutLists } from './list-layout'
import { setWindowWidth } from './window-width'
import { renderWithApp, routerTransport } from './render'
import type { Inbox } from '../../src/shared/contract/inbox'

/*
 * Alt+Down from the message box, and typing right after it, before the next conversation is drawn
 * (no frame, no timer in between): the letters went into the box being left and were kept as that
 * conversation's draft. They go on in the box of the conversation opened. Real in-process node; the
 * app's route decides which view is shown, as in the window.
 */

layOutLists({ clientHeight: 600, clientWidth: 240 })
const node = useTestNode({ setup: (n) => addProvider(n, 'gpt') })
/** Below `upper` in the list (newest first). */
let lower: string
let upper: string

beforeEach(async () => {
  // happy-dom has no document.fonts, which the composer's auto-sizing textarea listens to.
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true })
  useLayoutPrefs.setState({ conversationsOpen: true })
  setWindowWidth(1400)
  lower = `job_inbox::${await createJob(node, 'gpt')}::false`
  upper = `job_inbox::${await createJob(node, 'gpt')}::false`
  await node.post('/v2/update_smart_inbox_name', { inbox_name: lower, custom_name: 'Lease talk' })
  await node.post('/v2/update_smart_inbox_name', { inbox_name: upper, custom_name: 'Budget talk' })
  window.location.hash = ''
})
afterEach(() => cleanup())

function Screen() {
  const route = useRoute()
  return route.name === 'inbox' ? <InboxView key={route.inboxId} inboxId={route.inboxId} /> : null
}

const box = () => screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Message' })

const altDown = () => new KeyboardEvent('keydown', { key: 'ArrowDown', code: 'ArrowDown', altKey: true, bubbles: true, cancelable: true })

/**
 * Keys typed as the browser takes them: each goes to the element with the focus, and writes in it
 * (a letter at the caret, its input event after) unless its keydown was cancelled.
 */
function typeKeys(text: string) {
  for (const key of text) {
    const target = document.activeElement ?? document.body
    if (!target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }))) continue
    if (!(target instanceof HTMLTextAreaElement)) continue
    const at = target.selectionEnd
    const value = target.value.slice(0, target.selectionStart) + key + target.value.slice(at)
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(target, value)
    target.setSelectionRange(at + 1, at + 1)
    target.dispatchEvent(new Event('input', { bubbles: true }))
  }
}

/**
 * The node's reads as the window makes them, those held (`hold`) waiting until released: `'page'`, a
 * page of the list past its first; an inbox id, every read that names it.
 */
function holdingReads() {
  const real = routerTransport(node.router)
  const held = new Map<string, (() => void)[]>()
  const hold = (what: string) => held.set(what, [])
  const release = (what: string) => {
    const waiting = held.get(what) ?? []
    held.delete(what)
    waiting.forEach((r) => r())
  }
  const transport: Transport = {
    ...real,
    request: async (req) => {
      const page = req.path === '/v2/all_inboxes_paginated' && req.query?.offset !== undefined
      const what = page ? 'page' : [...held.keys()].find((id) => JSON.stringify(req).includes(id))
      const waiting = what === undefined ? undefined : held.get(what)
      if (waiting) await new Promise<void>((r) => waiting.push(r))
      return real.request(req)
    }
  }
  return { transport, hold, release }
}

/** 60 conversations, the list beside them collapsed (it reads no further page itself): their ids, newest first. */
async function sixtyConversations(): Promise<string[]> {
  for (let i = 0; i < 60; i++) await createJob(node, 'gpt')
  useLayoutPrefs.setState({ conversationsOpen: false })
  return ((await node.get('/v2/all_inboxes_paginated', { limit: '60' })).body as { inboxes: Inbox[] }).inboxes.map((i) => i.inbox_id)
}

/** `inboxId` opened, its message box focused. */
async function openFocused(inboxId: string, transport: Transport) {
  act(() => navigate({ name: 'inbox', inboxId }))
  renderWithApp(<Screen />, transport)
  await screen.findByRole('button', { name: 'Show conversations' })
  const here = await box()
  act(() => here.focus())
  return here
}

/** "hi" is in the box of `inboxId`, focused, and its draft; none of the conversations `passed` kept it. */
async function expectLettersOnlyIn(inboxId: string, passed: readonly string[]) {
  await waitFor(async () => expect((await box()).value).toBe('hi'))
  expect(document.activeElement).toBe(await box())
  for (const id of passed) expect(draftOf(id)).toBe('')
  expect(draftOf(inboxId)).toBe('hi')
}

async function openUpper(transport: Transport = routerTransport(node.router)) {
  act(() => navigate({ name: 'inbox', inboxId: upper }))
  renderWithApp(<Screen />, transport)
  await screen.findByRole('heading', { name: 'Budget talk' })
  await screen.findByRole('link', { name: 'Lease talk' })
  const here = await box()
  act(() => here.focus())
  return here
}

it('letters typed right after Alt+Down, while the box left still has the focus, go to the next conversation’s box', async () => {
  keepDraft(lower, 'Dear landlord, ')
  const here = await openUpper()
  // One go: React draws nothing until it ends, as a browser draws nothing before the keys' task ends.
  act(() => {
    here.dispatchEvent(altDown())
    typeKeys('hello')
  })
  expect(draftOf(upper)).toBe('')
  await screen.findByRole('heading', { name: 'Lease talk' })
  const there = await box()
  expect(there).not.toBe(here)
  expect(there.value).toBe('Dear landlord, hello')
  expect(document.activeElement).toBe(there)
  expect(there.selectionStart).toBe(there.value.length)
  expect(draftOf(lower)).toBe('Dear landlord, hello')
  // And on from there, as usual.
  act(() => typeKeys('!'))
  expect(there.value).toBe('Dear landlord, hello!')
  expect(draftOf(upper)).toBe('')
})

/**
 * A word composed with an input method, as Chromium gives it: compositionstart, an input event for each
 * change of the word (in the box, marked as composing), then compositionend with the word.
 */
function compose(box: HTMLTextAreaElement, steps: readonly string[], { ends = true } = {}) {
  const before = box.value
  box.dispatchEvent(new CompositionEvent('compositionstart', { bubbles: true, data: '' }))
  for (const word of steps) {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(box, before + word)
    box.dispatchEvent(new InputEvent('input', { bubbles: true, isComposing: true, data: word, inputType: 'insertCompositionText' }))
  }
  if (ends) box.dispatchEvent(new CompositionEvent('compositionend', { bubbles: true, data: steps[steps.length - 1] }))
}

it('a word composed with an input method right after Alt+Down goes to the next conversation’s box, not into the draft of the one left', async () => {
  keepDraft(upper, 'Draft kept: ')
  const here = await openUpper()
  act(() => {
    here.dispatchEvent(altDown())
    compose(here, ['に', 'にほ', '日本'])
    typeKeys('!')
  })
  // The conversation left keeps its draft as it was.
  expect(draftOf(upper)).toBe('Draft kept: ')
  expect(here.value).toBe('Draft kept: ')
  await screen.findByRole('heading', { name: 'Lease talk' })
  const there = await box()
  expect(there.value).toBe('日本!')
  expect(document.activeElement).toBe(there)
  expect(draftOf(lower)).toBe('日本!')
  expect(draftOf(upper)).toBe('Draft kept: ')
})

it('a word still being composed when its box goes (the next conversation shown) stays in the draft of the conversation it was typed in', async () => {
  keepDraft(upper, 'Draft kept: ')
  const here = await openUpper()
  act(() => {
    here.dispatchEvent(altDown())
    // The word is not ended before the box goes (the composition is the browser's: nothing ends it then).
    compose(here, ['に', 'にほ'], { ends: false })
  })
  await screen.findByRole('heading', { name: 'Lease talk' })
  const there = await box()
  expect(here.isConnected).toBe(false)
  // Not lost, and not in the conversation opened.
  expect(draftOf(upper)).toBe('Draft kept: にほ')
  expect(there.value).toBe('')
  expect(draftOf(lower)).toBe('')
})

it('a word begun while keys were held, the holding over before it ends (no conversation below), stays in its box’s draft if the box then goes', async () => {
  act(() => navigate({ name: 'inbox', inboxId: lower }))
  renderWithApp(<Screen />, routerTransport(node.router))
  await screen.findByRole('heading', { name: 'Lease talk' })
  const here = await box()
  act(() => here.focus())
  act(() => {
    // The last conversation: nothing below it to open, the keys held go back to its box.
    here.dispatchEvent(altDown())
    compose(here, ['に', 'にほ'], { ends: false })
  })
  await waitFor(() => expect(carrying()).toBe(false))
  expect(here.isConnected).toBe(true)
  // Another conversation opened (a click in the list) before the word ends.
  act(() => navigate({ name: 'inbox', inboxId: upper }))
  await screen.findByRole('heading', { name: 'Budget talk' })
  expect(here.isConnected).toBe(false)
  expect(draftOf(lower)).toBe('にほ')
  expect(draftOf(upper)).toBe('')
})

it('letters typed while the next conversation is still being read (the box left gone, the focus on the page) go to its box once it is shown', async () => {
  const real = routerTransport(node.router)
  const waiting: (() => void)[] = []
  let held = false
  const transport: Transport = {
    ...real,
    request: async (req) => {
      // The next conversation (the inbox, its messages) is read when released.
      if (held && JSON.stringify(req).includes(lower)) await new Promise<void>((r) => waiting.push(r))
      return real.request(req)
    }
  }
  const here = await openUpper(transport)
  held = true
  fireEvent(here, altDown())
  await screen.findByRole('img', { name: 'Loading inbox' })
  expect(here.isConnected).toBe(false)
  expect(document.activeElement).toBe(document.body)
  act(() => typeKeys('help'))
  // A Backspace takes back the last letter held, as it would in the box.
  act(() => {
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Backspace', bubbles: true, cancelable: true }))
    typeKeys('lo')
  })
  held = false
  act(() => waiting.forEach((r) => r()))
  await screen.findByRole('heading', { name: 'Lease talk' })
  const there = await box()
  expect(there.value).toBe('hello')
  expect(document.activeElement).toBe(there)
  expect(draftOf(lower)).toBe('hello')
  expect(draftOf(upper)).toBe('')
})

it('pressed three times past the rows read, the letters typed meanwhile go to the third conversation, not to one passed through', async () => {
  const order = await sixtyConversations()
  const real = routerTransport(node.router)
  const waiting: (() => void)[] = []
  // The list's second page comes when released.
  const transport: Transport = {
    ...real,
    request: async (req) => {
      if (req.path === '/v2/all_inboxes_paginated' && req.query?.offset !== undefined) await new Promise<void>((r) => waiting.push(r))
      return real.request(req)
    }
  }
  const here = await openFocused(order[48]!, transport)
  // The 49th is the last row read: the next press reads the page after it, the third waits behind it.
  fireEvent(here, altDown())
  fireEvent(document.activeElement ?? document.body, altDown())
  fireEvent(document.activeElement ?? document.body, altDown())
  // The one passed through is drawn, its box focused, while the page is read: the letters come then.
  await waitFor(() => expect(window.location.hash).toBe(`#/inboxes/${encodeURIComponent(order[49]!)}`))
  await waitFor(async () => expect(document.activeElement).toBe(await box()))
  act(() => typeKeys('hi'))
  act(() => waiting.forEach((r) => r()))
  await waitFor(() => expect(window.location.hash).toBe(`#/inboxes/${encodeURIComponent(order[51]!)}`))
  await expectLettersOnlyIn(order[51]!, [order[49]!, order[50]!])
})

it('pressed three times past the rows read, the conversation passed through drawn during the page read, the next press from the page still carries the letters to the third box', async () => {
  const order = await sixtyConversations()
  // Reads held until released: the list's second page, and each conversation passed through.
  const { transport, hold, release } = holdingReads()
  const here = await openFocused(order[48]!, transport)
  hold(order[49]!)
  hold(order[50]!)
  hold('page')
  // The first press opens the 50th, the last row read; it is read while the box left is gone.
  fireEvent(here, altDown())
  await screen.findByRole('img', { name: 'Loading inbox' })
  expect(document.activeElement).toBe(document.body)
  // The second, from the page, reads the next page for the 51st.
  fireEvent(document.body, altDown())
  // The 50th is drawn (its box takes the focus) before that page comes.
  act(() => release(order[49]!))
  await waitFor(async () => expect(document.activeElement).toBe(await box()))
  act(() => release('page'))
  await waitFor(() => expect(window.location.hash).toBe(`#/inboxes/${encodeURIComponent(order[50]!)}`))
  await screen.findByRole('img', { name: 'Loading inbox' })
  // The third press and letters come from the page, the 51st still being read.
  act(() => {
    fireEvent(document.activeElement ?? document.body, altDown())
    typeKeys('hi')
  })
  await waitFor(() => expect(window.location.hash).toBe(`#/inboxes/${encodeURIComponent(order[51]!)}`))
  act(() => release(order[50]!))
  await expectLettersOnlyIn(order[51]!, [order[49]!, order[50]!])
})

it('pressed three times past the rows read, letters typed before the conversation passed through is drawn go to the third box only, not also into the one passed through', async () => {
  const order = await sixtyConversations()
  // Reads held until released: the list's second page, and the conversation passed through.
  const { transport, hold, release } = holdingReads()
  hold('page')
  hold(order[49]!)
  const here = await openFocused(order[48]!, transport)
  // Three presses with no gap: the 50th (the last row read) is passed through, the next page read for the 51st.
  fireEvent(here, altDown())
  fireEvent(document.activeElement ?? document.body, altDown())
  fireEvent(document.activeElement ?? document.body, altDown())
  await waitFor(() => expect(window.location.hash).toBe(`#/inboxes/${encodeURIComponent(order[49]!)}`))
  await screen.findByRole('img', { name: 'Loading inbox' })
  // Typed at once, before the 50th is drawn: held for the conversation the presses end on.
  act(() => typeKeys('hi'))
  act(() => release(order[49]!))
  // The 50th is drawn while the page is still read: its box does not take the letters held.
  const passed = await box()
  await waitFor(() => expect(document.activeElement).toBe(passed))
  expect(passed.value).toBe('')
  expect(draftOf(order[49]!)).toBe('')
  act(() => release('page'))
  await waitFor(() => expect(window.location.hash).toBe(`#/inboxes/${encodeURIComponent(order[51]!)}`))
  await expectLettersOnlyIn(order[51]!, [order[49]!, order[50]!])
})

it('a conversation passed through whose view is drawn after the last press (its address change handled late) does not take the focus, nor end the carrying', async () => {
  const top = `job_inbox::${await createJob(node, 'gpt')}::false`
  await node.post('/v2/update_smart_inbox_name', { inbox_name: top, custom_name: 'Agenda talk' })
  // The view shown lags the address, as on a loaded machine: it is drawn for the conversation named here.
  let show: (inboxId: string) => void = () => {}
  function Lagging() {
    const [inboxId, setInboxId] = useState(top)
    show = setInboxId
    return <InboxView key={inboxId} inboxId={inboxId} />
  }
  act(() => navigate({ name: 'inbox', inboxId: top }))
  renderWithApp(<Lagging />, routerTransport(node.router))
  await screen.findByRole('heading', { name: 'Agenda talk' })
  await screen.findByRole('link', { name: 'Lease talk' })
  const here = await box()
  act(() => here.focus())
  // Two presses at once: Budget talk is passed through, Lease talk opened.
  act(() => {
    here.dispatchEvent(altDown())
    here.dispatchEvent(altDown())
  })
  await waitFor(() => expect(window.location.hash).toBe(`#/inboxes/${encodeURIComponent(lower)}`))
  // Budget talk's view is drawn only now: the focus, dropped with the box left, stays on the page.
  act(() => show(upper))
  await screen.findByRole('heading', { name: 'Budget talk' })
  await act(() => new Promise((r) => setTimeout(r, 120)))
  expect(document.activeElement).toBe(document.body)
  act(() => typeKeys('hi'))
  act(() => show(lower))
  await screen.findByRole('heading', { name: 'Lease talk' })
  const there = await box()
  await waitFor(() => expect(there.value).toBe('hi'))
  expect(document.activeElement).toBe(there)
  expect(draftOf(upper)).toBe('')
  expect(draftOf(top)).toBe('')
})

it('letters held after the next box was drawn but before it was shown (a drawing the keys overtook) still reach it', () => {
  const left = document.createElement('textarea')
  document.body.append(left)
  left.focus()
  startCarrying(upper, left)
  carryTo(lower)
  fireEvent.keyDown(left, { key: 'h' })
  // The next box drawn with what was held then ("h") after its draft…
  const took = carriedFor(lower)
  expect(took).toBe('h')
  const next = document.createElement('textarea')
  next.value = `draft ${took}`
  const typed: string[] = []
  next.addEventListener('input', () => typed.push(next.value))
  document.body.append(next)
  // …and "i" and a Backspace then "o" held before it is shown.
  fireEvent.keyDown(left, { key: 'i' })
  fireEvent.keyDown(left, { key: 'Backspace' })
  fireEvent.keyDown(left, { key: 'o' })
  const gone = composerShown(lower, next, took)
  expect(next.value).toBe('draft ho')
  // As typed: its input event tells the box's owner.
  expect(typed).toEqual(['draft ho'])
  expect(left.value).toBe('')
  gone()
  next.remove()
  left.remove()
})
