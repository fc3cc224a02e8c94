/**
 * What a person calls a provider: its display name, else its id. On its own, free of the contract's schemas:
 * the inbox list names each row's provider with it, and the list's first screen loads without zod.
 */
export const providerTitle = (p: { readonly id: string; readonly name?: string }) => p.name?.trim() || p.id
