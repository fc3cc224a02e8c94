import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import Markdown from 'react-markdown'
import { describe, expect, it } from 'vitest'
import {
  answeredQuestions,
  demotedHeadings,
  exportEntry,
  exportFilename,
  exportHeader,
  readableTime,
  unclosedFence,
  unclosedHtmlBlock
} from '../../src/main/node-api/export-format'
import { providerNamer } from '../../src/shared/provider-title'
import type { LastMessage } from '../../src/shared/contract/message'

/** What a text export says under its title about how it is laid out (stable: a reader relies on it). */
const TEXT_LAYOUT =
  'Each message starts with a line "[time] Who:" at the left margin; every line of its text follows, indented by 4 spaces.'

/* One message of a Markdown or text export (src/main/node-api/export-format.ts): an answer's sources follow it. */

/** The message's time as the export writes it: where the node runs, read by a person (see below). */
const W = readableTime('2026-11-30T10:00:00.000Z')

describe('an export says when each message was written as a person reads a time', () => {
  it('the local date and time to the second, with the offset from UTC named, in the language asked for', () => {
    const iso = '2026-11-30T10:00:00.000Z'
    expect(readableTime(iso, { locale: 'en-GB', timeZone: 'Europe/Berlin' })).toBe('30 Nov 2026, 11:00:00 GMT+1')
    expect(readableTime(iso, { locale: 'en-US', timeZone: 'America/New_York' })).toBe('Nov 30, 2026, 05:00:00 AM GMT-5')
    expect(readableTime(iso, { locale: 'en-GB', timeZone: 'UTC' })).toBe('30 Nov 2026, 10:00:00 GMT+0')
    // A time it cannot read is written as stored, not as "Invalid Date".
    expect(readableTime('soon')).toBe('soon')
  })

  it('Markdown and text entries carry that time, not the stored ISO string in UTC', () => {
    for (const format of ['markdown', 'txt'] as const) {
      const entry = exportEntry(answer([]), format)
      expect(entry).not.toContain('2026-11-30T10:00:00.000Z')
      expect(entry).toContain(W)
      expect(W).toMatch(/2026.*\d\d:\d\d:00.*GMT/)
    }
  })
})

const answer = (sources: unknown) =>
  ({
    sender_subidentity: 'main/agent/gpt',
    node_api_data: { node_timestamp: '2026-11-30T10:00:00.000Z' },
    job_message: { content: 'The lease ends in March.', sources }
  }) as unknown as LastMessage

describe('export entries name the documents an answer drew on', () => {
  it('each path once, in order; in Markdown as code spans that keep backticks, stars and underscores as they are', () => {
    const m = answer([
      { path: '/Leases/a`b*_c.md', name: 'a`b*_c.md', node_id: '1', score: 0.9 },
      { path: '/Leases/a`b*_c.md', name: 'a`b*_c.md', node_id: '2', score: 0.8 },
      { path: '`tick', name: 'tick', node_id: '1', score: 0.5 },
      { path: 'local:handbook', name: 'handbook', node_id: '3', score: 0.4 }
    ])
    expect(exportEntry(m, 'markdown')).toBe(
      `## gpt · ${W}\n\n` + 'The lease ends in March.\n\nSources: ``/Leases/a`b*_c.md``, `` `tick ``, `local:handbook`\n\n'
    )
    expect(exportEntry(m, 'txt')).toBe(
      `[${W}] gpt:\n` + '    The lease ends in March.\nSources: /Leases/a`b*_c.md, `tick, local:handbook\n\n'
    )
  })

  it('no sources line when the answer drew on nothing, or the message carries none (a question, an old message)', () => {
    for (const sources of [[], undefined, null, [{ name: 'x' }]]) {
      expect(exportEntry(answer(sources), 'markdown')).not.toContain('Sources')
      expect(exportEntry(answer(sources), 'txt')).toBe(`[${W}] gpt:\n    The lease ends in March.\n\n`)
    }
  })
})

