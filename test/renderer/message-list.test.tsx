// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { useState, type ComponentProps, type ReactElement } from 'react'
import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { LastMessage } from '../../src/shared/contract/message'
import { MessageList } from '../../src/renderer/src/features/inboxes/MessageList'
import { parseRoute } from '../../src/renderer/src/app/router'
import { buildPrompt } from '../../src/main/runtime/prompt'
import { DEFAULT_JOB_CONFIG } from '../../src/shared/contract/job'
import { useStreaming } from '../../src/renderer/src/stores/streaming'
import { addProvider, useTestNode } from '../support/node'
import { NODE } from '../support/fixtures'
import { layOutLists } from './list-layout'
import { CONVERSATION_INBOX } from './conversation-message'
import { listOf, messageMaker } from './message-list-builder'
import { renderWithApp, routerTransport } from './render'

/*
 * How the conversation shows answers that did not end well, from messages in the stored shape
 * (seed 2.5 LastMessage, as last_messages returns them).
 */

layOutLists()
afterEach(cleanup)

const INBOX = CONVERSATION_INBOX
const made = messageMaker()
const message = (content: string, opts: { answers?: string; error?: { kind: string; status?: number }; stopped?: boolean } = {}) =>
  made(content, {
    answers: opts.answers,
    job: { ...(opts.error ? { error: opts.error } : {}), ...(opts.stopped ? { stopped: true } : {}) }
  })

function renderList(messages: LastMessage[], onRetry = vi.fn()) {
  renderWithApp(listOf(messages, { onRetry }))
  return onRetry
}

it('an answer that broke off shows the part received as an answer (Markdown), then the note, with Retry', () => {
  const question = message('Explain')
  const broken = message(
    '**First** part of the answer\n\n⚠ The answer broke off here. The OpenAI-compatible server at http://x/v1 reported an error: "Overloaded". Try again.',
    { answers: question.node_api_data.node_message_hash, error: { kind: 'provider_error' } }
  )
  const onRetry = renderList([question, broken])
  const shown = screen.getByTestId('message-broken-off')
  // The part received reads as an answer: Markdown rendered, no warning sign inside it.
  expect(within(shown).getByText('First').tagName).toBe('STRONG')
  const note = within(shown).getByTestId('message-error')
  expect(note.textContent).toContain('The answer broke off here.')
  expect(note.textContent).toContain('"Overloaded"')
  expect(note.textContent).not.toContain('First part')
  fireEvent.click(within(note).getByRole('button', { name: 'Retry' }))
  expect(onRetry).toHaveBeenCalledWith(broken.node_api_data.node_message_hash)
})

it('an error before any text is the plain note, titled as a provider that did not answer', () => {
  const question = message('Explain')
  const failed = message('⚠ The OpenAI-compatible server at http://x/v1 failed (HTTP 500: "boom"). Try again later.', {
    answers: question.node_api_data.node_message_hash,
    error: { kind: 'provider_error', status: 500 }
  })
  renderList([question, failed])
  expect(screen.queryByTestId('message-broken-off')).toBeNull()
  const note = screen.getByTestId('message-error')
  expect(note.textContent).toContain('The provider did not answer')
  expect(note.textContent).toContain('failed (HTTP 500: "boom")')
  expect(note.textContent).not.toContain('⚠')
})

