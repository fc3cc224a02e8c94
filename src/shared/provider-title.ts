/**
 * What a person calls a provider: its display name, else its id. On its own, free of the contract's schemas:
 * the inbox list names each row's provider with it, and the list's first screen loads without zod.
 */
export const providerTitle = (p: { readonly id: string; readonly name?: string }) => p.name?.trim() || p.id

/** A character a model's name goes on with ("gpt-4o" goes on in "gpt-4o-mini"); a dot only when more follows it ("v1.5"). */
const goesOn = (text: string, at: number) =>
  /[\p{L}\p{N}_:/-]/u.test(text[at] ?? '') || (text[at] === '.' && /[\p{L}\p{N}]/u.test(text[at + 1] ?? ''))

/**
 * Whether a provider's shown name already says its model, as a whole name: "Team proxy · gpt-4o-mini"
 * says gpt-4o-mini (the model is not repeated beside it), "gpt-4o-mini" does not say gpt-4o (it would
 * read as the model used, when another is).
 */
export function nameSaysModel(name: string, model: string): boolean {
  if (!model) return false
  for (let at = name.indexOf(model); at >= 0; at = name.indexOf(model, at + 1)) {
    const before = at > 0 && /[\p{L}\p{N}._:/-]/u.test(name[at - 1]!)
    if (!before && !goesOn(name, at + model.length)) return true
  }
  return false
}

/** What the operator's own messages are headed by: a provider called so is told apart from them too. */
export const OPERATOR = 'You'

/**
 * How a provider is named where several may answer (a conversation, its export): its display name
 * (else its id), followed by its id in parentheses when that name alone would not say which provider answered: another provider goes by
 * the same name (two "Local" servers), or the name is that of the operator's messages. A removed
 * provider is named by its id, marked as removed when a provider still there goes by that name.
 */
export function providerNamer(providers: readonly { readonly id: string; readonly name?: string }[]): (providerId: string) => string {
  const titles = new Map(providers.map((p) => [p.id, providerTitle(p)]))
  const uses = new Map<string, number>()
  for (const title of titles.values()) uses.set(title.toLowerCase(), (uses.get(title.toLowerCase()) ?? 0) + 1)
  const shared = (title: string) => (uses.get(title.toLowerCase()) ?? 0) > 1 || title.toLowerCase() === OPERATOR.toLowerCase()
  return (id) => {
    const title = titles.get(id)
    if (title === undefined) return uses.has(id.toLowerCase()) || shared(id) ? `${id} (removed provider)` : id
    return shared(title) ? `${title} (${id})` : title
  }
}

/** A provider as an answer's sender names it: answers come from its agent, the identity's subidentity_name. */
export interface AnsweringProvider {
  readonly id: string
  readonly name?: string
  readonly full_identity_name?: { readonly subidentity_name?: string }
}

/**
 * The id of the provider that wrote an answer, from the agent the answer was sent as (its
 * sender_subidentity's `…/agent/<name>`). That name is the provider's identity's subidentity_name,
 * which is its id unless the provider was set up with another: "Local" answering as agent `llama`
 * was named "llama". Several providers may answer as one agent (the contract lets them share an
 * identity): the one whose id is that name, else the first listed. An agent no provider answers as
 * any more is read as a provider id, as before (a removed provider).
 */
export function answeringProvider(providers: readonly AnsweringProvider[]): (agent: string) => string {
  const byAgent = new Map<string, string>()
  for (const p of providers) {
    const agent = p.full_identity_name?.subidentity_name || p.id
    if (!byAgent.has(agent) || p.id === agent) byAgent.set(agent, p.id)
  }
  return (agent) => byAgent.get(agent) ?? agent
}
