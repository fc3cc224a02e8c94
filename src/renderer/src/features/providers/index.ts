// What other features may use from providers; the rest of this folder is its own (see eslint.config.mjs).
export { providerSelectProps } from './provider-select'
export { providerOptionLabel, providerTitle } from './provider-display'
export { curedBySettings } from './failure-to-fix'
