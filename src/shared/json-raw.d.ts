/*
 * JSON.rawJSON and JSON.isRawJSON (the "JSON.parse source text access" proposal, stage 3): in V8
 * since 11.4, so in Node.js 22 and every Chromium Electron ships; not yet in TypeScript's ES2023 lib.
 */
interface JSON {
  /** A value JSON.stringify writes as `text` itself (a JSON primitive's text). */
  rawJSON(text: string): { readonly rawJSON: string }
  /** Whether `value` was made by JSON.rawJSON. */
  isRawJSON(value: unknown): value is { readonly rawJSON: string }
}