describe('the versions of an answer (‹ n/m ›)', () => {
  const failure = (question: LastMessage) =>
    message('⚠ The OpenAI-compatible server at http://x/v1 failed (HTTP 500: "boom"). Try again later.', {
      answers: question.node_api_data.node_message_hash,
      error: { kind: 'provider_error', status: 500 }
    })
  const answer = (question: LastMessage, text: string, opts: { stopped?: boolean } = {}) =>
    message(text, { answers: question.node_api_data.node_message_hash, ...opts })
  const position = () => screen.getByTestId('answer-position').textContent

  it('count answers, not failed attempts: an error, a Retry and a Regenerate make 2/2, and the earlier one is the first answer', () => {
    const question = message('Name a colour')
    renderList([question, failure(question), answer(question, 'Blue.'), answer(question, 'Green.')])
    expect(position()).toBe('2/2')
    expect(screen.getByTestId('message-answer').textContent).toContain('Green.')
    // The note a later answer replaced is no longer shown as the question's reply.
    expect(screen.queryByTestId('message-error')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Earlier answer' }))
    expect(position()).toBe('1/2')
    expect(screen.getByTestId('message-answer').textContent).toContain('Blue.')
    expect(screen.queryByTestId('message-error')).toBeNull()
    expect(screen.getByRole('button', { name: 'Earlier answer' }).hasAttribute('disabled')).toBe(true)
  })

  it('an error note replaced by a Retry leaves the one answer alone, with no ‹ n/m ›', () => {
    const question = message('Name a colour')
    renderList([question, failure(question), answer(question, 'Blue.')])
    expect(screen.getByTestId('message-answer').textContent).toContain('Blue.')
    expect(screen.queryByTestId('answer-nav')).toBeNull()
    expect(screen.queryByTestId('message-error')).toBeNull()
  })

  it('a stopped answer is a version (what was written is kept); the failure before it is not', () => {
    const question = message('Name a colour')
    renderList([question, answer(question, 'Blue.'), failure(question), answer(question, 'Gre', { stopped: true })])
    expect(position()).toBe('2/2')
    expect(screen.getByTestId('message-answer').textContent).toContain('stopped')
    expect(screen.queryByTestId('message-error')).toBeNull()
  })

  // A screen reader heard nothing on Earlier answer / Later answer: the focus stays on the button while the
  // answer beside it changes, and "1/2" is plain text no one is told has changed.
  it('Earlier answer and Later answer say which answer is now shown, for a screen reader', () => {
    const question = message('Name a colour')
    renderList([question, answer(question, 'Blue.', { stopped: true }), answer(question, 'Green.')])
    const said = () => screen.getByTestId('answer-version-announcement')
    // Nothing said as the conversation is first shown: the answers are read where they stand.
    expect(said().getAttribute('role')).toBe('status')
    expect(said().textContent).toBe('')
    fireEvent.click(screen.getByRole('button', { name: 'Earlier answer' }))
    expect(said().textContent).toBe('Answer 1 of 2, stopped')
    fireEvent.click(screen.getByRole('button', { name: 'Later answer' }))
    expect(said().textContent).toBe('Answer 2 of 2')
  })

  it('a Regenerate that failed: the answer stays the current one, counted alone, with the failure and its Retry under it', () => {
    const question = message('Name a colour')
    const failed = failure(question)
    const onRetry = renderList([question, answer(question, 'Blue.'), failed])
    expect(screen.getByTestId('message-answer').textContent).toContain('Blue.')
    expect(screen.queryByTestId('answer-nav')).toBeNull()
    const note = screen.getByTestId('message-error')
    expect(note.textContent).toContain('The provider did not answer')
    fireEvent.click(within(note).getByRole('button', { name: 'Retry' }))
    expect(onRetry).toHaveBeenCalledWith(failed.node_api_data.node_message_hash)
  })

  it('two answers, then two failed attempts: 2/2, and only the latest failure is shown', () => {
    const question = message('Name a colour')
    const first = failure(question)
    const latest = failure(question)
    renderList([question, answer(question, 'Blue.'), answer(question, 'Green.'), first, latest])
    expect(position()).toBe('2/2')
    expect(screen.getAllByTestId('message-error')).toHaveLength(1)
    fireEvent.click(screen.getByRole('button', { name: 'Earlier answer' }))
    expect(position()).toBe('1/2')
    expect(screen.getByTestId('message-answer').textContent).toContain('Blue.')
  })

  const brokenOff = (question: LastMessage, received: string) =>
    message(
      `${received}\n\n⚠ The answer broke off here. The OpenAI-compatible server at http://x/v1 stopped sending the answer for 30 s. Try again.`,
      {
        answers: question.node_api_data.node_message_hash,
        error: { kind: 'timeout' }
      }
    )

  it('an attempt that broke off stays readable once a Retry answered: 2/2, the earlier one is the part received, marked, with why', async () => {
    const question = message('Tell me a story')
    const broken = brokenOff(question, 'Once upon a **time** there was')
    const onRetry = renderList([question, broken, answer(question, 'A whole story.')])
    expect(position()).toBe('2/2')
    expect(screen.getByTestId('message-answer').textContent).toContain('A whole story.')
    expect(screen.queryByTestId('broken-off-marker')).toBeNull()
    expect(screen.queryByTestId('message-error')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Earlier answer' }))
    expect(position()).toBe('1/2')
    const shown = screen.getByTestId('message-answer')
    // The part received, as the answer it was (Markdown), without the note inside it.
    expect(shown.querySelector('strong')?.textContent).toBe('time')
    expect(within(shown).getByTestId('broken-off-marker').textContent).toBe('broke off')
    expect(within(shown).getByTestId('broken-off-note').textContent).toBe(
      'The answer broke off here. The OpenAI-compatible server at http://x/v1 stopped sending the answer for 30 s. Try again.'
    )
    expect(shown.textContent).not.toContain('⚠')
    // Copy takes the part received; Regenerate answers its question again.
    fireEvent.click(within(shown).getByRole('button', { name: 'Copy answer' }))
    await waitFor(async () => expect(await navigator.clipboard.readText()).toBe('Once upon a **time** there was'))
    fireEvent.click(within(shown).getByRole('button', { name: 'Regenerate' }))
    expect(onRetry).toHaveBeenCalledWith(broken.node_api_data.node_message_hash)
  })

  it('a failure with nothing received is still no version; the latest attempt breaking off is shown under the answer, not counted', () => {
    const question = message('Tell me a story')
    renderList([question, failure(question), answer(question, 'A whole story.'), brokenOff(question, 'Once upon')])
    expect(screen.queryByTestId('answer-nav')).toBeNull()
    expect(screen.getByTestId('message-answer').textContent).toContain('A whole story.')
    expect(screen.getByTestId('message-broken-off').textContent).toContain('Once upon')
  })

  it('an answer, then an attempt that broke off, then a failure: the answer stays current (the node gives it to the model), the part received is the later version', () => {
    const question = message('Tell me a story')
    const messages = [question, answer(question, 'A whole story.'), brokenOff(question, 'Once upon'), failure(question)]
    const next = message('And another?')
    const prompt = buildPrompt(DEFAULT_JOB_CONFIG, [], [...messages, next].reverse(), next.node_api_data.node_message_hash)
    const given = prompt.filter((m) => m.role === 'assistant').map((m) => (m.content[0] as { text: string }).text)
    renderList(messages)
    expect(given).toEqual(['A whole story.'])
    expect(position()).toBe('1/2')
    expect(screen.getByTestId('message-answer').textContent).toContain(given[0])
    expect(screen.getAllByTestId('message-error')).toHaveLength(1)
    fireEvent.click(screen.getByRole('button', { name: 'Later answer' }))
    expect(position()).toBe('2/2')
    expect(screen.getByTestId('message-answer').textContent).toContain('Once upon')
    expect(screen.getByTestId('broken-off-marker')).toBeTruthy()
  })

  // An operator read 1/2, asked the next question, and kept 1/2 above it: the conversation on screen was not the one the
  // model had (it was given 2/2, the current answer), and the reply read as following the answer shown.
  it('an earlier answer read is shown until the next question is asked; then the current one, the one the model was given', () => {
    const question = message('Name a colour')
    const messages = [question, answer(question, 'Blue.'), answer(question, 'Green.')]
    const show = renderShown(messages)
    fireEvent.click(screen.getByRole('button', { name: 'Earlier answer' }))
    expect(position()).toBe('1/2')
    // Older messages read above it change nothing.
    const older = message('Earlier question')
    show([older, ...messages])
    expect(position()).toBe('1/2')
    const next = message('And another?')
    const prompt = buildPrompt(DEFAULT_JOB_CONFIG, [], [...messages, next].reverse(), next.node_api_data.node_message_hash)
    const given = prompt.filter((m) => m.role === 'assistant').map((m) => (m.content[0] as { text: string }).text)
    expect(given).toEqual(['Green.'])
    show([older, ...messages, next])
    expect(position()).toBe('2/2')
    expect(screen.getByTestId('message-answer').textContent).toContain('Green.')
    expect(screen.getByTestId('answer-version-announcement').textContent).toBe('')
    // Picked again after it, it holds.
    fireEvent.click(screen.getByRole('button', { name: 'Earlier answer' }))
    show([older, ...messages, next, answer(next, 'Red.')])
    expect(screen.getAllByTestId('answer-position').map((p) => p.textContent)).toEqual(['1/2'])
  })

  it('an earlier answer picked where its question was not loaded yet holds when the question is read in above it', () => {
    // A question retried so often that the newest page holds only its answers: the question comes with an older page.
    const question = message('Name a colour')
    const answers = [answer(question, 'Blue.'), answer(question, 'Green.')]
    const show = renderShown(answers)
    fireEvent.click(screen.getByRole('button', { name: 'Earlier answer' }))
    expect(position()).toBe('1/2')
    show([question, ...answers])
    expect(position()).toBe('1/2')
    // A question asked after it still brings the current one back.
    const next = message('And another?')
    show([question, ...answers, next])
    expect(position()).toBe('2/2')
  })

  it('the answer shown as current is the one the node gives the model with the next question', () => {
    const question = message('Name a colour')
    const messages = [question, failure(question), answer(question, 'Blue.'), answer(question, 'Green.'), failure(question)]
    const next = message('And another?')
    const prompt = buildPrompt(DEFAULT_JOB_CONFIG, [], [...messages, next].reverse(), next.node_api_data.node_message_hash)
    const given = prompt.filter((m) => m.role === 'assistant').map((m) => (m.content[0] as { text: string }).text)
    renderList(messages)
    expect(given).toEqual(['Green.'])
    expect(screen.getByTestId('message-answer').textContent).toContain(given[0])
  })
})

// A provider that hung showed three dots for two minutes and more, with nothing saying how long or what to do.
describe('waiting for the provider’s first words', () => {
  afterEach(() => vi.useRealTimers())

  /** `m` as stored at `iso`. */
  const storedAt = (m: LastMessage, iso: string): LastMessage => ({ ...m, node_api_data: { ...m.node_api_data, node_timestamp: iso } })
  const at = (s: number) =>
    act(() => {
      vi.advanceTimersByTime(s * 1000)
    })

  it('says how long it has waited from 10 s on, and from a minute on what may take so long and how to end it', () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] })
    const question = message('Explain')
    vi.setSystemTime(Date.parse(question.node_api_data.node_timestamp))
    renderWithApp(listOf([question], { waiting: true }))
    expect(screen.getByText('Waiting for the provider…')).toBeTruthy()
    at(9)
    expect(screen.queryByTestId('waited')).toBeNull()
    at(1)
    expect(screen.getByTestId('waited').textContent).toBe('10 s')
    at(49)
    expect(screen.getByTestId('waited').textContent).toBe('59 s')
    expect(screen.queryByTestId('long-wait')).toBeNull()
    at(66)
    expect(screen.getByTestId('waited').textContent).toBe('2 min 5 s')
    expect(screen.getByTestId('long-wait').textContent).toContain('Stop, under the message box (or Esc in it), ends the wait.')
  })

  // It counted from when the list was shown: another conversation opened and back, or a reload, began it at 0 again.
  it('counts from when the question was stored, and goes on when the conversation is shown again', () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] })
    const question = storedAt(message('Explain'), '2026-11-22T10:00:00.000Z')
    vi.setSystemTime(Date.parse('2026-11-22T10:00:12.000Z'))
    renderWithApp(listOf([question], { waiting: true }))
    expect(screen.getByTestId('waited').textContent).toBe('12 s')
    cleanup()
    at(20)
    renderWithApp(listOf([question], { waiting: true }))
    expect(screen.getByTestId('waited').textContent).toBe('32 s')
    at(1)
    expect(screen.getByTestId('waited').textContent).toBe('33 s')
  })

  it('a question queued behind an answer waits from when that answer was stored', () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] })
    const first = storedAt(message('First'), '2026-11-22T10:00:00.000Z')
    const second = storedAt(message('Second'), '2026-11-22T10:00:01.000Z')
    const answer = storedAt(message('First answer', { answers: first.node_api_data.node_message_hash }), '2026-11-22T10:01:00.000Z')
    vi.setSystemTime(Date.parse('2026-11-22T10:01:15.000Z'))
    renderWithApp(listOf([first, second, answer], { waiting: true }))
    expect(screen.getByTestId('waited').textContent).toBe('15 s')
  })

  it('a node clock ahead of this one does not make the wait shorter than it has been shown, nor negative', () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] })
    const question = storedAt(message('Explain'), '2026-11-22T10:01:00.000Z')
    vi.setSystemTime(Date.parse('2026-11-22T10:00:00.000Z'))
    renderWithApp(listOf([question], { waiting: true }))
    expect(screen.queryByTestId('waited')).toBeNull()
    at(10)
    expect(screen.getByTestId('waited').textContent).toBe('10 s')
  })

  // A regenerated answer's wait, which no stored message dates, counted from when it was shown: another
  // conversation opened and back began it at 0 again.
  it('a regenerated answer awaited counts from when it was asked for, and goes on when the conversation is shown again', () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] })
    vi.setSystemTime(Date.parse('2026-11-22T10:05:00.000Z'))
    const question = storedAt(message('Explain'), '2026-11-22T10:00:00.000Z')
    const answer = storedAt(message('An answer', { answers: question.node_api_data.node_message_hash }), '2026-11-22T10:00:05.000Z')
    const parent = question.node_api_data.node_message_hash
    // As InboxView awaits it once the node has queued the regeneration.
    act(() => useStreaming.getState().append(INBOX, parent, '', [answer.node_api_data.node_message_hash]))
    try {
      const regenerating = { streaming: true, streamingFor: parent }
      renderWithApp(listOf([question, answer], regenerating))
      expect(screen.getByText('Waiting for the provider…')).toBeTruthy()
      at(12)
      expect(screen.getByTestId('waited').textContent).toBe('12 s')
      cleanup()
      at(20)
      renderWithApp(listOf([question, answer], regenerating))
      expect(screen.getByTestId('waited').textContent).toBe('32 s')
    } finally {
      useStreaming.setState({ partial: {} })
    }
  })

  it('after a pause (429) the wait counts from when the node asked again, not from when it is shown', () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] })
    vi.setSystemTime(Date.parse('2026-11-22T10:01:00.000Z'))
    const pause = { parent: 'h', reason: 'rate_limit', until: Date.parse('2026-11-22T10:00:45.000Z') } as const
    renderWithApp(listOf([storedAt(message('Explain'), '2026-11-22T10:00:00.000Z')], { waiting: true, pause }))
    expect(screen.getByTestId('waited').textContent).toBe('15 s')
  })
})

