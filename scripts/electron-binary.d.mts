/** Types for electron-binary.mjs, which the Electron e2e spec imports. */
export function findElectronBinary(options?: { download?: boolean }): { binary?: string; reason?: string }
