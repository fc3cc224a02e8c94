import type { NodedeskBridge } from '../shared/bridge'

declare global {
  interface Window {
    /** Present in the desktop app only; headless mode talks HTTP. */
    readonly nodedesk?: NodedeskBridge
  }
}