describe('an answer the provider asked to wait for (429)', () => {
  const question = () => message('Explain')
  const renderPaused = (until: number) =>
    renderWithApp(listOf([question()], { waiting: true, pause: { parent: 'h', reason: 'rate_limit', until } }))

  it('says the provider asked to wait and counts down to the next try', async () => {
    renderPaused(Date.now() + 12_000)
    const notice = screen.getByTestId('answer-paused')
    expect(notice.textContent).toBe('The provider asked to wait (rate limit); trying again in 12 s')
    await waitFor(() => expect(notice.textContent).toBe('The provider asked to wait (rate limit); trying again in 11 s'), {
      timeout: 10_000
    })
    expect(screen.queryByText('Waiting for the provider…')).toBeNull()
  })

  it('goes once the wait is over (the node is asking again): the answer is awaited as any other', async () => {
    renderPaused(Date.now() + 1200)
    const notice = screen.getByTestId('answer-paused')
    expect(notice.textContent).toBe('The provider asked to wait (rate limit); trying again in 2 s')
    const over = Date.now() + 1200
    await waitFor(() => expect(screen.queryByTestId('answer-paused')).toBeNull(), { timeout: 10_000 })
    // When the time is up, not up to a second later.
    expect(Date.now() - over).toBeLessThan(400)
    expect(screen.getByText('Waiting for the provider…')).toBeTruthy()
  })

  it('a wait already over when shown is not shown as a pause', () => {
    renderPaused(Date.now() - 1)
    expect(screen.queryByTestId('answer-paused')).toBeNull()
    expect(screen.getByText('Waiting for the provider…')).toBeTruthy()
  })

  it('does not blame the provider when this machine failed the answer (a full disk)', () => {
    renderWithApp(listOf([question()], { waiting: true, pause: { parent: 'h', reason: 'local_error', until: Date.now() + 5_000 } }))
    expect(screen.getByTestId('answer-paused').textContent).toBe(
      'This computer could not complete the answer (resources or disk space); trying again in 5 s'
    )
  })
})

