import { modelKind } from '../../../../shared/contract/identity'
import type { Inbox } from '../../../../shared/contract/inbox'

/** What one line of the inbox list shows. */
export interface InboxRowData {
  readonly inboxId: string
  readonly name: string
  readonly providerId: string
  readonly model: string
  /** First line of the last message, or null when there is none. */
  readonly preview: string | null
  readonly previewIsError: boolean
  /** The last message's time, or the creation time. */
  readonly activity: string
  readonly searchText: string
}

/** Case- and accent-insensitive form for matching, as the node's own search matches ("resume" finds "Résumé"). */
export const foldForSearch = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()

/** The first 200 characters with blanks collapsed, read from the text's start only (an answer may be 1 MiB). */
function previewText(content: string): string {
  const start = content.search(/\S/)
  if (start < 0) return ''
  return content
    .slice(start, start + 2000)
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200)
}

export function toRow(inbox: Inbox): InboxRowData {
  const last = inbox.last_message
  const content = last?.job_message.content ?? null
  const preview = content === null ? null : previewText(content)
  let model = ''
  try {
    model = modelKind(inbox.agent.model).modelType
  } catch {
    /* a model shape this UI does not know: show none */
  }
  return {
    inboxId: inbox.inbox_id,
    name: inbox.custom_name,
    providerId: inbox.agent.id,
    model,
    preview,
    previewIsError: !!last?.job_message.error,
    activity: last?.node_api_data.node_timestamp ?? inbox.datetime_created,
    searchText: foldForSearch(`${inbox.custom_name}\n${preview ?? ''}\n${inbox.agent.id}\n${model}`)
  }
}

export function filterRows(rows: readonly InboxRowData[], search: string): readonly InboxRowData[] {
  const q = foldForSearch(search.trim())
  if (!q) return rows
  const words = q.split(/\s+/)
  return rows.filter((r) => words.every((w) => r.searchText.includes(w)))
}
