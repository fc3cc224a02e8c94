import { describe, expect, it } from 'vitest'
import { findWords, foundMessages, keptMatch, matchCountText, stepMatch } from '../../src/renderer/src/features/inboxes/find/find-matches'
import type { LastMessage } from '../../src/shared/contract/message'
import { answerMessage, questionMessage } from './conversation-message'

/*
 * Find in a conversation (Ctrl+F): which messages it finds and how Next and Previous move between them.
 * The find is new: these failed before it existed (the module was absent).
 */

const message = (hash: string, content: string) => questionMessage(content, { hash })

const conversation = [
  message('a', 'The Café opens at nine'),
  message('b', 'Which **cafe** do you mean?'),
  message('c', 'The one by the station'),
  message('d', 'CAFÉ by the STATION, yes')
]

/** A reply from the provider to question `parent`; `error`: a failed attempt's note. */
const reply = (hash: string, parent: string, content: string, error?: string) =>
  answerMessage(content, { hash, parent, job: error === undefined ? {} : { error } })

describe('foundMessages', () => {
  it('leaves out a failed attempt that a later one replaced (not shown), and keeps the latest failed one and one that broke off', () => {
    const failedTwice = [
      message('q', 'Name a colour'),
      reply('e1', 'q', '⚠ The provider timed out after 60 s', 'timeout'),
      reply('a1', 'q', 'Teal.'),
      message('q2', 'Another one'),
      reply('b2', 'q2', 'Crimson, or\n\n⚠ The provider timed out after 60 s', 'timeout'),
      reply('e2', 'q2', '⚠ The provider timed out after 60 s', 'timeout')
    ]
    expect(foundMessages(failedTwice, findWords('timed out'))).toEqual(['b2', 'e2'])
  })

  it('finds every message holding every word, any case and accents ignored, oldest first', () => {
    expect(foundMessages(conversation, findWords('cafe'))).toEqual(['a', 'b', 'd'])
    expect(foundMessages(conversation, findWords('Station café'))).toEqual(['d'])
    expect(foundMessages(conversation, findWords('station'))).toEqual(['c', 'd'])
  })

  it('matches word beginnings as the inbox search does, and finds nothing for nothing searched', () => {
    expect(foundMessages(conversation, findWords('stat'))).toEqual(['c', 'd'])
    expect(foundMessages(conversation, findWords('ation'))).toEqual([])
    expect(foundMessages(conversation, findWords('   '))).toEqual([])
    expect(foundMessages(conversation, findWords('zebra'))).toEqual([])
  })

  it('finds a message read later (an older page) after those counted already', () => {
    const seen = new WeakMap<LastMessage, boolean>()
    const later = foundMessages(conversation.slice(2), findWords('cafe'), seen)
    expect(later).toEqual(['d'])
    expect(foundMessages(conversation, findWords('cafe'), seen)).toEqual(['a', 'b', 'd'])
  })

  it('reads a 5,000-message conversation quickly', () => {
    const many = Array.from({ length: 5000 }, (_, i) => message(`m${i}`, `message number ${i} about the weather and the roads`))
    many[0] = message('m0', 'the oldest one mentions a quokka')
    const t = performance.now()
    expect(foundMessages(many, findWords('quokka'))).toEqual(['m0'])
    expect(performance.now() - t).toBeLessThan(1000)
  })
})

describe('stepMatch', () => {
  const found = ['a', 'b', 'd']
  it('goes to the next (newer, below) match and round from the newest to the oldest', () => {
    expect(stepMatch(found, 'a', 1)).toBe('b')
    expect(stepMatch(found, 'b', 1)).toBe('d')
    expect(stepMatch(found, 'd', 1)).toBe('a')
  })
  it('goes to the previous (older, above) match and round from the oldest to the newest', () => {
    expect(stepMatch(found, 'd', -1)).toBe('b')
    expect(stepMatch(found, 'a', -1)).toBe('d')
  })
  it('starts at the newest match when there is no current one, and gives none when nothing matches', () => {
    expect(stepMatch(found, undefined, 1)).toBe('d')
    expect(stepMatch(found, 'gone', -1)).toBe('d')
    expect(stepMatch([], 'd', 1)).toBeUndefined()
  })
})

