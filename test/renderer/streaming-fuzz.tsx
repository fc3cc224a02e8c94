import { MantineProvider } from '@mantine/core'
import { renderToStaticMarkup } from 'react-dom/server'
import { markdownFrame } from '../../src/renderer/src/features/inboxes/answer/answer-blocks'
import { markdownBlocks } from '../../src/renderer/src/features/inboxes/answer/long-text'

/*
 * Random long Markdown built from the pieces models write (paragraphs, block quotes, lists, fences, indented code,
 * tables, headings, footnotes, link definitions, HTML blocks of each kind, CRLF), for the property test of the streaming answer
 * (streaming-fuzz.test.tsx): drawn in blocks of `size`, at every cut, as the whole text parsed at once.
 */

/** A small seeded PRNG (mulberry32): the same seed, the same answers. */
export function random(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (n: number) => Math.floor(next() * n)
  const pick = <T,>(xs: readonly T[]): T => xs[int(xs.length)]!
  const chance = (p: number) => next() < p
  return { next, int, pick, chance }
}
type Random = ReturnType<typeof random>

const WORDS = ['node', 'answers', 'about', 'documents', 'the', 'model', 'keeps', '`code`', '*stress*', '**bold**', 'a', 'line']

function words(r: Random, n = 4 + r.int(10)): string {
  const out: string[] = []
  for (let i = 0; i < n; i++) out.push(r.pick(WORDS))
  if (r.chance(0.15)) out.push(`[^n${r.int(4)}]`)
  if (r.chance(0.15)) out.push(r.pick(['[site]', '[Site][site]', '[other]']))
  return out.join(' ')
}

function paragraph(r: Random): string[] {
  const lines = [words(r)]
  for (let i = r.int(3); i > 0; i--) lines.push(words(r))
  return lines
}

function fence(r: Random, indent = ''): string[] {
  const char = r.chance(0.7) ? '`' : '~'
  const marks = char.repeat(3 + (r.chance(0.2) ? 1 : 0))
  const lead = r.pick(['', '', ' ', '  ', '\t', ' \t'])
  const lines = [`${indent}${lead}${marks}${r.chance(0.5) ? r.pick(['ts', 'go', 'py']) : ''}`]
  const n = 1 + r.int(r.chance(0.3) ? 40 : 8)
  for (let i = 0; i < n; i++) {
    if (r.chance(0.1)) lines.push(r.chance(0.5) ? '' : indent)
    else
      lines.push(
        `${indent}${r.pick(['', ' ', '  ', '\t', '    ', ' \t', '\t\t'])}code(${i}) ${r.pick(['// x', '\tx := 1', 'y', '> not a quote', '- not an item'])}`
      )
  }
  if (!r.chance(0.1)) lines.push(`${indent}${r.pick(['', ' ', lead])}${marks}`)
  return lines
}

function indentedCode(r: Random): string[] {
  const lines: string[] = []
  for (let i = 1 + r.int(4); i > 0; i--) lines.push(`${r.pick(['    ', '\t', '     '])}indented ${words(r, 2)}`)
  return lines
}

function table(r: Random): string[] {
  const lines = ['| a | b |', '| - | :-: |']
  for (let i = 1 + r.int(8); i > 0; i--) lines.push(`| ${words(r, 1)} | ${words(r, 2)} |`)
  if (r.chance(0.2)) lines.push('lazy row')
  return lines
}

function heading(r: Random): string[] {
  return r.chance(0.7) ? [`${'#'.repeat(1 + r.int(4))} ${words(r, 3)}`] : [words(r, 3), r.pick(['===', '---'])]
}

const footnote = (r: Random) => [`[^n${r.int(4)}]: ${words(r)}`, ...(r.chance(0.3) ? ['', `    more of the note ${words(r, 2)}`] : [])]
const reference = (r: Random) => [`[${r.pick(['site', 'other'])}]: https://example.com/${r.int(100)}${r.chance(0.3) ? ' "Title"' : ''}`]
const comment = (r: Random) => ['<!-- a comment', ...(r.chance(0.5) ? [''] : []), `${words(r, 2)} -->`]

