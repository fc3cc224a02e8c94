// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { expect, it } from 'vitest'
import { seedInboxes } from '../../bench/seed'
import type { LastMessage } from '../../src/shared/contract/message'
import { createJob } from '../support/node'
import { useAnsweringNode } from './answering-node'
import { layOutLists } from './list-layout'

/*
 * Find in a conversation (Ctrl+F), where the conversation hides or moves what it found: a match in an
 * answer version not shown, new messages coming in while the bar is open, and the bar closed once the
 * element it was opened from is no longer drawn. Real node (router, runtime, event bus in process) and
 * a stand-in provider that answers.
 */

layOutLists()
const answering = useAnsweringNode()
const { node } = answering

const ctrlF = () => fireEvent.keyDown(document.activeElement ?? document.body, { key: 'f', code: 'KeyF', ctrlKey: true })
const count = () => screen.getByTestId('find-count').textContent
const findBox = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Find in conversation' })

async function repliesIn(inbox: string): Promise<string[]> {
  const page = (await node.post('/v2/last_messages', { inbox_name: inbox, limit: 50 })).body as LastMessage[]
  return page.filter((m) => m.job_message.parent).map((m) => m.job_message.content)
}

/** A conversation whose question "Name a colour" has the answer `first`, shown. */
async function answered(first: string) {
  const jobId = await createJob(node, 'p1')
  const inbox = `job_inbox::${jobId}::false`
  answering.fake.behaviour = { type: 'reply', chunks: [first] }
  await node.post('/v2/job_message', { job_id: jobId, content: 'Name a colour' })
  await waitFor(async () => expect(await repliesIn(inbox)).toEqual([first]))
  answering.show(inbox)
  await screen.findByText(first, {}, { timeout: 10_000 })
  return { jobId, inbox }
}

it('going to a match in an answer version not shown shows that version (as its arrows would)', async () => {
  await answered('Teal is one colour.')
  answering.fake.behaviour = { type: 'reply', chunks: ['Crimson is another.'] }
  fireEvent.click(screen.getByRole('button', { name: 'Regenerate' }))
  await waitFor(() => expect(screen.getByTestId('answer-position').textContent).toBe('2/2'), { timeout: 10_000 })
  expect(screen.queryByText('Teal is one colour.')).toBeNull()

  ctrlF()
  fireEvent.change(findBox(), { target: { value: 'teal' } })
  await waitFor(() => expect(count()).toBe('1 of 1'))
  await waitFor(() => expect(screen.getByTestId('answer-position').textContent).toBe('1/2'))
  expect(screen.getByText('Teal is one colour.')).toBeTruthy()
  // The arrows still pick another version while the match stays current.
  fireEvent.click(screen.getByRole('button', { name: 'Later answer' }))
  expect(screen.getByTestId('answer-position').textContent).toBe('2/2')
  expect(screen.getByText('Crimson is another.')).toBeTruthy()
})

it('keeps the current match as a message sent and an answer streaming in add matches, the count growing', async () => {
  await answered('Teal is one colour.')
  ctrlF()
  fireEvent.change(findBox(), { target: { value: 'teal' } })
  await waitFor(() => expect(count()).toBe('1 of 1'))

  // The operator sends a message holding the word, with the bar still open; its answer holds it too.
  answering.fake.behaviour = { type: 'reply', chunks: ['More', ' teal', ' here.'], delayMs: 300 }
  const box = screen.getByRole('textbox', { name: 'Message' })
  act(() => box.focus())
  fireEvent.change(box, { target: { value: 'Another teal, please' } })
  fireEvent.keyDown(box, { key: 'Enter' })
  // The match gone to stays the current one, not the new message, and keeps its number (the first, the top).
  await waitFor(() => expect(count()).toBe('1 of 2'), { timeout: 10_000 })
  // While the answer streams in, it is not a stored message yet: the count and the current match hold.
  await screen.findByTestId('streaming-answer', {}, { timeout: 10_000 })
  expect(count()).toBe('1 of 2')
  await screen.findByText('More teal here.', {}, { timeout: 10_000 })
  await waitFor(() => expect(count()).toBe('1 of 3'))
  // Enter in the bar steps on from there, to the next one down (the message sent).
  fireEvent.keyDown(findBox(), { key: 'Enter' })
  expect(count()).toBe('2 of 3')
})

it('closed once the element it was opened from is no longer drawn, gives the focus to the message box', async () => {
  seedInboxes(node.store, { inboxes: 1, messagesPerInbox: 160, providerId: 'p1' })
  node.store.db
    .prepare(`UPDATE messages SET message_json = json_set(message_json, '$.job_message.content', ?) WHERE hash = ?`)
    .run('The first question is about a QUOKKA', 'seed0x0')
  answering.show('job_inbox::jobid_seed_0::false')
  const copies = await screen.findAllByRole('button', { name: 'Copy answer' }, { timeout: 10_000 })
  const opener = copies[copies.length - 1]!
  act(() => opener.focus())
  ctrlF()
  fireEvent.change(findBox(), { target: { value: 'quokka' } })
  await waitFor(() => expect(count()).toBe('1 of 1'), { timeout: 10_000 })
  // The oldest message is scrolled to: the newest rows, the button among them, are no longer drawn.
  await waitFor(() => expect(opener.isConnected).toBe(false), { timeout: 10_000 })
  fireEvent.keyDown(findBox(), { key: 'Escape' })
  expect(screen.queryByTestId('find-bar')).toBeNull()
  expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message' }))
})