it('an answer awaited before its first words (Regenerate) shows the wait under its question, not an empty answer', () => {
  const question = message('Explain')
  const first = message('First answer', { answers: question.node_api_data.node_message_hash })
  useStreaming.setState({
    partial: { [INBOX]: { parent: question.node_api_data.node_message_hash, text: '', replaced: [first.node_api_data.node_message_hash] } }
  })
  renderWithApp(listOf([question, first], { streaming: true, streamingFor: question.node_api_data.node_message_hash }))
  expect(screen.getByText('Waiting for the provider…')).toBeTruthy()
  expect(screen.queryByTestId('streaming-answer')).toBeNull()
  useStreaming.setState({ partial: {} })
})

it('an answer stopped before its first word says so, rather than showing an empty bubble', () => {
  const question = message('Explain')
  const stopped = message('', { answers: question.node_api_data.node_message_hash, stopped: true })
  // The node records the scope passages it had chosen; with no word written, none was drawn on.
  ;(stopped.job_message as Record<string, unknown>).sources = [{ path: '/Leases/berlin.md', name: 'berlin.md', node_id: '1', score: 0.5 }]
  renderList([question, stopped])
  const shown = screen.getByTestId('message-answer')
  expect(shown.textContent).toContain('Stopped before the provider wrote anything.')
  expect(shown.textContent).toContain('stopped')
  expect(within(shown).queryAllByTestId('source-chip')).toEqual([])
})

