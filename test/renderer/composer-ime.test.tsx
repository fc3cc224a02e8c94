// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { navigate } from '../../src/renderer/src/app/router'
import { InboxView } from '../../src/renderer/src/features/inboxes/InboxView'
import { useLayoutPrefs } from '../../src/renderer/src/stores/layout-prefs'
import { addProvider, createJob, useTestNode } from '../support/node'
import { layOutLists } from './list-layout'
import { setWindowWidth } from './window-width'
import { renderWithApp, routerTransport } from './render'

/*
 * A message written through an input method (Japanese, Chinese, Korean): the Enter that picks the
 * composed characters is the input method's, not a Send. Chromium marks it isComposing; Safari (a
 * headless node's UI opened there) ends the composition first and sends that Enter with keyCode 229.
 * Real in-process node.
 */

layOutLists({ clientHeight: 600, clientWidth: 240 })
const node = useTestNode({ setup: (n) => addProvider(n, 'gpt') })
let inboxId: string

beforeEach(async () => {
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true })
  useLayoutPrefs.setState({ conversationsOpen: true })
  setWindowWidth(1400)
  inboxId = `job_inbox::${await createJob(node, 'gpt')}::false`
  window.location.hash = ''
})
afterEach(cleanup)

const sent = async () => ((await node.post('/v2/last_messages', { inbox_name: inboxId })).body as unknown[]).length

it.each([
  ['Chromium (isComposing)', { isComposing: true }],
  ['Safari (keyCode 229, after the composition ended)', { keyCode: 229 }]
])('the Enter that confirms a composition does not send the message: %s; the next Enter does', async (_, ime) => {
  act(() => navigate({ name: 'inbox', inboxId }))
  renderWithApp(<InboxView key={inboxId} inboxId={inboxId} />, routerTransport(node.router))
  const box = await screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Message' })
  fireEvent.change(box, { target: { value: '今日の天気は' } })
  fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', ...ime })
  // Given the node the time a send would take: nothing went, the text is still being written.
  await new Promise((r) => setTimeout(r, 300))
  expect(box.value).toBe('今日の天気は')
  expect(await sent()).toBe(0)
  fireEvent.keyDown(box, { key: 'Enter', code: 'Enter' })
  await waitFor(async () => expect(await sent()).toBe(1))
  expect(box.value).toBe('')
})