/** A line that may be read as opening something else (a fence, a comment), or a blank one, in an HTML block. */
const inner = (r: Random) => r.pick(['```', '~~~', '<!-- x', '', '', `${words(r, 2)}`, '# not a heading', '- not an item'])

/** An HTML block of any of CommonMark's 7 kinds, its lines holding blank lines and lines that open other blocks. */
function htmlBlock(r: Random): string[] {
  const indent = r.pick(['', '', '', ' ', '  ', '   '])
  const body = () => Array.from({ length: r.int(4) }, () => inner(r))
  const kind = r.int(7)
  let lines: string[]
  if (kind === 0) lines = comment(r)
  else if (kind === 1) {
    const tag = r.pick(['pre', 'script', 'style', 'textarea', 'PRE'])
    // Any of the four end tags ends it.
    lines = [`<${tag}>`, ...body(), `${words(r, 2)} </${r.pick(['pre', 'script', 'style', 'textarea', tag])}>`]
  } else if (kind === 2) lines = ['<?php', ...body(), `$a ${r.pick(['?>', '> not the end'])}`]
  else if (kind === 3) lines = ['<!DOCTYPE html', ...body(), '>']
  else if (kind === 4) lines = [r.pick(['<![CDATA[', '<![cdata[']), ...body(), ']]>']
  else if (kind === 5) lines = [r.pick(['<div>', '<details>', '</p>', '<table class="x">']), ...body().filter((l) => l !== ''), ...body()]
  else lines = [r.pick(['<span>', '<b class="a">', '</em>', '<my-tag/>']), ...body()]
  return lines.map((l) => (l === '' ? '' : indent + l))
}

function list(r: Random, depth: number): string[] {
  const ordered = r.chance(0.4)
  const marker = ordered ? r.pick(['.', ')']) : r.pick(['-', '*', '+'])
  const loose = r.chance(0.5)
  const lines: string[] = []
  for (let i = 0, n = 1 + r.int(6); i < n; i++) {
    const mark = ordered ? `${i + 1}${marker} ` : `${marker} `
    const pad = ' '.repeat(mark.length)
    if (i > 0 && loose) lines.push('')
    lines.push(mark + words(r))
    if (r.chance(0.3) && depth < 2) {
      const inner = r.pick<(r: Random) => string[]>([(r) => quote(r, depth + 1), (r) => fence(r), (r) => list(r, depth + 1), paragraph])(r)
      if (r.chance(0.5)) lines.push('')
      lines.push(...inner.map((l) => (l === '' ? '' : pad + l)))
    }
    if (r.chance(0.1)) lines.push(`lazy ${words(r, 2)}`)
  }
  return lines
}

function quote(r: Random, depth: number): string[] {
  const prefix = () => r.pick(['> ', '> ', '> ', '>', ' > ', '   > ', '>\t', '>  '])
  const lines: string[] = []
  for (let i = 0, n = 1 + r.int(depth > 0 ? 3 : 8); i < n; i++) {
    if (i > 0) lines.push(r.pick(['>', '>', '> ', ' >', '>\t']))
    const child = depth < 2 ? piece(r, depth + 1) : paragraph(r)
    child.forEach((l, k) => {
      // A lazy line: a paragraph's line without its marker.
      if (k > 0 && r.chance(0.05)) lines.push(l)
      else lines.push(l === '' ? '>' : prefix() + l)
    })
  }
  return lines
}

/**
 * A long block quote as models write it ('> ' at the line's start, '>'-only lines between its children): many
 * paragraphs, with loose and tight lists, fences, indented code, nested quotes, tables, headings, notes between.
 */