it('an answer that broke off shows the sources its part drew on', () => {
  const question = message('When does the lease end?')
  const broken = {
    ...message('The lease ends\n\n⚠ The answer broke off here. It failed.', {
      answers: question.node_api_data.node_message_hash,
      error: { kind: 'provider_error' }
    })
  }
  ;(broken.job_message as Record<string, unknown>).sources = [{ path: '/Leases/berlin.md', name: 'berlin.md', node_id: '1', score: 0.5 }]
  renderList([question, broken])
  const shown = screen.getByTestId('message-broken-off')
  expect(
    within(shown)
      .getAllByTestId('source-chip')
      .map((c) => c.textContent)
  ).toEqual(['berlin.md'])
})

describe('an answer the operator watched being written', () => {
  // Longer than the preview (about 2,000 characters): a stored answer read from history would show "Show all".
  const long = (end: string) =>
    Array.from({ length: 60 }, (_, i) => `Paragraph ${i} of the answer, long enough to fill the screen.`).join('\n\n') + `\n\n${end}`
  const list = (messages: LastMessage[], streamingFor?: string) => listOf(messages, { streaming: streamingFor !== undefined, streamingFor })
  afterEach(() => useStreaming.setState({ partial: {}, watched: {} }))

  it('stays shown whole once it is stored, instead of collapsing to the preview under the reader’s eyes', async () => {
    const question = message('Write a lot')
    const parent = question.node_api_data.node_message_hash
    const text = long('THE WATCHED END')
    useStreaming.getState().append(INBOX, parent, text)
    let show: (ui: ReactElement) => void = () => {}
    function Harness() {
      const [ui, setUi] = useState(() => list([question], parent))
      show = (next) => act(() => setUi(next))
      return ui
    }
    renderWithApp(<Harness />)
    await waitFor(() => expect(screen.getByTestId('streaming-answer').textContent).toContain('THE WATCHED END'))

    // The stored answer is fetched: the view shows it in the answer's place (its text is still in the store).
    const answer = message(text, { answers: parent })
    show(list([question, answer]))
    const shown = () => screen.getByTestId('message-answer')
    expect(shown().textContent).toContain('THE WATCHED END')
    expect(screen.queryByTestId('show-all')).toBeNull()
    // Then its streamed text goes, as the event layer clears it once stored: still whole.
    useStreaming.getState().clear(INBOX, parent, answer.node_api_data.node_message_hash)
    await waitFor(() => expect(useStreaming.getState().partial[INBOX]).toBeUndefined())
    expect(shown().textContent).toContain('THE WATCHED END')
    expect(screen.queryByTestId('show-all')).toBeNull()

    // Opened again later in this window (the list mounted afresh): still whole.
    cleanup()
    renderWithApp(list([question, answer]))
    expect(screen.getByTestId('message-answer').textContent).toContain('THE WATCHED END')
    expect(screen.queryByTestId('show-all')).toBeNull()
  })

  it('an answer read from history (not watched here) keeps the preview and "Show all"', () => {
    const question = message('Write a lot')
    const answer = message(long('THE UNSEEN END'), { answers: question.node_api_data.node_message_hash })
    renderList([question, answer])
    expect(screen.getByTestId('message-answer').textContent).not.toContain('THE UNSEEN END')
    expect(screen.getByTestId('show-all')).toBeTruthy()
  })

  it('an earlier answer of a question being answered again keeps its preview', () => {
    const question = message('Write a lot')
    const parent = question.node_api_data.node_message_hash
    const first = message(long('THE FIRST END'), { answers: parent })
    useStreaming.getState().append(INBOX, parent, 'The new answer', [first.node_api_data.node_message_hash])
    renderList([question, first])
    // The list is given the stored messages only (not streaming): the old answer is not the one being written.
    expect(screen.getByTestId('message-answer').textContent).not.toContain('THE FIRST END')
    expect(screen.getByTestId('show-all')).toBeTruthy()
  })
})

it('an answer begun before the window connected (a reload) shows as an answer in progress, not as the fragment that reached it', () => {
  const question = message('Write slowly')
  const parent = question.node_api_data.node_message_hash
  useStreaming.getState().append(INBOX, parent, 'part7 part8 part9', undefined, true)
  renderWithApp(listOf([question], { streaming: true, streamingFor: parent }))
  const shown = screen.getByTestId('answer-in-progress')
  expect(shown.getAttribute('role')).toBe('status')
  expect(shown.textContent).toContain('An answer is being written.')
  expect(screen.queryByText(/part8/)).toBeNull()
  expect(screen.queryByTestId('streaming-answer')).toBeNull()
  useStreaming.setState({ partial: {} })
})

