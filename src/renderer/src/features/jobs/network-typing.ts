/** What is typed into a scope's network folder form before Add network folder takes it. */

export const NETWORK_START = { nodeName: '', profileName: 'main', agentName: '', name: '', path: [] as string[] }
export type NetworkTyping = typeof NETWORK_START

/** The first field typed in (in the form's order), or undefined when the form is as it starts. */
export function typedField(f: NetworkTyping): keyof NetworkTyping | undefined {
  if (f.nodeName.trim()) return 'nodeName'
  if (f.profileName.trim() !== NETWORK_START.profileName) return 'profileName'
  if (f.agentName.trim()) return 'agentName'
  if (f.name.trim()) return 'name'
  return f.path.length > 0 ? 'path' : undefined
}

/**
 * A form's typing kept by its page (the new job's draft keeps it across leaving the page and reloads, as it
 * keeps the rest): `update` gets the typing as it is then, so two changes in one event both count.
 */
export interface KeptNetworkTyping {
  readonly value: NetworkTyping
  readonly update: (next: (typing: NetworkTyping) => NetworkTyping) => void
}
