import { describe, expect, it } from 'vitest'
import { filterRows, toRow } from '../../src/renderer/src/features/inboxes/inbox-rows'
import type { Inbox } from '../../src/shared/contract/inbox'

function inbox(id: string, name: string, opts: { last?: string; provider?: string; model?: Record<string, unknown> } = {}): Inbox {
  const provider = opts.provider ?? 'gpt'
  return {
    custom_name: name,
    datetime_created: '2026-11-20T10:00:00.000Z',
    inbox_id: `job_inbox::${id}::false`,
    is_finished: false,
    agent: {
      id: provider,
      model: opts.model ?? { OpenAI: { model_type: 'gpt-4o-mini' } },
      full_identity_name: {
        full_name: `n/main/agent/${provider}`,
        node_name: 'n',
        profile_name: 'main',
        subidentity_name: provider,
        subidentity_type: 'Agent'
      }
    },
    job_config: { custom_prompt: '', temperature: 0.7, seed: 0, top_k: 40, top_p: 0.9, stream: true, other_model_params: null },
    job_scope: null,
    last_message:
      opts.last === undefined
        ? null
        : {
            inbox: `job_inbox::${id}::false`,
            job_message: {
              content: opts.last,
              files_inbox: '',
              job_id: id,
              parent: '',
              sheet_job_data: '',
              workflow_code: '',
              workflow_name: ''
            },
            node_api_data: { node_message_hash: 'h', node_timestamp: '2026-11-21T09:30:00.000Z', parent_hash: '' },
            receiver: 'n',
            receiver_subidentity: 'main',
            sender: 'n',
            sender_subidentity: `main/agent/${provider}`
          }
  } as Inbox
}

const rows = [
  inbox('1', 'Quarterly Review', { last: 'Revenue grew 12%\nin the second quarter', provider: 'gpt' }),
  inbox('2', 'Résumé de la réunion', {
    last: 'Naïve approach noted',
    provider: 'claude-work',
    model: { Claude: { model_type: 'claude-sonnet' } }
  }),
  inbox('3', 'ÉTÉ plans', { provider: 'local', model: { Ollama: { model_type: 'llama3.1:8b' } } }),
  inbox('4', 'Unknown model shape', { provider: 'odd', model: { Mystery: { model_type: 'x' } } })
].map(toRow)

const search = (q: string) => filterRows(rows, q).map((r) => r.name)

describe('inbox list search', () => {
  it('an empty or blank search shows every inbox, in the given order', () => {
    expect(filterRows(rows, '')).toBe(rows)
    expect(search('   \t ')).toEqual(rows.map((r) => r.name))
  })

  it('ignores case on both sides', () => {
    expect(search('quarterly')).toEqual(['Quarterly Review'])
    expect(search('REVIEW')).toEqual(['Quarterly Review'])
  })

  it('ignores accents on both sides, as the node search does', () => {
    expect(search('resume')).toEqual(['Résumé de la réunion'])
    expect(search('réunion')).toEqual(['Résumé de la réunion'])
    expect(search('ete')).toEqual(['ÉTÉ plans'])
    expect(search('ÉTÉ')).toEqual(['ÉTÉ plans'])
    // A decomposed "é" (e + combining accent) typed or pasted matches the composed one.
    expect(search('re\u0301sume\u0301')).toEqual(['Résumé de la réunion'])
  })

  it('matches the name, the last message preview, the provider id and the model', () => {
    expect(search('revenue')).toEqual(['Quarterly Review'])
    expect(search('second quarter')).toEqual(['Quarterly Review']) // across the preview's line break
    expect(search('naive')).toEqual(['Résumé de la réunion'])
    expect(search('claude-work')).toEqual(['Résumé de la réunion'])
    expect(search('llama3.1')).toEqual(['ÉTÉ plans'])
    expect(search('gpt-4o')).toEqual(['Quarterly Review'])
    expect(search('odd')).toEqual(['Unknown model shape'])
  })

  it('does not match the inbox id or the creation time', () => {
    expect(search('job_inbox')).toEqual([])
    expect(search('2026')).toEqual([])
  })

  it('every word must match, each anywhere and in any order; surrounding spaces do not count', () => {
    expect(search('  review   revenue ')).toEqual(['Quarterly Review'])
    expect(search('revenue review')).toEqual(['Quarterly Review'])
    expect(search('review claude')).toEqual([])
  })

  it('matches parts of words', () => {
    expect(search('quart')).toEqual(['Quarterly Review'])
    expect(search('union')).toEqual(['Résumé de la réunion'])
  })
})