describe('Copy answer', () => {
  it('copies the answer as written (its Markdown, code fences included), and says so', async () => {
    const question = message('Show me')
    const source = 'Use **this**:\n\n```ts\nconst x = 1\n```\n'
    renderList([question, message(source, { answers: question.node_api_data.node_message_hash })])
    fireEvent.click(screen.getByRole('button', { name: 'Copy answer' }))
    await waitFor(async () => expect(await navigator.clipboard.readText()).toBe(source))
    expect(screen.getAllByRole('status').map((el) => el.textContent)).toContain('Answer copied')
  })

  it('an answer that broke off: copies the part received, not the note', async () => {
    const question = message('Explain')
    const broken = message('Part **one**\n\n⚠ The answer broke off here. The server reported an error: "Overloaded". Try again.', {
      answers: question.node_api_data.node_message_hash,
      error: { kind: 'provider_error' }
    })
    renderList([question, broken])
    fireEvent.click(within(screen.getByTestId('message-broken-off')).getByRole('button', { name: 'Copy answer' }))
    await waitFor(async () => expect(await navigator.clipboard.readText()).toBe('Part **one**'))
  })

  it('a provider that did not answer has nothing to copy', () => {
    const question = message('Hello')
    renderList([
      question,
      message('⚠ The provider rejected the API key.', { answers: question.node_api_data.node_message_hash, error: { kind: 'auth' } })
    ])
    expect(screen.queryByRole('button', { name: 'Copy answer' })).toBeNull()
  })
})

/** Renders the list of `first`; answers the function that shows other messages in it, as a new read would. */
function renderShown(first: LastMessage[]): (messages: LastMessage[]) => void {
  let show: (messages: LastMessage[]) => void = () => {}
  function Shown() {
    const [messages, setMessages] = useState(first)
    show = (m) => act(() => setMessages(m))
    return listOf(messages)
  }
  renderWithApp(<Shown />)
  return (messages) => show(messages)
}

describe('screen readers', () => {
  it('the list is a named region, not a live log; a new answer is announced once, older messages and the first read are not', () => {
    const q1 = message('First question')
    const a1 = message('First answer', { answers: q1.node_api_data.node_message_hash })
    const q2 = message('Second question')
    const a2 = message('Paris is the capital of France.', { answers: q2.node_api_data.node_message_hash })
    const show = renderShown([q1, a1, q2])
    const region = screen.getByRole('region', { name: 'Messages' })
    expect(region.getAttribute('aria-live')).toBeNull()
    const said = () => screen.getByTestId('answer-announcement').textContent
    expect(screen.getByTestId('answer-announcement').getAttribute('role')).toBe('status')
    expect(said()).toBe('') // the conversation as first read
    show([q1, a1, q2, a2])
    expect(said()).toBe('New answer: Paris is the capital of France.')
    // Older messages loaded above: nothing new to say.
    const q0 = message('Earlier question')
    show([q0, q1, a1, q2, a2])
    expect(said()).toBe('New answer: Paris is the capital of France.')
    // A question of the operator's is not announced as an answer.
    const q3 = message('Third question')
    show([q0, q1, a1, q2, a2, q3])
    expect(said()).toBe('New answer: Paris is the capital of France.')
    // An answer worded as the last one is a new announcement (a new element in the live region).
    const before = screen.getByTestId('answer-announcement').firstElementChild
    show([q0, q1, a1, q2, a2, q3, message('Paris is the capital of France.', { answers: q3.node_api_data.node_message_hash })])
    expect(said()).toBe('New answer: Paris is the capital of France.')
    expect(screen.getByTestId('answer-announcement').firstElementChild).not.toBe(before)
  })

  it('in a conversation empty when first read, the first answer is announced, even with its question in the same read', () => {
    const show = renderShown([])
    const q = message('Hello')
    show([q, message('Hi there.', { answers: q.node_api_data.node_message_hash })])
    expect(screen.getByTestId('answer-announcement').textContent).toBe('New answer: Hi there.')
  })

  it('an answer written in Markdown is announced as its words, not its marks', () => {
    const show = renderShown([])
    const q = message('Plan?')
    show([q, message('**Plan**\n\n| Step | When |\n|---|---|\n| Pack | `Monday` |', { answers: q.node_api_data.node_message_hash })])
    expect(screen.getByTestId('answer-announcement').textContent).toBe('New answer: Plan Step When Pack Monday')
  })

  it('an answer with a footnote is announced with its reference’s number, without the footnotes section and its arrows', () => {
    const show = renderShown([])
    const q = message('Source?')
    show([q, message('Paris is the capital[^1].\n\n[^1]: Since 987.', { answers: q.node_api_data.node_message_hash })])
    expect(screen.getByTestId('answer-announcement').textContent).toBe('New answer: Paris is the capital1.')
  })
})

describe('screen readers, when an answer is stopped', () => {
  it('a stopped answer is announced as stopped; one stopped before its first word says so, not an empty "New answer: "', () => {
    const q = message('Will this hang?')
    const q2 = message('And this?')
    const show = renderShown([q])
    const said = () => screen.getByTestId('answer-announcement').textContent
    const empty = message('', { answers: q.node_api_data.node_message_hash, stopped: true })
    show([q, empty])
    expect(said()).toBe('Answer stopped before the provider wrote anything.')
    show([q, empty, q2, message('Partial answer', { answers: q2.node_api_data.node_message_hash, stopped: true })])
    expect(said()).toBe('Answer stopped: Partial answer')
  })
})

describe('screen readers, when an answer fails', () => {
  it('an error note is announced as a failed answer with its note, not as a new answer; one that broke off says why, not the part received', () => {
    const q = message('Name a colour')
    const q2 = message('And another?')
    const show = renderShown([q])
    const said = () => screen.getByTestId('answer-announcement').textContent
    const failure = message('⚠ The OpenAI-compatible server at http://x/v1 failed (HTTP 500: "boom"). Try again later.', {
      answers: q.node_api_data.node_message_hash,
      error: { kind: 'provider_error', status: 500 }
    })
    show([q, failure])
    expect(said()).toBe('Answer failed: The OpenAI-compatible server at http://x/v1 failed (HTTP 500: "boom"). Try again later.')
    const broken = message('Blue is\n\n⚠ The answer broke off here. The provider failed (HTTP 500: "boom").', {
      answers: q2.node_api_data.node_message_hash,
      error: { kind: 'provider_error', status: 500 }
    })
    show([q, failure, q2, broken])
    expect(said()).toBe('Answer failed: The answer broke off here. The provider failed (HTTP 500: "boom").')
    // An answer is still announced as one.
    show([q, failure, q2, broken, message('Green.', { answers: q2.node_api_data.node_message_hash })])
    expect(said()).toBe('New answer: Green.')
  })
})

