import type { ExportFormat } from '../../shared/contract/inbox-management'
import type { LastMessage } from '../../shared/contract/message'
import type { Store } from '../store'
import { answeringProvider, providerNamer } from '../../shared/provider-title'
import { answeredQuestions, exportEntry, exportFilename, exportHeader, readableTime, type ProviderNamer } from './export-format'

/** The inbox was removed between the request and the moment its export was read. */
export class InboxGoneError extends Error {
  constructor(inboxName: string) {
    super(`inbox_name: no inbox '${inboxName}' (it was removed)`)
  }
}

/** An inbox's export: the file name to suggest, and its text. */
export interface InboxExport {
  readonly filename: string
  /**
   * The text in pieces, read from a snapshot of the inbox taken when reading starts (a long history
   * never sits in memory whole). Stopping early releases the snapshot. Throws InboxGoneError when
   * the inbox is no longer there by then.
   */
  pieces(): Generator<string>
}

/** The export of `inboxName` in `format`, undefined when there is no such inbox. */
export function openInboxExport(store: Store, inboxName: string, format: ExportFormat): InboxExport | undefined {
  const inbox = store.inboxes.get(inboxName)
  if (!inbox) return undefined
  return {
    filename: exportFilename(inbox.custom_name, format),
    *pieces() {
      const reader = store.openReader()
      try {
        // One read transaction: the check and the messages see the same snapshot.
        reader.exec('BEGIN')
        if (!reader.prepare('SELECT 1 FROM inboxes WHERE id = ?').get(inbox.id)) throw new InboxGoneError(inboxName)
        yield format === 'json' ? '[' : exportHeader(inbox.custom_name, format)
        let first = true
        const nameOf = format === 'json' ? undefined : readProviderNamer(reader)
        const aboutOf = answeredQuestions()
        for (const json of store.messages.iterateAll(reader, inbox.id)) {
          if (format === 'json') yield first ? json : `,${json}`
          else {
            const m = JSON.parse(json) as LastMessage
            yield exportEntry(m, format, nameOf, readableTime, aboutOf(m))
          }
          first = false
        }
        if (format === 'json') yield ']'
        // Said in the file: the title alone read as an export that had failed.
        else if (first) yield format === 'markdown' ? '_No messages._\n' : 'No messages.\n'
      } finally {
        reader.close()
      }
    }
  }
}

/**
 * Providers' names as the snapshot holds them, by the agent an answer was sent as (see
 * answeringProvider), read before the messages (the connection runs no other statement while it
 * iterates them).
 */
function readProviderNamer(reader: ReturnType<Store['openReader']>): ProviderNamer {
  const rows = reader.prepare<[], { id: string; provider_json: string }>('SELECT id, provider_json FROM providers').all()
  const providers = rows.map(({ id, provider_json }) => {
    const { name, full_identity_name: identity } = JSON.parse(provider_json) as {
      name?: unknown
      full_identity_name?: { subidentity_name?: unknown }
    }
    const agent = identity?.subidentity_name
    return {
      id,
      name: typeof name === 'string' ? name : undefined,
      full_identity_name: { subidentity_name: typeof agent === 'string' ? agent : undefined }
    }
  })
  const nameOf = providerNamer(providers)
  const idOf = answeringProvider(providers)
  return (agent) => nameOf(idOf(agent))
}

/** The export as the API answers it, `{filename, content}`, in UTF-8 JSON pieces. */
export function* exportJsonPieces(exp: InboxExport): Generator<Buffer> {
  yield Buffer.from(`{"filename":${JSON.stringify(exp.filename)},"content":"`)
  for (const text of exp.pieces()) yield Buffer.from(JSON.stringify(text).slice(1, -1))
  yield Buffer.from('"}')
}