describe('export entries name the provider as the operator named it', () => {
  const names = new Map([['gpt', 'Mock GPT']])
  const nameOf = (id: string) => names.get(id) ?? id

  it('an answer is headed by its provider’s display name, in Markdown and text', () => {
    expect(exportEntry(answer([]), 'markdown', nameOf)).toBe(`## Mock GPT · ${W}\n\nThe lease ends in March.\n\n`)
    expect(exportEntry(answer([]), 'txt', nameOf)).toBe(`[${W}] Mock GPT:\n    The lease ends in March.\n\n`)
  })

  const stopped = { ...answer([]), job_message: { content: 'The lease', stopped: true } } as unknown as LastMessage
  const error = { ...answer([]), job_message: { content: 'No answer', error: { kind: 'provider_error' } } } as unknown as LastMessage

  it('a stopped answer or an error note keeps saying so after the name, in words', () => {
    expect(exportEntry(stopped, 'txt', nameOf)).toContain('] Mock GPT, answer stopped:\n')
    expect(exportEntry(stopped, 'markdown', nameOf)).toContain('## Mock GPT, answer stopped · ')
    expect(exportEntry(error, 'txt', nameOf)).toContain('] Mock GPT, answer failed:\n')
    expect(exportEntry(error, 'markdown', nameOf)).toContain('## Mock GPT, answer failed · ')
  })

  it('a provider that shares its display name (named with its id in parentheses) reads as one name, not "Local (a) (error)"', () => {
    const shared = providerNamer([
      { id: 'gpt', name: 'Local' },
      { id: 'other', name: 'Local' }
    ])
    expect(exportEntry(error, 'markdown', shared)).toBe(`## Local (gpt), answer failed · ${W}\n\nNo answer\n\n`)
    expect(exportEntry(error, 'txt', shared)).toBe(`[${W}] Local (gpt), answer failed:\n    No answer\n\n`)
    expect(exportEntry(stopped, 'txt', shared)).toBe(`[${W}] Local (gpt), answer stopped:\n    The lease\n\n`)
  })
})

describe('providerNamer: every provider in an export can be told apart', () => {
  it('a display name only one provider uses is enough; a provider without one goes by its id', () => {
    const nameOf = providerNamer([{ id: 'gpt', name: 'Mock GPT' }, { id: 'ollama' }, { id: 'blank', name: '  ' }])
    expect(nameOf('gpt')).toBe('Mock GPT')
    expect(nameOf('ollama')).toBe('ollama')
    expect(nameOf('blank')).toBe('blank')
  })

  it('a display name two providers share (in any case) is followed by each one’s id', () => {
    const nameOf = providerNamer([
      { id: 'a', name: 'Local' },
      { id: 'b', name: 'local ' },
      { id: 'c', name: 'Other' }
    ])
    expect(nameOf('a')).toBe('Local (a)')
    expect(nameOf('b')).toBe('local (b)')
    expect(nameOf('c')).toBe('Other')
  })

  it('a display name that is another provider’s id, or that reads as the operator’s own messages, adds the id', () => {
    const nameOf = providerNamer([{ id: 'gpt', name: 'Local' }, { id: 'Local' }, { id: 'me', name: 'You' }])
    expect(nameOf('gpt')).toBe('Local (gpt)')
    expect(nameOf('Local')).toBe('Local (Local)')
    expect(nameOf('me')).toBe('You (me)')
  })

  it('a removed provider goes by its id, marked as removed only when a provider still there goes by that name', () => {
    const nameOf = providerNamer([{ id: 'new', name: 'gpt' }])
    expect(nameOf('gone')).toBe('gone')
    expect(nameOf('gpt')).toBe('gpt (removed provider)')
    expect(nameOf('new')).toBe('gpt')
  })
})