describe('who wrote an answer', () => {
  const node = useTestNode({ setup: (n) => addProvider(n, 'gpt', { name: 'Mock GPT' }) })

  const senders = async () => {
    await waitFor(() => expect(screen.getAllByTestId('message-sender').some((s) => s.textContent === 'Mock GPT')).toBe(true))
    return screen.getAllByTestId('message-sender')
  }

  it('is the provider’s display name, with its id on hover (two providers may share a name); you for your questions', async () => {
    const q = message('Hello')
    renderWithApp(listOf([q, message('Hi there.', { answers: q.node_api_data.node_message_hash })]), routerTransport(node.router))
    const [sender] = await senders()
    expect(sender!.textContent).toBe('Mock GPT')
    expect(sender!.getAttribute('title')).toBe('Provider id: gpt')
    expect(screen.getByTestId('message-answer').textContent).toContain('Mock GPT · ')
    expect(screen.getByTestId('message-question').textContent).toContain('you · ')
  })

  it('is the provider’s id when the provider was removed', async () => {
    // An answer from a provider since removed: the node no longer knows its name.
    const q1 = message('Hello')
    const old = { ...message('Hi there.', { answers: q1.node_api_data.node_message_hash }), sender_subidentity: 'main/agent/old-gpt' }
    const q2 = message('And now?')
    const answers = [q1, old, q2, message('Hi again.', { answers: q2.node_api_data.node_message_hash })]
    renderWithApp(listOf(answers), routerTransport(node.router))
    const shown = await senders()
    expect(shown.map((s) => s.textContent)).toEqual(['old-gpt', 'Mock GPT'])
    expect(shown[0]!.getAttribute('title')).toBeNull()
  })

  it('is the display name and the id when another provider goes by the same name, as in the exports', async () => {
    await addProvider(node, 'gpt-b', { name: 'Mock GPT' })
    const q1 = message('Hello')
    const fromB = { ...message('Hi from b.', { answers: q1.node_api_data.node_message_hash }), sender_subidentity: 'main/agent/gpt-b' }
    const q2 = message('And a?')
    renderWithApp(
      listOf([q1, fromB, q2, message('Hi from a.', { answers: q2.node_api_data.node_message_hash })]),
      routerTransport(node.router)
    )
    await waitFor(() =>
      expect(screen.getAllByTestId('message-sender').map((s) => s.textContent)).toEqual(['Mock GPT (gpt-b)', 'Mock GPT (gpt)'])
    )
  })
})

describe('who wrote an answer, when a provider answers as an agent of another name', () => {
  // Answers are sent as the provider's agent (its identity's subidentity_name), which need not be its id.
  const node = useTestNode({
    setup: (n) =>
      addProvider(n, 'local', {
        name: 'Local',
        full_identity_name: {
          full_name: `${NODE}/main/agent/llama`,
          node_name: NODE,
          profile_name: 'main',
          subidentity_name: 'llama',
          subidentity_type: 'Agent'
        }
      })
  })

  it('is the provider’s display name, its id on hover, not the agent’s name', async () => {
    const q = message('Hello')
    const answer = { ...message('Hi there.', { answers: q.node_api_data.node_message_hash }), sender_subidentity: 'main/agent/llama' }
    renderWithApp(listOf([q, answer]), routerTransport(node.router))
    await waitFor(() => expect(screen.getByTestId('message-sender').textContent).toBe('Local'))
    expect(screen.getByTestId('message-sender').getAttribute('title')).toBe('Provider id: local')
  })
})

