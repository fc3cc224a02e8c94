import type { ExportFormat } from '../../shared/contract/inbox-management'
import type { LastMessage } from '../../shared/contract/message'
import { messageRole, replyingAgent } from '../../shared/message-role'

const EXTENSIONS: Record<ExportFormat, string> = { markdown: 'md', json: 'json', txt: 'txt' }

/** A file name from the inbox's name: characters no file system accepts replaced, at most 100 characters. */
export function exportFilename(customName: string, format: ExportFormat): string {
  const base = [...customName.replace(/[\\/:*?"<>|\p{Cc}]/gu, '_').trim()].slice(0, 100).join('').trim() || 'conversation'
  return `${base}.${EXTENSIONS[format]}`
}

function speaker(m: LastMessage): string {
  const agent = replyingAgent(m)
  if (agent === undefined) return 'You'
  const role = messageRole(m)
  return role === 'answer' ? agent : `${agent} (${role === 'error' ? 'error' : 'stopped'})`
}

/** The title line of a Markdown or text export. */
export function exportHeader(customName: string, format: Exclude<ExportFormat, 'json'>): string {
  return format === 'markdown' ? `# ${customName}\n\n` : `${customName}\n${'='.repeat(Math.min(80, [...customName].length))}\n\n`
}

/** One message of a Markdown or text export. */
export function exportEntry(m: LastMessage, format: Exclude<ExportFormat, 'json'>): string {
  const when = m.node_api_data.node_timestamp
  const text = m.job_message.content
  return format === 'markdown' ? `### ${speaker(m)} · ${when}\n\n${text}\n\n` : `[${when}] ${speaker(m)}:\n${text}\n\n`
}
