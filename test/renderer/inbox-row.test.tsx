// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { useInboxActions, type InboxActions } from '../../src/renderer/src/features/inboxes/inbox-actions'
import { toRow } from '../../src/renderer/src/features/inboxes/inbox-rows'
import { InboxRow } from '../../src/renderer/src/features/inboxes/InboxRow'
import { rowOf } from '../../src/renderer/src/features/inboxes/listed-conversations'
import { absoluteTime, relativeTime } from '../../src/renderer/src/features/inboxes/relative-time'
import { snippetOfFailedAnswer, snippetOfStoppedAnswer } from '../../src/renderer/src/features/inboxes/snippet-source'
import { useAskedFlags } from '../../src/renderer/src/stores/asked-flags'
import type { Inbox } from '../../src/shared/contract/inbox'
import { addProvider, createJob, useTestNode } from '../support/node'
import { renderWithApp, routerTransport } from './render'

afterEach(cleanup)

const inbox = (last: string | null, extra: Record<string, unknown> = {}): Inbox => ({
  custom_name: 'Quarterly review',
  datetime_created: '2026-11-20T10:00:00.000Z',
  inbox_id: 'job_inbox::jobid_1::false',
  is_finished: false,
  is_hidden: false,
  is_pinned: false,
  agent: {
    id: 'gpt',
    model: { OpenAI: { model_type: 'gpt-4o-mini' } },
    full_identity_name: {
      full_name: 'n/main/agent/gpt',
      node_name: 'n',
      profile_name: 'main',
      subidentity_name: 'gpt',
      subidentity_type: 'Agent'
    }
  },
  job_config: { custom_prompt: '', temperature: 0.7, seed: 0, top_k: 40, top_p: 0.9, stream: true, other_model_params: null },
  job_scope: null,
  last_message:
    last === null
      ? null
      : {
          inbox: 'job_inbox::jobid_1::false',
          job_message: {
            content: last,
            files_inbox: '',
            job_id: 'jobid_1',
            parent: '',
            sheet_job_data: '',
            workflow_code: '',
            workflow_name: '',
            ...extra
          },
          node_api_data: { node_message_hash: 'h', node_timestamp: '2026-11-21T09:30:00.000Z', parent_hash: '' },
          receiver: 'n',
          receiver_subidentity: 'main',
          sender: 'n',
          sender_subidentity: 'main/agent/gpt'
        }
})

const NOW = Date.parse('2026-11-21T10:00:00.000Z')