describe('what a failed answer offers besides Retry: what fits the failure', () => {
  const node = useTestNode({ setup: (n) => addProvider(n, 'gpt', { name: 'Mock GPT' }) })
  const failedAnswer = (content: string, error: { kind: string; status?: number }) => {
    const q = message('Hello')
    return [q, message(content, { answers: q.node_api_data.node_message_hash, error })]
  }
  const offered = async (messages: LastMessage[], props: Partial<ComponentProps<typeof MessageList>> = {}, queryClient?: QueryClient) => {
    renderWithApp(listOf(messages, props), routerTransport(node.router), { queryClient })
    const note = screen.getByTestId('message-error')
    // The providers are read: a switch or a new one is offered once the node said which there are.
    await waitFor(() => expect(within(note).getAllByRole('button').length + within(note).queryAllByRole('link').length).toBeGreaterThan(1))
    return [...note.querySelectorAll('a, button')].map((e) => e.textContent)
  }
  const SERVER_ERROR = '⚠ The provider failed (HTTP 500). Try again later.'
  const KEY_REFUSED =
    '⚠ The OpenAI-compatible server at http://x/v1 rejected the API key (HTTP 401). Check the key in the provider’s settings, or enter a new one.'

  it('a provider that answered 500, 429 or 503, or broke off midway, with the node’s only provider: Retry alone (it is fine; none to add)', async () => {
    const [q1, refused] = failedAnswer(KEY_REFUSED, { kind: 'auth', status: 401 })
    const [q2, failed] = failedAnswer(SERVER_ERROR, { kind: 'provider_error', status: 500 })
    const [q3, broken] = failedAnswer('Half of it\n\n⚠ The answer broke off here. Try again.', { kind: 'rate_limit', status: 429 })
    renderWithApp(listOf([q1!, refused!, q2!, failed!, q3!, broken!]), routerTransport(node.router))
    const notes = screen.getAllByTestId('message-error')
    // Once the providers are read (the refused key's note then offers its settings)...
    await within(notes[0]!).findByRole('link', { name: 'Open the provider’s settings' })
    // ...the provider that is fine offers Retry and nothing else (Copy: the part received).
    const actions = (note: HTMLElement) => [...note.querySelectorAll('a, button')].map((e) => e.getAttribute('aria-label') ?? e.textContent)
    expect(actions(notes[1]!)).toEqual(['Retry'])
    expect(actions(notes[2]!).filter((a) => !/copy/i.test(a ?? ''))).toEqual(['Retry'])
  })

  it('a key refused (401/403), a model not found, an address that does not answer: the failed provider’s settings, by keyboard too', async () => {
    for (const error of [{ kind: 'auth', status: 401 }, { kind: 'model_not_found', status: 404 }, { kind: 'unreachable' }]) {
      const shown = await offered(failedAnswer(KEY_REFUSED, error))
      expect(shown).toContain('Open the provider’s settings')
      const settings = within(screen.getByTestId('message-error')).getByRole('link', { name: 'Open the provider’s settings' })
      // Opened at the step holding what failed; saving comes back to this conversation.
      expect(parseRoute(settings.getAttribute('href')!)).toEqual({
        name: 'edit-provider',
        providerId: 'gpt',
        fix: error.kind,
        ...(error.status !== undefined ? { status: error.status } : {}),
        from: INBOX
      })
      expect(settings.tabIndex).toBe(0)
      // The node's only provider does not work until it is mended: adding another is the other way on.
      expect(shown).toContain('Add a provider')
      expect(shown).not.toContain('Switch provider')
      cleanup()
    }
  })

  it('with another provider: switching to it, never adding one', async () => {
    await addProvider(node, 'local', { name: 'Local' })
    const onSwitchProvider = vi.fn()
    const shown = await offered(failedAnswer(KEY_REFUSED, { kind: 'auth', status: 401 }), { onSwitchProvider })
    expect(shown).toEqual(['Retry', 'Open the provider’s settings', 'Switch provider'])
    fireEvent.click(within(screen.getByTestId('message-error')).getByRole('button', { name: 'Switch provider' }))
    expect(onSwitchProvider).toHaveBeenCalledOnce()
    cleanup()
    expect(await offered(failedAnswer(SERVER_ERROR, { kind: 'provider_error', status: 503 }))).toEqual(['Retry', 'Switch provider'])
  })

  it('a note older than a switch of the job to the only other provider: Retry alone, the failed provider not offered back', async () => {
    await addProvider(node, 'local', { name: 'Local' })
    const refused = failedAnswer(KEY_REFUSED, { kind: 'auth', status: 401 })
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    // While the job is on "gpt": its settings, and a switch to "local".
    expect(await offered(refused, { jobProvider: 'gpt' }, queryClient)).toEqual([
      'Retry',
      'Open the provider’s settings',
      'Switch provider'
    ])
    cleanup()
    // Switched to "local" (the providers read already): nothing about "gpt", no switch back to it.
    renderWithApp(listOf(refused, { jobProvider: 'local' }), routerTransport(node.router), { queryClient })
    const note = screen.getByTestId('message-error')
    expect([...note.querySelectorAll('a, button')].map((e) => e.textContent)).toEqual(['Retry'])
  })
})

describe('the sources under an answer', () => {
  const answerWithSources = (n: number) => {
    const question = message('What does the handbook say about holidays?')
    const answer = message('27 days a year.', { answers: question.node_api_data.node_message_hash })
    ;(answer.job_message as Record<string, unknown>).sources = Array.from({ length: n }, (_, i) => ({
      path: `/Docs/file-${i + 1}.md`,
      name: `file-${i + 1}.md`,
      node_id: '1',
      score: 1 - i / 100
    }))
    return [question, answer]
  }
  const chips = () => screen.getAllByTestId('source-chip').map((c) => c.textContent)

  it('a scope of a hundred small files: the best few show, the rest one button away, which keeps the focus and shows fewer again', () => {
    renderList(answerWithSources(40))
    // Forty chips made a wall of names taller than the window under a one-line answer.
    expect(chips()).toEqual(Array.from({ length: 8 }, (_, i) => `file-${i + 1}.md`))
    const more = screen.getByRole('button', { name: 'Show 32 more sources' })
    expect(more.getAttribute('aria-expanded')).toBe('false')
    more.focus()
    fireEvent.click(more)
    expect(chips()).toHaveLength(40)
    expect(chips().at(-1)).toBe('file-40.md')
    // The same button, turned: the focus stays on it, not dropped to the page.
    expect(document.activeElement).toBe(more)
    expect(more.textContent).toBe('Show fewer sources')
    expect(more.getAttribute('aria-expanded')).toBe('true')
    fireEvent.click(more)
    expect(chips()).toHaveLength(8)
    expect(document.activeElement).toBe(more)
  })

  it('a few sources show whole, with no button', () => {
    renderList(answerWithSources(8))
    expect(chips()).toHaveLength(8)
    expect(screen.queryByRole('button', { name: /more source/ })).toBeNull()
  })
})