describe('an export’s file name from a long conversation name', () => {
  const long =
    'Quarterly contract review for the north-west regional office including all supplier agreements signed since 2024 and their renewal terms'

  it('ends at the last whole word within 100 characters, not in the middle of one ("…signe.md")', () => {
    expect(exportFilename(long, 'markdown')).toBe(
      'Quarterly contract review for the north-west regional office including all supplier agreements.md'
    )
    expect([...exportFilename(long, 'txt')].length).toBeLessThanOrEqual(100 + '.txt'.length)
  })

  it('a name of one long word, or that fits, is kept as before', () => {
    expect(exportFilename('x'.repeat(150), 'txt')).toBe(`${'x'.repeat(100)}.txt`)
    expect(exportFilename(`${'a'.repeat(95)} bcdefgh`, 'txt')).toBe(`${'a'.repeat(95)}.txt`)
    expect(exportFilename(`${'a'.repeat(10)} ${'b'.repeat(120)}`, 'txt')).toBe(`${'a'.repeat(10)} ${'b'.repeat(89)}.txt`)
    expect(exportFilename('Console notes', 'markdown')).toBe('Console notes.md')
  })

  it('a name that shows nothing (stored before such names were refused: a lone zero-width space) saves as "conversation"', () => {
    expect(exportFilename('\u200b', 'markdown')).toBe('conversation.md')
    expect(exportFilename(' \u2060\ufeff ', 'txt')).toBe('conversation.txt')
    expect(exportFilename('\u0000', 'txt')).toBe('conversation.txt')
    expect(exportFilename('\u0001\u200b', 'json')).toBe('conversation.json')
  })
})

