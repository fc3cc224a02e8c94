import { homedir } from 'node:os'
import { join } from 'node:path'

declare const __APP_VERSION__: string | undefined

export const APP_NAME = 'Nodedesk'
export const APP_VERSION = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : '0.0.0-dev'

/** Where Electron's app.getPath('userData') points for this app, for headless mode to share it. */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (env.NODEDESK_DATA_DIR) return env.NODEDESK_DATA_DIR
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), APP_NAME)
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', APP_NAME)
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), APP_NAME)
}
