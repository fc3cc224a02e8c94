// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { toRow } from '../../src/renderer/src/features/inboxes/inbox-rows'
import { InboxRow } from '../../src/renderer/src/features/inboxes/InboxRow'
import { relativeTime } from '../../src/renderer/src/features/inboxes/relative-time'
import type { Inbox } from '../../src/shared/contract/inbox'
import { renderWithApp } from './render'

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
    expect(time.parentElement!.getAttribute('title')).toBe(new Date('2026-11-21T09:30:00.000Z').toLocaleString())
  })

  it('says "No messages yet" and uses the creation time when there is no message', () => {
    renderWithApp(<InboxRow row={toRow(inbox(null))} now={NOW} />)
    expect(screen.getByTestId('inbox-preview').textContent).toBe('No messages yet')
    expect(screen.getByTestId('inbox-row').querySelector('time')!.textContent).toBe('yesterday')
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
  })
})
