import { describe, expect, it } from 'vitest'
import { toRow } from '../../src/renderer/src/features/inboxes/inbox-rows'
import { highlightPieces, searchWords } from '../../src/renderer/src/app/highlight'
import type { Inbox } from '../../src/shared/contract/inbox'

function inbox(id: string, name: string, opts: { last?: string; provider?: string; model?: Record<string, unknown> } = {}): Inbox {
  const provider = opts.provider ?? 'gpt'
  return {
    custom_name: name,
    datetime_created: '2026-11-20T10:00:00.000Z',
    inbox_id: `job_inbox::${id}::false`,
    is_finished: false,
    is_hidden: false,
    is_pinned: false,
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
  }
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

/** The highlighted parts of a snippet as the inbox list marks them (InboxRow), joined as "[match]" for reading. */
const marked = (text: string, q: string) =>
  highlightPieces(text, searchWords(q))
    .map((p) => (p.match ? `[${p.text}]` : p.text))
    .join('')

describe('search snippet highlighting (the node finds the matches; the window marks the query words)', () => {
  it('marks every occurrence of every word, ignoring case', () => {
    expect(marked('Revenue grew; revenue fell', 'REVENUE')).toBe('[Revenue] grew; [revenue] fell')
    expect(marked('Quarterly Review of revenue', 'review revenue')).toBe('Quarterly [Review] of [revenue]')
  })

  it('ignores accents on both sides and keeps the original text', () => {
    expect(marked('Résumé de la réunion', 'resume')).toBe('[Résumé] de la réunion')
    expect(marked('resume this', 'résumé')).toBe('[resume] this')
    expect(marked('Re\u0301sume\u0301 ok', 'resume')).toBe('[Re\u0301sume\u0301] ok')
  })

  it('marks word prefixes as the node matches them, and nothing for no match or a blank query', () => {
    expect(marked('Quarterly Review', 'quart')).toBe('[Quart]erly Review')
    expect(marked('Quarterly Review', 'zzz')).toBe('Quarterly Review')
    expect(marked('Quarterly Review', '  ')).toBe('Quarterly Review')
    expect(marked('', 'x')).toBe('')
  })

  it('marks only the starts of words: the node found none of the text inside a word', () => {
    expect(marked('Review the view', 'view')).toBe('Review the [view]')
    expect(marked('plan an answer', 'an')).toBe('plan [an] [an]swer')
    expect(marked('Conv 100 and 010', '0')).toBe('Conv 100 and [0]10')
    expect(marked('re-view, (view)', 'view')).toBe('re-[view], ([view])')
    expect(marked('Réview ÉTÉ été', 'te')).toBe('Réview ÉTÉ été')
  })

  it('marks every occurrence of every word: a longer word whole where a shorter one begins it, overlapping runs whole', () => {
    expect(marked('plan an answer', 'an answer')).toBe('plan [an] [answer]')
    expect(marked('Quarterly Review', 'q quarterly')).toBe('[Quarterly] Review')
    expect(marked('Die Straße', 'stras strasse')).toBe('Die [Straße]')
    expect(marked('我们的数据库', '数据 据库')).toBe('我们的[数据库]')
    expect(marked('テテテ', 'テテ')).toBe('[テテテ]')
  })

  it('marks an emoji the search names, with its skin tone or variation selector, and no other emoji', () => {
    expect(marked('Launch day🚀 went well 🛰', '🚀')).toBe('Launch day[🚀] went well 🛰')
    expect(marked('Approved 👍🏽 ☀️ ❤️', '👍 ❤️')).toBe('Approved [👍🏽] ☀️ [❤️]')
    expect(marked('Party 🎉🎉', '🎉 party')).toBe('[Party] [🎉🎉]')
    expect(marked('🇦🇺 🇺🇸 🇦🇺🇸🇪', '🇺🇸')).toBe('🇦🇺 [🇺🇸] 🇦🇺🇸🇪')
    // A keycap whole, and not the digit it holds.
    expect(marked('Step 1️⃣ of 10, #️⃣ tag', '1️⃣ #️⃣')).toBe('Step [1️⃣] of 10, [#️⃣] tag')
    expect(marked('Step 1️⃣ of 10', '1')).toBe('Step 1️⃣ of [1]0')
    // A sequence joined by U+200D is marked whole: a mark ending inside it split the picture in two.
    expect(marked('Our 👩‍💻 team, 👩 alone', '👩')).toBe('Our [👩‍💻] team, [👩] alone')
    expect(marked('Family 👨‍👩‍👧 photo', '👧')).toBe('Family [👨‍👩‍👧] photo')
  })

  it('marks letters with a stroke, and ß æ œ þ, found by their plain letters: exactly the characters that match', () => {
    expect(marked('Spotkanie w Łódź, nie Lodz', 'lodz')).toBe('Spotkanie w [Łódź], nie [Lodz]')
    expect(marked('Brev fra Søren', 'sør')).toBe('Brev fra [Sør]en')
    expect(marked('Chuyến đi Đà Nẵng', 'da nang')).toBe('Chuyến đi [Đà] [Nẵng]')
    expect(marked('Die Straße, die Strasse', 'strasse')).toBe('Die [Straße], die [Strasse]')
    // A query ending inside what ß, æ or þ stand for marks that letter whole, and nothing after it.
    expect(marked('Die Straße', 'stras')).toBe('Die [Straß]e')
    expect(marked('Die Straße', 'strass')).toBe('Die [Straß]e')
    expect(marked('Æble og æg', 'a')).toBe('[Æ]ble og [æ]g')
    expect(marked('Æble', 'aeb')).toBe('[Æb]le')
    expect(marked('cœur, coeur', 'coeur')).toBe('[cœur], [coeur]')
    expect(marked('Þór og Tor', 'thor')).toBe('[Þór] og Tor')
    // The second letter of what one letter stands for does not begin a word.
    expect(marked('Straße Æble Þór', 'se e h')).toBe('Straße Æble Þór')
  })

  it('marks what the node found through compatibility form (ligatures, full-width letters, circled digits), as written', () => {
    expect(marked('Quarterly \uFB01nance for \uFF21\uFF23\uFF2D\uFF25', 'finance acme')).toBe(
      'Quarterly [\uFB01nance] for [\uFF21\uFF23\uFF2D\uFF25]'
    )
    // "fi" typed marks the ligature whole; "f" too, as the ligature is one character.
    expect(marked('\uFB01eld and \uFB02ow', 'fi')).toBe('[\uFB01]eld and \uFB02ow')
    expect(marked('\uFB01eld', 'f')).toBe('[\uFB01]eld')
    expect(marked('Quarterly finance', '\uFB01nance')).toBe('Quarterly [finance]')
    expect(marked('Step \u2460 and x\u00B2', '1 x2')).toBe('Step [\u2460] and [x\u00B2]')
    // Catalan ŀ is l, as in the library.
    expect(marked('la co\u0140lecci\u00F3', 'colleccio')).toBe('la [co\u0140lecci\u00F3]')
  })

  it('keeps a word whole across its marks: Indic vowel signs and Japanese dakuten belong to their word', () => {
    // काम (work) is क + the vowel sign ा + म: the query is one word, and कम (less) is another word.
    expect(marked('आज काम है, कम नहीं', 'काम')).toBe('आज [काम] है, कम नहीं')
    expect(marked('आज काम है, कम नहीं', 'कम')).toBe('आज काम है, [कम] नहीं')
    expect(marked('バス と パス', 'パス')).toBe('バス と [パス]')
    // Hebrew points are accents: a query without them marks the pointed word.
    expect(marked('שָׁלוֹם לכם', 'שלום')).toBe('[שָׁלוֹם] לכם')
  })
})

describe('inbox rows', () => {
  it('carry the hidden and pinned markers and the newest activity', () => {
    const row = toRow({ ...inbox('9', 'Marked', { last: 'hi' }), is_hidden: true, is_pinned: true })
    expect([row.isHidden, row.isPinned, row.activity]).toEqual([true, true, '2026-11-21T09:30:00.000Z'])
    expect(rows[2]!.activity).toBe('2026-11-20T10:00:00.000Z')
  })
})
