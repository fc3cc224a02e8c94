// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, expect, it } from 'vitest'
import type { Transport } from '../../src/renderer/src/api/transport'
import { contentTooLargeText } from '../../src/renderer/src/app/content-limit'
import { InboxView } from '../../src/renderer/src/features/inboxes/InboxView'
import { draftOf } from '../../src/renderer/src/stores/drafts'
import { addProvider, createJob, useTestNode } from '../support/node'
import { renderWithApp, routerTransport } from './render'
import { setWindowWidth } from './window-width'

/*
 * A message over the node's 1 MiB limit (bytes of UTF-8) was sent: the node's 413 came back after the
 * round trip and the text went back to the box. It is refused at once, on the box, saying the limit and
 * how far over it is; nothing is sent and the text stays. Real in-process node.
 */

const node = useTestNode({ setup: (n) => addProvider(n, 'gpt') })
let inbox: string

beforeEach(async () => {
  // happy-dom has no document.fonts, which the composer's auto-sizing textarea listens to.
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true })
  setWindowWidth(1400)
  inbox = `job_inbox::${await createJob(node, 'gpt')}::false`
})
afterEach(cleanup)

const box = () => screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Message' })
const stored = async () => (await node.post('/v2/last_messages', { inbox_name: inbox })).body as unknown[]

it('a message over 1 MiB of UTF-8 is refused on the box at once, with how far over it is; kept, not sent; at the limit it is sent', async () => {
  const real = routerTransport(node.router)
  let sends = 0
  const transport: Transport = {
    ...real,
    request: (req) => {
      if (req.path === '/v2/job_message') sends++
      return real.request(req)
    }
  }
  renderWithApp(<InboxView inboxId={inbox} />, transport)
  // 262,144 emoji are 1 MiB exactly (4 bytes each, 2 UTF-16 units): the limit counts bytes, not characters.
  const atLimit = '😀'.repeat(256 * 1024)
  const over = `${atLimit}ok`
  fireEvent.change(await box(), { target: { value: over } })
  fireEvent.keyDown(await box(), { key: 'Enter' })

  const note = await screen.findByTestId('unsent-note')
  expect(note.textContent).toBe('Not sent: The message is larger than the 1 MiB limit (1,048,576 bytes of UTF-8) by 2 bytes: shorten it.')
  expect((await box()).getAttribute('aria-invalid')).toBe('true')
  expect(note.getAttribute('role')).toBe('alert')
  expect(document.activeElement).toBe(await box())
  expect((await box()).value).toBe(over)
  expect(draftOf(inbox)).toBe(over)
  await new Promise((r) => setTimeout(r, 200))
  expect(sends).toBe(0)
  expect(await stored()).toHaveLength(0)

  // Send as a button does the same.
  fireEvent.click(screen.getByRole('button', { name: 'Send' }))
  await new Promise((r) => setTimeout(r, 100))
  expect(sends).toBe(0)
  expect(screen.getByTestId('unsent-note').textContent).toContain('by 2 bytes')

  // Shortened to the limit exactly: the note goes, and the message is sent.
  fireEvent.change(await box(), { target: { value: atLimit } })
  expect(screen.queryByTestId('unsent-note')).toBeNull()
  expect((await box()).getAttribute('aria-invalid')).not.toBe('true')
  fireEvent.keyDown(await box(), { key: 'Enter' })
  await waitFor(() => expect(sends).toBe(1))
  await waitFor(async () => expect((await stored()).length).toBeGreaterThanOrEqual(1), { timeout: 10_000 })
  expect((await box()).value).toBe('')
})

it('contentTooLargeText counts bytes of UTF-8 and says how far over, as the composer and the system prompt say it', () => {
  expect(contentTooLargeText('message', 'x'.repeat(1024 * 1024))).toBeNull()
  expect(contentTooLargeText('message', '€'.repeat(349_525) + 'x')).toBeNull() // 1,048,576 bytes
  expect(contentTooLargeText('message', '€'.repeat(349_526))).toBe(
    'The message is larger than the 1 MiB limit (1,048,576 bytes of UTF-8) by 2 bytes: shorten it.'
  )
  expect(contentTooLargeText('system prompt', 'é'.repeat(512 * 1024 + 768))).toMatch(
    /^The system prompt is larger .* by 1\.5 KiB: shorten it\.$/
  )
})
