import { messageRole } from '../../../../shared/message-role'
import type { Inbox } from '../../../../shared/contract/inbox'

/**
 * Whether `snippet` is the node's snippet of `text`: its text with blanks collapsed, whole, or a part of
 * it with "…" where text was left out (search_inboxes' snippets are made so; see inbox-search.ts).
 */
function isSnippetOf(text: string, snippet: string): boolean {
  const flat = text.replace(/\s+/g, ' ').trim()
  if (snippet === flat) return true
  const cut = snippet.replace(/^…/, '').replace(/…$/, '')
  return cut.length < snippet.length && cut.length > 0 && flat.includes(cut)
}

/**
 * Whether a search hit's snippet quotes a failed answer: the inbox's last message, marked by the node as
 * an error note (job_message.error; never told by its text). The node does not say which text of the
 * inbox a snippet is from, so an older failed answer's snippet is not told apart from any other text.
 */
export function snippetOfFailedAnswer(inbox: Inbox, snippet: string): boolean {
  const last = inbox.last_message
  return !!last && messageRole(last) === 'error' && isSnippetOf(last.job_message.content, snippet)
}

/**
 * Whether a search hit's snippet quotes a stopped answer: the inbox's last message, marked by the node as
 * stopped (job_message.stopped), as snippetOfFailedAnswer tells a failed one.
 */
export function snippetOfStoppedAnswer(inbox: Inbox, snippet: string): boolean {
  const last = inbox.last_message
  return !!last && messageRole(last) === 'stopped' && isSnippetOf(last.job_message.content, snippet)
}
