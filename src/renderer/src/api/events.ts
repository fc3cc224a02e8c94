import type { QueryClient } from '@tanstack/react-query'
import type { NodeEvent } from '../../../shared/contract/events'
import type { LastMessage } from '../../../shared/contract/message'
import { isAnswer } from '../../../shared/message-role'
import { useStreaming } from '../stores/streaming'
import { keys } from './queries'
import type { Transport } from './transport'
import { jobIdOfInbox } from '../../../shared/contract/inbox'

/** True when `messages` holds the stored answer to `parent`. */
export const isAnswered = (messages: readonly LastMessage[] | undefined, parent: string) =>
  !!messages?.some((m) => m.job_message.parent === parent && isAnswer(m))

/**
 * Node events keep every window in sync: changes invalidate the queries they touch; deltas of
 * an answer being written go to the streaming store until the stored answer has been fetched.
 */
export function connectEvents(transport: Transport, qc: QueryClient): () => void {
  return transport.onEvent((event: NodeEvent) => {
    switch (event.type) {
      case 'message_delta':
        useStreaming.getState().append(event.data.inbox, event.data.parent, event.data.text)
        break
      case 'inbox_changed': {
        const inbox = event.data.inbox_id
        void qc.invalidateQueries({ queryKey: keys.allInboxes })
        void qc.invalidateQueries({ queryKey: keys.jobScope(jobIdOfInbox(inbox)) })
        void qc.invalidateQueries({ queryKey: keys.messages(inbox) }).then(() => {
          const partial = useStreaming.getState().partial[inbox]
          if (partial && isAnswered(qc.getQueryData<LastMessage[]>(keys.messages(inbox)), partial.parent)) {
            useStreaming.getState().clear(inbox, partial.parent)
          }
        })
        break
      }
      case 'vector_fs_changed': {
        // The changed entry's folder, the entry itself (a folder's own listing, a file's passages),
        // and views of the whole library; other folders stay cached.
        const path = event.data.path
        const parent = path.lastIndexOf('/') <= 0 ? '/' : path.slice(0, path.lastIndexOf('/'))
        void qc.invalidateQueries({ queryKey: keys.vfsFolder(parent) })
        void qc.invalidateQueries({ queryKey: keys.vfsFolder(path) })
        void qc.invalidateQueries({ queryKey: keys.vfsResource(path) })
        void qc.invalidateQueries({ queryKey: keys.vfsTree })
        void qc.invalidateQueries({ queryKey: keys.vfsSearch })
        break
      }
      case 'provider_changed':
        void qc.invalidateQueries({ queryKey: keys.providers })
        void qc.invalidateQueries({ queryKey: keys.allInboxes })
        break
    }
  })
}