describe('InboxRow', () => {
  it('the preview of an answer that broke off says the answer failed, and why (its note), not the start of the part received', () => {
    const content = 'The lease ends on\n\n⚠ The answer broke off here. The provider failed (HTTP 500: "boom").'
    renderWithApp(<InboxRow row={toRow(inbox(content, { error: { kind: 'provider_error' } }))} now={NOW} />)
    const preview = screen.getByTestId('inbox-preview')
    expect(preview.textContent).toBe('Answer failed: The answer broke off here. The provider failed (HTTP 500: "boom").')
    expect(preview.getAttribute('data-state')).toBe('error')
  })

  it('the preview of an error note says the answer failed, in the inbox list and in the conversation list beside an open one', () => {
    const note = inbox('⚠ The OpenAI-compatible server at http://x/v1 failed (HTTP 500: "boom"). Try again later.', {
      error: { kind: 'provider_error', status: 500 }
    })
    const said = 'Answer failed: The OpenAI-compatible server at http://x/v1 failed (HTTP 500: "boom"). Try again later.'
    expect(toRow(note).preview).toBe(said)
    expect(rowOf(note).preview).toBe(said)
    // Told by the node's mark (job_message.error), not by the text: an answer that itself starts with a warning sign is the answer.
    const answer = inbox('⚠ Mind the gap: the platform edge is close.')
    expect(toRow(answer).preview).toBe('⚠ Mind the gap: the platform edge is close.')
    expect(toRow(answer).previewIsError).toBe(false)
  })

  it('the preview of an answer stopped before its first word says so (it was blank), as the conversation says it', () => {
    const said = 'Answer stopped before the provider wrote anything'
    expect(rowOf(inbox('', { stopped: true })).preview).toBe(said)
    renderWithApp(<InboxRow row={toRow(inbox('', { stopped: true }))} now={NOW} />)
    expect(screen.getByTestId('inbox-preview').textContent).toBe(said)
    expect(screen.getByTestId('inbox-preview').getAttribute('data-state')).toBe('stopped')
  })

  it('the preview of an answer the operator stopped says it was stopped, then its partial text, in both lists', () => {
    const stopped = inbox('Stalling\nfor time', { stopped: true })
    expect(toRow(stopped).preview).toBe('Answer stopped: Stalling for time')
    expect(rowOf(stopped).preview).toBe('Answer stopped: Stalling for time')
    renderWithApp(<InboxRow row={toRow(stopped)} now={NOW} />)
    const preview = screen.getByTestId('inbox-preview')
    expect(preview.textContent).toBe('Answer stopped: Stalling for time')
    expect(preview.getAttribute('data-state')).toBe('stopped')
    // Told by the node's mark (job_message.stopped), not by the text: a whole answer is shown as it is.
    expect(toRow(inbox('Stalling for time')).preview).toBe('Stalling for time')
  })

  it('shows name, provider id and model, a one-line preview, and a relative time with the absolute one on hover', () => {
    renderWithApp(<InboxRow row={toRow(inbox('First line\nsecond   line'))} now={NOW} />)
    const row = screen.getByTestId('inbox-row')
    expect(row.getAttribute('href')).toBe('#/inboxes/job_inbox%3A%3Ajobid_1%3A%3Afalse')
    expect(row.textContent).toContain('Quarterly review')
    expect(row.textContent).toContain('gpt')
    expect(row.textContent).toContain('gpt-4o-mini')
    expect(screen.getByTestId('inbox-preview').textContent).toBe('First line second line')
    const time = row.querySelector('time')!
    expect(time.textContent).toBe('30 min. ago')
    expect(time.getAttribute('datetime')).toBe('2026-11-21T09:30:00.000Z')
    fireEvent.mouseEnter(time.parentElement!)
    expect(time.parentElement!.getAttribute('title')).toBe(new Date('2026-11-21T09:30:00.000Z').toLocaleString())
  })

  it("does not say the model twice when the provider's name already holds it", () => {
    renderWithApp(<InboxRow row={toRow(inbox('Hi'))} providerName="Team proxy · gpt-4o-mini" now={NOW} />)
    const row = screen.getByTestId('inbox-row')
    expect(row.textContent.split('gpt-4o-mini')).toHaveLength(2)
    cleanup()
    renderWithApp(<InboxRow row={toRow(inbox('Hi'))} providerName="Team proxy" now={NOW} />)
    expect(screen.getByTestId('inbox-row').textContent).toContain('Team proxygpt-4o-mini')
  })

  it("says the model when the provider's name holds another model's name that begins as this one's", () => {
    // Provider "Team proxy · gpt-4o-mini" answering with gpt-4o: the row read as if gpt-4o-mini answered.
    const row = { ...toRow(inbox('Hi')), model: 'gpt-4o' }
    renderWithApp(<InboxRow row={row} providerName="Team proxy · gpt-4o-mini" now={NOW} />)
    expect(screen.getByTestId('inbox-row').textContent).toContain('Team proxy · gpt-4o-minigpt-4o')
    cleanup()
    // Said as a whole name, at the end of a sentence too: not repeated.
    renderWithApp(<InboxRow row={row} providerName="Runs gpt-4o." now={NOW} />)
    expect(screen.getByTestId('inbox-row').textContent.split('gpt-4o')).toHaveLength(2)
  })

  it('makes its menu on the first click of its button, open, and the menu acts on the row', async () => {
    const calls: string[] = []
    const actions: InboxActions = {
      rename: (r) => void calls.push(`rename ${r.name}`),
      setPinned: (rows, pinned) => Promise.resolve(void calls.push(`pin ${rows.map((r) => r.name).join()} ${pinned}`)),
      setHidden: (rows, hidden) => {
        calls.push(`hide ${rows.map((r) => r.name).join()} ${hidden}`)
        return Promise.resolve(new Set())
      },
      exportAs: (r, format) => Promise.resolve(void calls.push(`export ${r.name} ${format}`)),
      remove: (rows) => void calls.push(`remove ${rows.length}`)
    }
    renderWithApp(<InboxRow row={toRow(inbox('Hi'))} now={NOW} actions={actions} />)
    expect(screen.queryByRole('menu')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Quarterly review' }))
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Pin' }))
    expect(calls).toEqual(['pin Quarterly review true'])
    await waitFor(() => expect(screen.queryByRole('menuitem', { name: 'Pin' })).toBeNull())
    // Made once, it opens and closes as a menu does (happy-dom lays nothing out, so the reopened
    // dropdown stays display:none here; e2e/inbox-manage.spec.ts uses the menu again in Chromium).
    const button = screen.getByRole('button', { name: 'Actions for Quarterly review' })
    expect(button.getAttribute('aria-expanded')).toBe('false')
    fireEvent.click(button)
    await waitFor(() => expect(button.getAttribute('aria-expanded')).toBe('true'))
  })

  it('from the keyboard, the menu made on first use gives the focus back to its button when closed', async () => {
    const none = () => Promise.resolve()
    const actions: InboxActions = {
      rename: () => {},
      setPinned: none,
      setHidden: () => Promise.resolve(new Set()),
      exportAs: none,
      remove: () => {}
    }
    renderWithApp(<InboxRow row={toRow(inbox('Hi'))} now={NOW} actions={actions} />)
    const first = screen.getByRole('button', { name: 'Actions for Quarterly review' })
    first.focus()
    fireEvent.click(first) // what Enter or Space on a focused button does
    await screen.findByRole('menuitem', { name: 'Pin' })
    const button = screen.getByRole('button', { name: 'Actions for Quarterly review' })
    fireEvent.keyDown(document.querySelector('[data-menu-dropdown]')!, { key: 'Escape' })
    await waitFor(() => expect(button.getAttribute('aria-expanded')).toBe('false'))
    await waitFor(() => expect(document.activeElement).toBe(button))
  })

  it('Shift+F10 on the row, then ArrowDown and Enter at once (no frame, no timer between): the second item (Pin) is chosen', async () => {
    const calls: string[] = []
    const none = () => Promise.resolve()
    const actions: InboxActions = {
      rename: (r) => void calls.push(`rename ${r.name}`),
      setPinned: (rows, pinned) => Promise.resolve(void calls.push(`pin ${rows.map((r) => r.name).join()} ${pinned}`)),
      setHidden: () => Promise.resolve(new Set()),
      exportAs: none,
      remove: () => {}
    }
    renderWithApp(<InboxRow row={toRow(inbox('Hi'))} now={NOW} actions={actions} />)
    // The list shown, its menus' code is loaded in the background (a task later).
    await import('../../src/renderer/src/features/inboxes/InboxRowMenu')
    await new Promise((r) => setTimeout(r, 20))
    const row = screen.getByTestId('inbox-row')
    row.focus()
    // Each key a task of its own: its listeners, then the microtasks they queued.
    const key = async (init: { key: string; shiftKey?: boolean }) => {
      const target = document.activeElement!
      // Enter on a button clicks it.
      if (fireEvent.keyDown(target, init) && init.key === 'Enter' && target.tagName === 'BUTTON') fireEvent.click(target)
      await Promise.resolve()
    }
    await key({ key: 'F10', shiftKey: true })
    await key({ key: 'ArrowDown' })
    expect(document.activeElement?.textContent).toBe('Pin')
    await key({ key: 'Enter' })
    expect(calls).toEqual(['pin Quarterly review true'])
  })

  it('says "No messages yet" and uses the creation time when there is no message', () => {
    renderWithApp(<InboxRow row={toRow(inbox(null))} now={NOW} />)
    expect(screen.getByTestId('inbox-preview').textContent).toBe('No messages yet')
    expect(screen.getByTestId('inbox-row').querySelector('time')!.textContent).toBe('yesterday')
  })

  it('previews a Markdown answer as the words it shows, not its marks (no ** or # or link targets in the list)', () => {
    const answer = [
      '## Summary',
      '',
      'Three changes stand out:',
      '',
      '1. **Faster start-up**: the list opens in _under_ a second.',
      '- `401` errors say why; see [the notes](https://example.com/notes).',
      '',
      '| Area | Status |',
      '| --- | --- |',
      '| Desktop | ready |',
      '```ts',
      'const snake_case_name = 2 * 3',
      '```'
    ].join('\n')
    expect(toRow(inbox(answer)).preview).toBe(
      'Summary Three changes stand out: 1. Faster start-up: the list opens in under a second. 401 errors say why; see the notes. Area | Status Desktop | ready const snake_case_name = 2 * 3'
    )
    // Plain text stays as written, marks that are not Markdown included.
    expect(toRow(inbox('a * b = c, file_name_here, 2 ** 8')).preview).toBe('a * b = c, file_name_here, 2 ** 8')
  })

  it('marks a preview that is an error note', () => {
    expect(toRow(inbox('⚠ OpenAI rejected the API key (401)', { error: { kind: 'auth' } })).previewIsError).toBe(true)
    expect(toRow(inbox('fine')).previewIsError).toBe(false)
  })
})

describe('relativeTime', () => {
  it.each([
    ['2026-11-21T09:59:50.000Z', 'now'],
    ['2026-11-21T09:55:00.000Z', '5 min. ago'],
    ['2026-11-21T09:00:10.000Z', '1 hr. ago'],
    ['2026-11-21T07:00:00.000Z', '3 hr. ago'],
    ['2026-11-20T10:00:00.000Z', 'yesterday'],
    ['2026-11-18T10:00:00.000Z', '3 days ago'],
    ['2026-11-01T10:00:00.000Z', 'Nov 1'],
    ['2025-11-01T10:00:00.000Z', 'Nov 1, 2025'],
    ['not a date', '']
  ])('%s -> %s (en)', (iso, text) => expect(relativeTime(iso, NOW, 'en')).toBe(text))

  it("speaks the reader's language", () => {
    expect(relativeTime('2026-11-21T09:55:00.000Z', NOW, 'de')).toBe('vor 5 Min.')
    expect(relativeTime('2026-11-20T10:00:00.000Z', NOW, 'fr')).toBe('hier')
    // Formatters are kept per language: one language's does not answer for another's.
    expect(relativeTime('2026-11-01T10:00:00.000Z', NOW, 'de')).toBe('1. Nov.')
    expect(relativeTime('2026-11-01T10:00:00.000Z', NOW, 'en')).toBe('Nov 1')
  })

  it('counts days by the calendar of the reader\'s time zone: "yesterday" is the day before today, not about 24 hours ago', () => {
    // Local times (new Date(y, m, d, h)), so the days are the reader's whatever the machine's time zone.
    const at = (day: number, hour: number, minute = 0) => new Date(2026, 10, day, hour, minute)
    const said = (then: Date, now: Date) => relativeTime(then.toISOString(), now.getTime(), 'en')
    // 30 hours before 01:00 is 19:00 two days back (it said "yesterday").
    expect(said(at(19, 19), at(21, 1))).toBe('2 days ago')
    // 40 hours before 23:00 is 07:00 yesterday (it said "2 days ago").
    expect(said(at(20, 7), at(21, 23))).toBe('yesterday')
    // 6 days and 14 hours back, 6 calendar days (it gave the date).
    expect(said(at(15, 8), at(21, 22))).toBe('6 days ago')
    // Nearly a day old, yet of today: hours.
    expect(said(at(21, 0, 10), at(21, 23, 50))).toBe('23 hr. ago')
  })
})

describe('absoluteTime', () => {
  it('reads as toLocaleString does', () => {
    for (const iso of ['2026-01-05T13:04:05.000Z', '1999-12-31T23:59:59.000Z'])
      expect(absoluteTime(iso)).toBe(new Date(iso).toLocaleString())
    expect(absoluteTime('not a date')).toBe('not a date')
  })
})

describe('a search hit', () => {
  const hit = (text: string, query: string) => {
    renderWithApp(<InboxRow row={toRow(inbox(text))} now={NOW} snippet={{ text, query }} />)
    return screen.getByTestId('inbox-snippet')
  }

  it('shows the words found near its start: what comes before them is cut to a few words, "…" in its place', () => {
    const text =
      'Our quarterly planning meeting covered revenue targets, hiring plans for the spring, the relocation of the warehouse, supplier contracts that expire in June, and finally the budget for the gazebo.'
    const shown = hit(text, 'gazebo')
    // The row shows one line: 190 characters before the word put it far past the row's end.
    expect(shown.textContent).toBe('…and finally the budget for the gazebo.')
    expect(shown.querySelector('mark')?.textContent).toBe('gazebo')
  })

  it('is shown whole when its first word found is already near the start', () => {
    const text = 'The boiler is serviced every October by the caretaker. That is all I know.'
    expect(hit(text, 'boiler caretaker').textContent).toBe(text)
  })

  it('marks the words found as the node matched them: a sequence inside a run of Chinese, a prefix, a longer word whole, an emoji whole', () => {
    const marks = (text: string, query: string) => [...hit(text, query).querySelectorAll('mark')].map((m) => m.textContent)
    expect(marks('我们的数据库，数据很多', '数据')).toEqual(['数据', '数据'])
    cleanup()
    expect(marks('我们的数据库', '据数')).toEqual([])
    cleanup()
    expect(marks('Le Café du quartier, unquartier', 'cafe quart')).toEqual(['Café', 'quart'])
    cleanup()
    expect(marks('Quarterly Review', 'q quarterly')).toEqual(['Quarterly'])
    cleanup()
    expect(marks('Our 👩\u200d💻 team', '👩')).toEqual(['👩\u200d💻'])
  })

  it('quoting a failed answer (the node’s error mark on the last message, not its text) says so first, without the note’s sign', () => {
    const note = '⚠ The OpenAI-compatible server at http://x/v1 failed (HTTP 500: "boom"). Try again later.'
    const failed = inbox(note, { error: { kind: 'provider_error', status: 500 } })
    expect(snippetOfFailedAnswer(failed, note)).toBe(true)
    // Cut by the node around the word found, "…" where text was left out (blanks collapsed).
    const long = inbox(`Part of the answer\n\n⚠ ${'The provider failed. '.repeat(20)}`, { error: { kind: 'provider_error' } })
    expect(snippetOfFailedAnswer(long, '…of the answer ⚠ The provider failed. The provider…')).toBe(true)
    // The inbox's name found, or an answer that itself starts with a warning sign: not a failure.
    expect(snippetOfFailedAnswer(failed, 'Quarterly review')).toBe(false)
    expect(snippetOfFailedAnswer(inbox('⚠ Mind the gap.'), '⚠ Mind the gap.')).toBe(false)

    renderWithApp(<InboxRow row={toRow(failed)} now={NOW} snippet={{ text: note, query: 'boom', failed: true }} />)
    const shown = screen.getByTestId('inbox-snippet')
    expect(shown.textContent).toBe('Answer failed: …http://x/v1 failed (HTTP 500: "boom"). Try again later.')
    expect(shown.getAttribute('data-state')).toBe('error')
    expect(shown.querySelector('mark')?.textContent).toBe('boom')
  })

  it('quoting a stopped answer (the node’s stopped mark on the last message) says so first, as the preview does', () => {
    const text = 'The lease ends on the thirtieth of'
    const stopped = inbox(text, { stopped: true })
    expect(snippetOfStoppedAnswer(stopped, text)).toBe(true)
    expect(snippetOfStoppedAnswer(inbox(text), text)).toBe(false)
    expect(snippetOfStoppedAnswer(stopped, 'Quarterly review')).toBe(false)

    renderWithApp(<InboxRow row={toRow(stopped)} now={NOW} snippet={{ text, query: 'lease', stopped: true }} />)
    expect(screen.getByTestId('inbox-snippet').textContent).toBe(`Answer stopped: ${text}`)
  })

  it('found by its name, marks the words in the name as well, as the snippet does; found in a message alone, not', () => {
    const nameMarks = (name: string, snippet: string, query: string) => {
      renderWithApp(<InboxRow row={toRow({ ...inbox('Hi'), custom_name: name })} now={NOW} snippet={{ text: snippet, query }} />)
      const shown = screen.getByTestId('inbox-name')
      const marks = [...shown.querySelectorAll('mark')].map((m) => m.textContent)
      expect(shown.textContent).toBe(name)
      cleanup()
      return marks
    }
    // Prefixes, accents and case as the node matches them.
    expect(nameMarks('Quarterly Review', 'Quarterly Review', 'quart rev')).toEqual(['Quart', 'Rev'])
    expect(nameMarks('Le Café du quartier', 'Le Café du quartier', 'cafe QUART')).toEqual(['Café', 'quart'])
    expect(nameMarks('我们的数据库', '我们的数据库', '数据')).toEqual(['数据'])
    // The name holds one word, a message every one: the hit is the message, the name is left as it is.
    expect(nameMarks('Quarterly Review', 'the gazebo review went well', 'gazebo review')).toEqual([])
    // Without a search, the name as it is.
    renderWithApp(<InboxRow row={toRow(inbox('Hi'))} now={NOW} />)
    expect(screen.getByTestId('inbox-name').querySelector('mark')).toBeNull()
  })

  /* A hit by its name quoted the name again where the last message goes: the name twice, the message not at all. */
  it('found by its name: the last message is shown under it, not the name a second time', () => {
    renderWithApp(
      <InboxRow
        row={toRow({ ...inbox('The budget is approved'), custom_name: 'Eps  blue' })}
        now={NOW}
        snippet={{ text: 'Eps blue', query: 'blue' }}
      />
    )
    expect(screen.queryByTestId('inbox-snippet')).toBeNull()
    expect(screen.getByTestId('inbox-preview').textContent).toContain('The budget is approved')
    expect(screen.getByTestId('inbox-name').querySelector('mark')?.textContent).toBe('blue')
    cleanup()
    // Found in a message: its snippet, as before.
    renderWithApp(<InboxRow row={toRow(inbox('Hi'))} now={NOW} snippet={{ text: 'the blue door', query: 'blue' }} />)
    expect(screen.getByTestId('inbox-snippet').textContent).toBe('the blue door')
  })

  it('without spaces to cut at, keeps whole characters', () => {
    const text = `${'👩‍💻'.repeat(30)}見つけた言葉`
    const shown = hit(text, '見つけた言葉')
    expect(shown.textContent.startsWith('…👩‍💻')).toBe(true)
    expect(shown.querySelector('mark')?.textContent).toBe('見つけた言葉')
  })
})

/*
 * The row's own marks (the pin icon, the Hidden badge) followed only the node's inbox_changed event,
 * while its menu said "Unpin"/"Unhide" at once: for a moment the row and its menu disagreed. They show
 * what was asked at once, and what the node says again if the call fails.
 */
describe('the row’s Pinned and Hidden marks', () => {
  const node = useTestNode({ setup: (n) => addProvider(n, 'gpt') })
  afterEach(() => useAskedFlags.getState().clear())

  function Row({ of }: { of: Inbox }) {
    const actions = useInboxActions()
    return <InboxRow row={toRow(of)} now={NOW} actions={actions} />
  }

  const choose = async (item: string) => {
    fireEvent.click(screen.getByRole('button', { name: /^Actions for / }))
    // hidden: happy-dom lays nothing out, and a reopened dropdown stays display:none here.
    fireEvent.click(await screen.findByRole('menuitem', { name: item, hidden: true }))
  }

  it('show Pin and Hide at once, before the node’s event reaches the row (none comes here)', async () => {
    const id = `job_inbox::${await createJob(node, 'gpt')}::false`
    const of = (await node.get('/v2/get_inbox', { inbox_name: id })).body as Inbox
    // The window's IPC transport with the real node behind it; its events are not delivered.
    renderWithApp(<Row of={of} />, routerTransport(node.router))
    expect(screen.queryByRole('img', { name: 'Pinned' })).toBeNull()
    await choose('Pin')
    expect(screen.getByRole('img', { name: 'Pinned' })).toBeTruthy()
    await choose('Hide')
    expect(screen.getByTestId('hidden-marker')).toBeTruthy()
    await waitFor(async () =>
      expect((await node.get('/v2/get_inbox', { inbox_name: id })).body).toMatchObject({ is_pinned: true, is_hidden: true })
    )
    // Still shown as asked once the calls are answered.
    expect(screen.getByRole('img', { name: 'Pinned' })).toBeTruthy()
    expect(screen.getByTestId('hidden-marker')).toBeTruthy()
  })

  it('go back to what the node says when the call fails, the failure told in a notice as for other row actions', async () => {
    // A node that answers 503 (restarting): the calls fail.
    renderWithApp(<Row of={inbox('Hi')} />)
    await choose('Hide')
    expect(screen.getByTestId('hidden-marker')).toBeTruthy()
    expect(await screen.findByText('Not hidden')).toBeTruthy()
    expect(screen.queryByTestId('hidden-marker')).toBeNull()
    await choose('Pin')
    expect(screen.getByRole('img', { name: 'Pinned' })).toBeTruthy()
    expect(await screen.findByText('Not pinned')).toBeTruthy()
    expect(screen.queryByRole('img', { name: 'Pinned' })).toBeNull()
  })
})
