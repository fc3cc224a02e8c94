/** What is typed into a scope's network folder form before Add network folder takes it. */

export const NETWORK_START = {
  nodeName: '',
  profileName: 'main',
  agentName: '',
  name: '',
  path: [] as string[],
  /**
   * The folder's name typed into Path and not yet taken into it (the field takes it on Enter, `/` or
   * losing the focus): the page changed by a key with the focus still there (Alt+Up/Down, Ctrl+K, Back)
   * took the field away with no loss of focus, and the name with it, without a word.
   */
  pathText: ''
}
export type NetworkTyping = typeof NETWORK_START

/** The first field typed in (in the form's order), or undefined when the form is as it starts. */
export function typedField(f: NetworkTyping): keyof NetworkTyping | undefined {
  if (f.nodeName.trim()) return 'nodeName'
  if (f.profileName.trim() !== NETWORK_START.profileName) return 'profileName'
  if (f.agentName.trim()) return 'agentName'
  if (f.name.trim()) return 'name'
  // `?? ''`: a draft kept before the form kept this part has none.
  return f.path.length > 0 || (f.pathText ?? '').trim() ? 'path' : undefined
}

/**
 * A form's typing kept by its page (the new job's draft keeps it across leaving the page and reloads, as it
 * keeps the rest): `update` gets the typing as it is then, so two changes in one event both count.
 */
export interface KeptNetworkTyping {
  readonly value: NetworkTyping
  readonly update: (next: (typing: NetworkTyping) => NetworkTyping) => void
}