describe('an export’s file name from a name no file system or browser takes as it is', () => {
  it('a leading dot is left out (a hidden file on macOS and Linux; Chromium dropped it): a name of only dots is "conversation"', () => {
    expect(exportFilename('.hidden', 'markdown')).toBe('hidden.md')
    expect(exportFilename('..double', 'txt')).toBe('double.txt')
    expect(exportFilename(' . leading', 'markdown')).toBe('leading.md')
    for (const dots of ['.', '..', '...', ' . . ']) expect(exportFilename(dots, 'json')).toBe('conversation.json')
    // Dots inside or at the end are kept.
    expect(exportFilename('v1.2 notes...', 'txt')).toBe('v1.2 notes....txt')
  })

  it('a leading tilde is written as Chromium writes it, `_`', () => {
    expect(exportFilename('~start', 'markdown')).toBe('_start.md')
    expect(exportFilename('.~x', 'markdown')).toBe('_x.md')
    expect(exportFilename('end~ a~b', 'markdown')).toBe('end~ a~b.md')
  })

  it('invisible format characters are left out, so an emoji joined with ZWJ is not written "👨_👩_👧"', () => {
    expect(exportFilename('party 👨\u200d👩\u200d👧 ok', 'markdown')).toBe('party 👨👩👧 ok.md')
    expect(exportFilename('abc\u200bdef soft\u00adhyphen x\ufeffy', 'txt')).toBe('abcdef softhyphen xy.txt')
    expect(exportFilename('flag 🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}', 'txt')).toBe('flag 🏴.txt')
    expect(exportFilename('report\u202Edm.exe', 'markdown')).toBe('reportdm.exe.md')
  })

  it('noncharacters and a lone surrogate are replaced like the characters no file system takes', () => {
    expect(exportFilename('x\ufdd0y\ud800z\u{10ffff}', 'txt')).toBe('x_y_z_.txt')
    expect(exportFilename('a/b\\c:d*e?f"g<h>i|j\u0001\u007f', 'json')).toBe('a_b_c_d_e_f_g_h_i_j__.json')
  })

  it('every Windows device name is marked: COM0, LPT0, the superscript digits, CONIN$, CONOUT$ and CLOCK$ too', () => {
    for (const device of ['CON', 'nul', 'COM0', 'LPT0', 'COM\u00b9', 'lpt\u00b3', 'CONIN$', 'conout$', 'CLOCK$'])
      expect(exportFilename(`${device}.notes`, 'markdown')).toBe(`${device}_.notes.md`)
    expect(exportFilename('COM10', 'markdown')).toBe('COM10.md')
  })

  it('a name of CJK or emoji fits the 255 bytes Linux and macOS take, cut between whole characters', () => {
    const cjk = exportFilename('日本語'.repeat(40), 'markdown')
    expect(Buffer.byteLength(cjk)).toBeLessThanOrEqual(200 + '.md'.length)
    expect(cjk).toBe(`${'日本語'.repeat(22)}.md`)
    const emoji = exportFilename('👨\u200d👩\u200d👧 😀'.repeat(60), 'json')
    expect(Buffer.byteLength(emoji)).toBeLessThanOrEqual(200 + '.json'.length)
    // Cut at the last space within 200 bytes, as a long name of words is.
    expect(emoji).toBe(`${'👨👩👧 😀'.repeat(11)}👨👩👧.json`)
    // A letter and its combining accent stay together.
    expect(exportFilename('e\u0301'.repeat(150), 'txt')).toBe(`${'e\u0301'.repeat(50)}.txt`)
    expect(exportFilename('é'.repeat(150), 'txt')).toBe(`${'é'.repeat(100)}.txt`)
  })

  it('each of these names is a file this system creates, under its own name', () => {
    const dir = mkdtempSync(join(tmpdir(), 'export-name-'))
    try {
      const names = ['a/b\\c', '...', '.hidden', 'CON', '日本語'.repeat(100), '😀'.repeat(300), 'x'.repeat(300), '\u0001', '']
      for (const name of names) {
        const file = exportFilename(name, 'markdown')
        writeFileSync(join(dir, file), 'x')
        expect(readdirSync(dir)).toContain(file)
        rmSync(join(dir, file))
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('answeredQuestions: the question a reply heading quotes', () => {
  const msg = (hash: string, content: string, parent = '', agent = false) =>
    ({
      sender_subidentity: agent ? 'main/agent/gpt' : 'main',
      node_api_data: { node_message_hash: hash, node_timestamp: '2026-11-30T10:00:00.000Z' },
      job_message: { content, parent }
    }) as unknown as LastMessage

  it('a long question is quoted on one line, to its last whole word within 60 characters, with an ellipsis', () => {
    const aboutOf = answeredQuestions()
    const long = 'Which of the leases\nsigned in 2025 end before March, and which of them can be renewed?'
    expect(aboutOf(msg('q1', long))).toBeUndefined()
    expect(aboutOf(msg('a1', 'Two.', 'q1', true))).toBeUndefined()
    expect(aboutOf(msg('q2', 'Thanks'))).toBeUndefined()
    expect(aboutOf(msg('a2', 'Three.', 'q1', true))).toEqual({
      question: 'Which of the leases signed in 2025 end before March, and…',
      nth: 2
    })
    // A reply to a question the export never showed (an old message without its parent) says nothing more.
    expect(aboutOf(msg('a3', 'Four.', 'gone', true))).toBeUndefined()
  })
})

describe('the question quoted in a Markdown heading is shown as typed', () => {
  const reply = {
    sender_subidentity: 'main/agent/gpt',
    node_api_data: { node_message_hash: 'a2', node_timestamp: '2026-11-30T10:00:00.000Z' },
    job_message: { content: 'Twenty-four.', parent: 'q1' }
  } as unknown as LastMessage
  const about = { question: 'Is 2*3*4 <b>24</b>, or [x](y) & `z` ~~not~~? a_b_c \\o/', nth: 2 }

  it('Markdown escapes what it would read as emphasis, a link, code or HTML; the text export keeps the words', () => {
    const heading = exportEntry(
      reply,
      'markdown',
      (id) => id,
      () => 'then',
      about
    ).split('\n')[0]
    // It read "Is 2<em>3</em>4 <b>24</b>…": the operator's own question, changed in the export.
    expect(heading).toBe(
      '## gpt, answer 2 to “Is 2\\*3\\*4 \\<b\\>24\\</b\\>, or \\[x\\](y) \\& \\`z\\` \\~\\~not\\~\\~? a\\_b\\_c \\\\o/” · then'
    )
    expect(
      exportEntry(
        reply,
        'txt',
        (id) => id,
        () => 'then',
        about
      ).split('\n')[0]
    ).toBe(`[then] gpt, answer 2 to “${about.question}”:`)
  })
})

/*
 * The title and the provider's name are the operator's words too (a conversation is named after its first
 * question): Markdown read them. "What is 2*3*4?" showed as 2, an italic 3 and 4; a name ending in " #" lost
 * it (a heading's closing sequence); "*Fast* <b>" shown as an italic and bold. The text export keeps them.
 */
describe('the title and the provider names in a Markdown export are shown as typed', () => {
  it('escapes in the title what Markdown would read, and a closing run of #', () => {
    expect(exportHeader('What is 2*3*4 <b>x</b> [a](b) & `c`?', 'markdown')).toBe(
      '# What is 2\\*3\\*4 \\<b\\>x\\</b\\> \\[a\\](b) \\& \\`c\\`?\n\n'
    )
    expect(exportHeader('Ticket #', 'markdown')).toBe('# Ticket \\#\n\n')
    expect(exportHeader('Plan ##', 'markdown')).toBe('# Plan \\##\n\n')
    expect(exportHeader('#', 'markdown')).toBe('# \\#\n\n')
    // Not a closing run: kept.
    expect(exportHeader('C# notes', 'markdown')).toBe('# C# notes\n\n')
    expect(exportHeader('What is 2*3*4?', 'txt')).toBe(`What is 2*3*4?\n==============\n\n${TEXT_LAYOUT}\n\n`)
  })

  it('escapes the provider name in an answer heading', () => {
    const reply = {
      sender_subidentity: 'main/agent/gpt',
      node_api_data: { node_message_hash: 'a2', node_timestamp: '2026-11-30T10:00:00.000Z' },
      job_message: { content: 'Hi.', parent: 'q1' }
    } as unknown as LastMessage
    const named = () => '*Fast* <b>'
    expect(exportEntry(reply, 'markdown', named, () => 'then').split('\n')[0]).toBe('## \\*Fast\\* \\<b\\> · then')
    expect(exportEntry(reply, 'txt', named, () => 'then').split('\n')[0]).toBe('[then] *Fast* <b>:')
  })
})

// An answer's "## Summary" outranked the "### gpt" heading of the message holding it: in the
// file's outline the answer's sections read as siblings of the messages, not parts of one.
describe("a Markdown export's outline: the title, then each message, then the message's own headings", () => {
  it("an answer's headings sit two levels lower, under the title (1) and the message (2)", () => {
    const m = { ...answer([]), job_message: { ...answer([]).job_message, content: '# Plan\n\n## Summary\ntext\n###### Deep\n### Steps #' } }
    expect(exportEntry(m, 'markdown')).toBe(`## gpt · ${W}\n\n### Plan\n\n#### Summary\ntext\n###### Deep\n##### Steps #\n\n`)
  })

  it('a setext heading becomes an ATX one, its lines joined; code, lists and quotes are left as written', () => {
    expect(demotedHeadings('Title\n=====\nPart one\nof two\n---\nbody', 2)).toBe('### Title\n#### Part one of two\nbody')
    const code = '```md\n# not a heading\nText\n---\n```\n~~~\n## nor this\n~~~'
    expect(demotedHeadings(code, 2)).toBe(code)
    expect(demotedHeadings('    # indented code\n#hashtag\n- item\n---\n> quoted\n---', 2)).toBe(
      '    # indented code\n#hashtag\n- item\n---\n> quoted\n---'
    )
    expect(demotedHeadings('> ## Quoted heading\n\n   # Indented three', 2)).toBe('> #### Quoted heading\n\n   ### Indented three')
    // A thematic break is no underline, and after a blank line --- is one too.
    expect(demotedHeadings('Text\n***\n\n---\nMore', 2)).toBe('Text\n***\n\n---\nMore')
  })

  it('an unclosed code block keeps what follows it as code, as the window shows it', () => {
    expect(demotedHeadings('```\n# inside\n', 2)).toBe('```\n# inside\n')
  })

  // A code block opened in a block quote kept its fence open past the quote's end: "# Plan" under it stayed level 1.
  it('a code block in a block quote ends with the quote, and what follows is read again', () => {
    const quoted = '> ```js\n> let a = 1\n\n# Plan'
    expect(demotedHeadings(quoted, 2)).toBe('> ```js\n> let a = 1\n\n### Plan')
    // A line without the quote's > ends it too, blank or not.
    expect(demotedHeadings('> ```\n> # code\n# Plan', 2)).toBe('> ```\n> # code\n### Plan')
    expect(demotedHeadings('> ```\r\n> x\r\n\r\n# Plan', 2)).toBe('> ```\n> x\n\n### Plan')
    // Nothing to close after the message: the blank line that follows it ends the quote, and a fence there would open a code block.
    expect(unclosedFence(quoted)).toBe('')
    expect(unclosedFence('> ```\n> # code')).toBe('')
    const stopped = { ...answer([]), job_message: { content: '> ```js\n> let a', stopped: true } } as unknown as LastMessage
    expect(exportEntry(stopped, 'markdown')).toBe(`## gpt, answer stopped · ${W}\n\n> \`\`\`js\n> let a\n\n`)
    // Inside the quote, its code goes on while each line carries the quote's >: a deeper > is part of the code.
    expect(demotedHeadings('> ```\n> > ```\n> # code\n> ```\n> # Quoted', 2)).toBe('> ```\n> > ```\n> # code\n> ```\n> ### Quoted')
  })

  it('a quoted fence inside a code block outside any quote is code, and closes nothing', () => {
    const code = '```\n> ```\n# in code\n```\n# Plan'
    expect(demotedHeadings(code, 2)).toBe('```\n> ```\n# in code\n```\n### Plan')
    expect(unclosedFence('```\n> ```\n# in code')).toBe('```')
  })

  // The closing fence appended at the line's start ended the list item, then opened a code block of its own over every message after it.
  it('the fence that closes a code block cut in a list item is indented as the block opened', () => {
    const cut = '1. Install:\n\n   ```bash\n   npm i'
    expect(unclosedFence(cut)).toBe('   ```')
    const stopped = { ...answer([]), job_message: { content: cut, stopped: true } } as unknown as LastMessage
    expect(exportEntry(stopped, 'markdown')).toBe(`## gpt, answer stopped · ${W}\n\n${cut}\n   \`\`\`\n\n`)
  })

  // An answer stopped inside <pre> (or a comment, <script>, <style>, <textarea>...) left a raw HTML block open that only its
  // closing text ends: every message after it in the file was part of it, shown as raw HTML or not at all.
  it('a raw HTML block a stopped answer leaves open is closed, so the messages after it are read as messages', () => {
    const cuts: [string, string][] = [
      ['Example:\n<pre>\nline', '</pre>'],
      ['<SCRIPT type="module">\nlet x = 1', '</script>'],
      ['<style>\nbody {', '</style>'],
      ['<textarea>\nhello', '</textarea>'],
      ['<!-- a comment', '-->'],
      ['<?php echo 1;', '?>'],
      ['<!DOCTYPE html', '>'],
      ['<![CDATA[ x', ']]>'],
      ['  <pre>\n```\n# not a fence, HTML', '  </pre>']
    ]
    const next = { ...answer([]), sender_subidentity: 'main', job_message: { content: 'next question' } } as unknown as LastMessage
    for (const [cut, closer] of cuts) {
      expect(unclosedHtmlBlock(cut), cut).toBe(closer)
      expect(unclosedFence(cut), cut).toBe('')
      const stopped = { ...answer([]), job_message: { content: cut, stopped: true } } as unknown as LastMessage
      const file = exportHeader('T', 'markdown') + exportEntry(stopped, 'markdown') + exportEntry(next, 'markdown')
      // Read as a Markdown viewer reads it: the title, the stopped answer's heading, the next message's heading.
      const html = renderToStaticMarkup(createElement(Markdown, null, file))
      expect(
        [...html.matchAll(/<h(\d)>/g)].map(([, level]) => level),
        cut
      ).toEqual(['1', '2', '2'])
    }
    // Closed, inline, inside code, or indented as code: nothing to close.
    for (const done of [
      '<pre>x</pre>',
      '<pre>\nx\n</PRE> after',
      '<!-- a -->',
      'text <!-- inline',
      '```\n<pre>\n```',
      '    <pre>',
      '> <pre>'
    ])
      expect(unclosedHtmlBlock(done), done).toBe('')
  })

  it('headings inside a raw HTML block such as <pre> are its text, left as written', () => {
    expect(demotedHeadings('<pre>\n# comment\n</pre>\n# Plan', 2)).toBe('<pre>\n# comment\n</pre>\n### Plan')
    expect(demotedHeadings('<!--\n# hidden\n-->\n# Plan', 2)).toBe('<!--\n# hidden\n-->\n### Plan')
    expect(demotedHeadings('<pre># one line</pre>\n# Plan', 2)).toBe('<pre># one line</pre>\n### Plan')
  })

  it('CRLF and CR line endings end lines as LF does; the Markdown export writes every line ending as LF', () => {
    const crlf = '# Title\r\n```\r\n# code\r\n```\r\n## After\r\ntext\r\n'
    expect(demotedHeadings(crlf, 2)).toBe('### Title\n```\n# code\n```\n#### After\ntext\n')
    expect(unclosedFence('```\r\n# code\r\n```\r\n')).toBe('')
    expect(unclosedFence('~~~\r\n# code\r\n')).toBe('~~~')
    const m = { ...answer([]), job_message: { ...answer([]).job_message, content: crlf } }
    expect(exportEntry(m, 'markdown')).toBe(`## gpt · ${W}\n\n### Title\n\`\`\`\n# code\n\`\`\`\n#### After\ntext\n\n\n`)
  })
})

/*
 * A text export heads each message with a line "[time] Who:" and wrote its text below as it was: a message
 * holding a line such as "[2026-01-01 10:00] You: hi" read as one more message in the file. Every line of a
 * message's text is now indented by 4 spaces, so only the export's own lines start at the left margin.
 */
describe('a text export cannot be made to show a message nobody wrote', () => {
  /** Reads a text export back by the rule its header states: a heading at the margin, the text indented below it. */
  function readBack(file: string) {
    const lines = file.split('\n')
    const messages: { heading: string; text: string[]; sources?: string }[] = []
    for (const line of lines.slice(lines.indexOf(TEXT_LAYOUT) + 2)) {
      const last = messages.at(-1)
      if (line.startsWith('    ')) last!.text.push(line.slice(4))
      else if (line.startsWith('Sources: ')) last!.sources = line
      else if (line.startsWith('[')) messages.push({ heading: line, text: [] })
      else expect(line).toBe('')
    }
    return messages
  }

  const message = (content: string, operator = false) =>
    ({
      sender_subidentity: operator ? 'main' : 'main/agent/gpt',
      node_api_data: { node_message_hash: content, node_timestamp: '2026-11-30T10:00:00.000Z' },
      job_message: { content, parent: '', sources: [{ path: '/a.md', name: 'a.md', node_id: '1', score: 1 }] }
    }) as unknown as LastMessage

  it('headings, sources lines and line breaks of every kind in a message’s text stay inside that message', () => {
    const spoof = [
      'Here is what you asked:',
      `[${W}] You:`,
      '[2026-01-01 10:00] You: hi',
      'Sources: /etc/passwd',
      '',
      `[${W}] gpt:\r[${W}] You:\r\nthird\u2028[x] You:\u2029[y] gpt:\vend`
    ].join('\n')
    const file =
      exportHeader('Spoof', 'txt') +
      [message('Tell me', true), message(spoof), message('Thanks', true)].map((m) => exportEntry(m, 'txt')).join('')
    const read = readBack(file)
    expect(read.map((m) => m.heading)).toEqual([`[${W}] You:`, `[${W}] gpt:`, `[${W}] You:`])
    expect(read[1]!.text).toEqual([
      'Here is what you asked:',
      `[${W}] You:`,
      '[2026-01-01 10:00] You: hi',
      'Sources: /etc/passwd',
      '',
      `[${W}] gpt:`,
      `[${W}] You:`,
      'third',
      '[x] You:',
      '[y] gpt:',
      'end'
    ])
    expect(read[1]!.sources).toBe('Sources: /a.md')
    expect(read[0]!.text).toEqual(['Tell me'])
  })

  it('a provider’s name or a source’s path with a line break stays on its one line', () => {
    const m = { ...message('Hi'), job_message: { content: 'Hi', sources: [{ path: 'a\n[t] You:\nb', name: 'x', node_id: '1', score: 1 }] } }
    const entry = exportEntry(
      m as unknown as LastMessage,
      'txt',
      () => 'Fast\n[t] You:',
      () => 't'
    )
    expect(entry).toBe('[t] Fast [t] You::\n    Hi\nSources: a [t] You: b\n\n')
  })
})