function longQuote(r: Random, depth: number): string[] {
  const prefix = () => (r.chance(0.97) ? '> ' : r.pick(['>', ' > ', '>  ']))
  const lines: string[] = []
  for (let i = 0, n = 6 + r.int(24); i < n; i++) {
    if (i > 0) lines.push(r.chance(0.97) ? '>' : r.pick(['> ', ' >', '>\t']))
    const child = r.pick<(r: Random) => string[]>([
      paragraph,
      paragraph,
      paragraph,
      paragraph,
      paragraph,
      paragraph,
      (r) => list(r, depth + 1),
      (r) => fence(r),
      indentedCode,
      (r) => (depth < 2 ? quote(r, depth + 1) : paragraph(r)),
      table,
      heading,
      footnote,
      reference,
      comment
    ])(r)
    child.forEach((l, k) => {
      if (k > 0 && r.chance(0.02)) lines.push(l)
      else lines.push(l === '' ? '>' : prefix() + l)
    })
  }
  return lines
}

function piece(r: Random, depth = 0): string[] {
  const n = r.next()
  if (n < 0.22) return paragraph(r)
  if (n < 0.4) return r.chance(0.6) ? longQuote(r, depth) : quote(r, depth)
  if (n < 0.52) return list(r, depth)
  if (n < 0.64) return fence(r)
  if (n < 0.69) return indentedCode(r)
  if (n < 0.76) return table(r)
  if (n < 0.83) return heading(r)
  if (n < 0.89) return footnote(r)
  if (n < 0.94) return reference(r)
  return htmlBlock(r)
}

/** A long answer of about `chars` characters. */
export function answer(seed: number, chars: number): string {
  const r = random(seed)
  const lines: string[] = []
  let length = 0
  while (length < chars) {
    const p = piece(r)
    if (lines.length > 0) lines.push(...(r.chance(0.8) ? [''] : []))
    lines.push(...p)
    length += p.join('\n').length + 2
  }
  const text = lines.join('\n') + (r.chance(0.5) ? '\n' : '')
  return r.chance(0.1) ? text.replace(/\n/g, '\r\n') : text
}

/** An answer's HTML drawn in blocks of `size` (as while it streams), or whole (`size` undefined). */
export function html(text: string, size?: number): string {
  const out = renderToStaticMarkup(
    <MantineProvider>{markdownFrame(size === undefined ? text : markdownBlocks(text, size))}</MantineProvider>
  )
  // Line breaks between blocks are not drawn (white space at a line's start or end): the whole parse has one between a
  // block and the next, drawn blocks not always, also before and after an HTML block, drawn as its text ('&lt;!--').
  return out
    .replace(/(<\/[a-z0-9]+>)\n+(?=<[a-z]|&lt;)/g, '$1')
    .replace(/\n+(?=<(?:p|ul|ol|blockquote|h[1-6]|div|table|pre|hr|section)[\s>/])/g, '')
    .replace(/<\/tbody><tbody>/g, '')
}

/** The cuts of an answer of `length` checked: every `step` characters, and each of the last `last`. */
export function cuts(length: number, step: number, last: number): number[] {
  const ends = new Set<number>()
  for (let end = step; end < length; end += step) ends.add(end)
  for (let end = Math.max(1, length - last); end <= length; end++) ends.add(end)
  return [...ends]
}

/** The first cut of `text` drawn in blocks of `size` unlike the whole parse, or undefined. */
export function firstDifference(text: string, size: number, step: number, last: number): number | undefined {
  for (const end of cuts(text.length, step, last)) {
    const t = text.slice(0, end)
    if (html(t, size) !== html(t)) return end
  }
  return undefined
}

/** The smallest text (lines, then characters, taken out) still drawn in blocks of `size` unlike the whole parse. */
export function minimise(text: string, size: number): string {
  const fails = (t: string) => html(t, size) !== html(t)
  let lines = text.split('\n')
  for (let chunk = Math.ceil(lines.length / 2); chunk >= 1; chunk = chunk === 1 ? 0 : Math.ceil(chunk / 2)) {
    for (let i = 0; i < lines.length;) {
      const tried = [...lines.slice(0, i), ...lines.slice(i + chunk)]
      if (tried.length > 0 && fails(tried.join('\n'))) lines = tried
      else i += chunk
    }
  }
  let t = lines.join('\n')
  // Shorter lines: characters taken out.
  for (const n of [16, 4, 1]) {
    for (let i = 0; i + n <= t.length; i++) {
      const tried = t.slice(0, i) + t.slice(i + n)
      if (fails(tried)) t = tried
    }
  }
  return t
}