describe('keptMatch and matchCountText', () => {
  it('keeps the current match as older matches are added, and says which it is of how many', () => {
    expect(keptMatch(['b', 'd'], 'b')).toBe('b')
    expect(keptMatch(['a', 'b', 'd'], 'b')).toBe('b')
    expect(keptMatch(['d'], 'b')).toBe('d')
    expect(keptMatch(['a', 'd'], undefined)).toBe('d')
    expect(keptMatch([], 'b')).toBeUndefined()
    expect(matchCountText(['a', 'b', 'd'], 'b', true)).toBe('2 of 3')
    expect(matchCountText([], undefined, true)).toBe('No matches')
    expect(matchCountText([], undefined, false)).toBe('')
  })

  it('numbers the matches from the top, as a browser does: a new message below leaves the current match its number', () => {
    const words = findWords('cafe')
    const seen = new WeakMap<LastMessage, boolean>()
    /** The count shown once `messages` are read, the current match kept as the find keeps it. */
    let current: string | undefined
    const shown = (messages: readonly LastMessage[]) => {
      const found = foundMessages(messages, words, seen)
      current = keptMatch(found, current)
      return matchCountText(found, current, true)
    }
    // The find starts at the newest match: the last.
    expect(shown(conversation.slice(1, 3))).toBe('1 of 1')
    expect(current).toBe('b')
    // A new message holding the word comes in at the bottom: the current match is still the first.
    expect(shown(conversation.slice(1))).toBe('1 of 2')
    // An older page read above it: that one is the first now.
    expect(shown(conversation)).toBe('2 of 3')
    expect(current).toBe('b')
  })
})

describe('foundMessages matches the text as shown', () => {
  const question = message('q', 'See [the page](https://example.com/quokka) please')
  const answer = reply(
    'r',
    'q',
    '## Wombats\n\nRead [the guide](https://example.com/numbat-notes) or **bold**text, with `burrow()` and ![a map](https://x/y/platypus.png).'
  )
  it("finds an answer's link by its words, not by its address, and its code and heading as shown", () => {
    expect(foundMessages([question, answer], findWords('numbat'))).toEqual([])
    expect(foundMessages([question, answer], findWords('platypus'))).toEqual([])
    expect(foundMessages([question, answer], findWords('guide'))).toEqual(['r'])
    expect(foundMessages([question, answer], findWords('wombats burrow'))).toEqual(['r'])
    expect(foundMessages([question, answer], findWords('map'))).toEqual(['r'])
  })
  it("finds the operator's own text as typed (it is not drawn as Markdown), and a failed attempt's note", () => {
    expect(foundMessages([question, answer], findWords('quokka'))).toEqual(['q'])
    const broken = reply('e', 'q', 'Part of it, see [here](https://x/teal)\n\n⚠ The provider timed out', 'timeout')
    expect(foundMessages([question, broken], findWords('teal'))).toEqual([])
    expect(foundMessages([question, broken], findWords('here timed'))).toEqual(['e'])
  })
})

