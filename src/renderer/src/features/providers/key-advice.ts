/**
 * The node's advice when a server refuses the key (401 or 403) points at "the provider's settings",
 * right on the Providers page and in a conversation. In the wizard the key is typed on its own
 * Connection step, steps back: the advice says so.
 */
const KEY_ADVICE: readonly (readonly [string, string])[] = [
  ["Enter the server's key in the provider's settings.", "Go back to the Connection step and enter the server's key there."],
  ["Check the key in the provider's settings, or enter a new one.", 'Go back to the Connection step to check the key, or enter a new one.']
]

/** `text` (a failure the node described) as the wizard says it, and whether it was the key's. */
export function inWizardWords(text: string): { readonly text: string; readonly keyAdvice: boolean } {
  let said = text
  let keyAdvice = false
  for (const [node, wizard] of KEY_ADVICE) {
    if (!said.includes(node)) continue
    said = said.replace(node, wizard)
    keyAdvice = true
  }
  return { text: said, keyAdvice }
}
