import type { Element, Root as HastRoot, RootContent as HastContent } from 'hast'
import { createContext, useContext } from 'react'
import type { PluggableList, Plugin } from 'unified'

/*
 * The ids of an answer's places: its footnotes' numbers ("fnref-1"), notes ("fn-1") and the notes' heading
 * "Footnotes" ("footnote-label", which every number is described by). remark-rehype wrote the same ones in every
 * answer ("user-content-fn-1", "footnote-label"): a conversation with two answers with notes had each id twice, which
 * HTML does not allow, and a number's aria-describedby named the first answer's heading. Each answer's ids start with
 * its own prefix, made of its message's hash.
 */

/** What remark-rehype starts the ids of an answer drawn without a prefix of its own with (its default). */
export const DEFAULT_ID_PREFIX = 'user-content-'

/**
 * The prefix of the ids of the answer whose message is `key` (its hash): the key with every character but letters,
 * digits and "-" written as "_" and its code (so two keys never share a prefix), as ids and `#` links take it.
 */
export function answerIdPrefix(key: string): string {
  return `answer-${key.replace(/[^A-Za-z0-9-]/gu, (c) => `_${c.codePointAt(0)!.toString(16)}_`)}-`
}

/** The prefix of the ids of the answer drawn inside (AnswerText sets it). */
export const AnswerIdsContext = createContext<string>(DEFAULT_ID_PREFIX)

export const useAnswerIdPrefix = () => useContext(AnswerIdsContext)

const LABEL = 'footnote-label'

/**
 * The id of the notes' heading, and the numbers' aria-describedby naming it, with the answer's prefix:
 * mdast-util-to-hast writes "footnote-label" whatever its clobberPrefix.
 */
const labelled: Plugin<[string], HastRoot> = (prefix) => (tree) => {
  const visit = (n: HastRoot | HastContent) => {
    if (n.type !== 'element' && n.type !== 'root') return
    if (n.type === 'element') relabel(n, prefix)
    for (const c of n.children) visit(c)
  }
  visit(tree)
}

function relabel(e: Element, prefix: string) {
  const p = e.properties
  if (p.id === LABEL) p.id = prefix + LABEL
  const by = p.ariaDescribedBy
  if (Array.isArray(by) && by.includes(LABEL)) p.ariaDescribedBy = by.map((b) => (b === LABEL ? prefix + LABEL : b))
}

type IdOptions = { clobberPrefix: string; rehypePlugins: PluggableList }

/** The options made for the last prefixes asked for (one for each answer drawn), oldest first. */
const made = new Map<string, IdOptions>()

/**
 * The options of a block's parse that give its ids the answer's `prefix`: the same object for the same prefix, made
 * once instead of at each block's every render (shared: not to be changed).
 */
export function idOptions(prefix: string): IdOptions {
  const known = made.get(prefix)
  if (known) return known
  const options: IdOptions = { clobberPrefix: prefix, rehypePlugins: prefix === DEFAULT_ID_PREFIX ? [] : [[labelled, prefix]] }
  made.set(prefix, options)
  if (made.size > 64) made.delete(made.keys().next().value!)
  return options
}