describe('foundMessages finds words that exist only once the Markdown is removed', () => {
  const question = message('q', 'Spell it out')
  const said = (content: string) => [question, reply('r', 'q', content)]
  it('joins the letters that emphasis, strikethrough, code and links cut in two in the stored text', () => {
    expect(foundMessages(said('It is foo**bar** here'), findWords('foobar'))).toEqual(['r'])
    expect(foundMessages(said('It is **foo**bar here'), findWords('foobar'))).toEqual(['r'])
    expect(foundMessages(said('It is foo*bar* here'), findWords('foobar'))).toEqual(['r'])
    expect(foundMessages(said('It is foo`bar` here'), findWords('foobar'))).toEqual(['r'])
    expect(foundMessages(said('It is foo~~bar~~ here'), findWords('foobar'))).toEqual(['r'])
    expect(foundMessages(said('It is [foo](https://example.com/x "t")bar here'), findWords('foobar'))).toEqual(['r'])
    expect(foundMessages(said('It is foo[bar](https://example.com/x) here'), findWords('foobar'))).toEqual(['r'])
    expect(foundMessages(said('It is **un**[break](https://e.com/x)`able` here'), findWords('unbreakable here'))).toEqual(['r'])
    // Words either side of the joined one still match, and a word inside it is not a word's beginning.
    expect(foundMessages(said('It is foo**bar** here'), findWords('it foo'))).toEqual(['r'])
    expect(foundMessages(said('It is foo**bar** here'), findWords('bar'))).toEqual([])
  })
  it('keeps underscores as the screen shows them: inside a word they are its text, around one they are emphasis', () => {
    expect(foundMessages(said('Call snake_case_name now'), findWords('case'))).toEqual(['r'])
    expect(foundMessages(said('Call snake_case_name now'), findWords('snakecase'))).toEqual([])
    expect(foundMessages(said('A _quick_ fox and __init__'), findWords('quick init'))).toEqual(['r'])
    expect(foundMessages(said('A _quick_fox'), findWords('quickfox'))).toEqual([])
  })
  // Each: the stored text, and a word it shows joined across its marks. Those marked "before" were not found before.
  const JOINED: readonly (readonly [string, string])[] = [
    ['It is **foo**_bar_ here', 'foobar'], // before: emphasis right after emphasis
    ['It is _foo_**bar** here', 'foobar'], // before
    ['It is *foo*_bar_ here', 'foobar'], // before
    ['It is ~~foo~~_bar_ here', 'foobar'], // before
    ['It is `foo`_bar_ here', 'foobar'], // before
    ['It is [foo](https://e.com/x)_bar_ here', 'foobar'], // before: a link, then emphasis
    ['It is ![foo](https://x/y.png)_bar_ here', 'foobar'], // before
    ['See <https://a.b/c>d now', 'cd'], // before: an autolink, then text
    ['See <https://a.b/c>d now', 'https://a.b/cd'], // before
    ['See <https://a.b/c>**d** now', 'cd'], // before
    ['Mail <ann@example.com>s now', 'coms'], // before
    ['It is [x][foo](https://e.com/u)_bar_ here', 'foobar'], // the link "foo" (no reference "foo" is defined)
    ['See ![](https://x/map.png)_s_ now', 'pngs'], // an image without words is said by its address
    ['Call my_**var**~~iable~~ now', 'variable'], // the underscore drawn, the marks after it not
    ['Call my_**foo**_bar_ now', 'foobar'], // before: the same, then emphasis right after emphasis
    ['It is ~~foo~~**bar** here', 'foobar'],
    ['It is `foo`**bar** here', 'foobar'],
    ['It is [foo](https://e.com/x)**bar** here', 'foobar'],
    ['It is caf&eacute;**s** here', 'cafes'],
    ['It is **caf**&eacute; here', 'cafe']
  ]
  it.each(JOINED)('finds what %j shows joined: %j', (content, word) => {
    expect(foundMessages(said(content), findWords(word))).toEqual(['r'])
  })
  it('joins no words that the screen shows apart', () => {
    expect(foundMessages(said('It is **foo** _bar_ here'), findWords('foobar'))).toEqual([])
    expect(foundMessages(said('See <https://a.b/c> d now'), findWords('cd'))).toEqual([])
    expect(foundMessages(said('It is **foo**_bar_ here'), findWords('bar'))).toEqual([])
  })
  it('a run of marks that joins nothing is passed in time linear in it: the find held the window for seconds', () => {
    // Each `][]` reads as a link's label or as three marks: each one more doubled the ways tried before saying no.
    const content = `Odd x${'][]'.repeat(22)} text`
    const started = performance.now()
    expect(foundMessages(said(content), findWords('zzz'))).toEqual([])
    expect(performance.now() - started).toBeLessThan(300)
  })
  it("finds a character reference's character and an image by the word shown for it", () => {
    expect(foundMessages(said('A caf&eacute; by the sea'), findWords('cafe'))).toEqual(['r'])
    expect(foundMessages(said('See ![a map](https://x/y.png)'), findWords('image map'))).toEqual(['r'])
  })
})

describe('footnotes', () => {
  const noted = [message('q', 'Why?'), reply('r', 'q', 'Cats purr[^1] loudly.\n\n[^1]: Mostly when fed.')]
  it('finds the words the answer shows for its footnotes: a reference’s number after its word, not the hidden "Footnotes" heading', () => {
    // The heading is for screen readers only (class sr-only, hidden from sight): it was counted when it showed.
    expect(foundMessages(noted, findWords('footnotes'))).toEqual([])
    expect(foundMessages(noted, findWords('purr1'))).toEqual(['r'])
    expect(foundMessages(noted, findWords('mostly when'))).toEqual(['r'])
  })
})
