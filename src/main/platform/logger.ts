/** Where the node writes its log lines. Never given request bodies or secrets. */
export interface Logger {
  info(line: string): void
  error(line: string, err?: unknown): void
}

export const consoleLogger: Logger = {
  info: (line) => console.log(line),
  error: (line, err) => console.error(line, err instanceof Error ? err.stack : (err ?? ''))
}

export const silentLogger: Logger = { info: () => {}, error: () => {} }
