import { createHash } from 'node:crypto'
import type { LastMessage } from '../../shared/contract/message'

/** JSON with the keys of every object sorted (recursively) and no whitespace. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null'
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`
  const obj = value as Record<string, unknown>
  const parts: string[] = []
  for (const key of Object.keys(obj).sort()) {
    if (obj[key] === undefined) continue
    parts.push(`${JSON.stringify(key)}:${canonicalJson(obj[key])}`)
  }
  return `{${parts.join(',')}}`
}

/**
 * node_message_hash: lowercase hex SHA-256 of the canonical JSON of the message as the API
 * returns it, with `node_api_data.node_message_hash` left out. Anyone can recompute it.
 */
export function messageHash(message: LastMessage): string {
  const { node_message_hash: _omit, ...apiData } = message.node_api_data
  const hashed = { ...message, node_api_data: apiData }
  return createHash('sha256').update(canonicalJson(hashed), 'utf8').digest('hex')
}
