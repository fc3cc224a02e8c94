/**
 * Why the node could not listen, as a sentence the operator can act on, for the failures a flag
 * can fix; undefined for any other error. Node's own words ("listen EADDRINUSE: address already
 * in use 127.0.0.1:9550") name a system call, not what to do.
 */
export function listenFailure(err: unknown): string | undefined {
  const { code, syscall, address, port } = (err ?? {}) as { code?: unknown; syscall?: unknown; address?: unknown; port?: unknown }
  // The same codes come from the data folder (EACCES: a folder this user may not write): not a port's fault.
  if (syscall !== 'listen') return undefined
  const where = `port ${String(port)} on ${String(address)}`
  switch (code) {
    case 'EADDRINUSE':
      return `${where} is already in use by another program. Stop that program, or choose another port with --port (--port 0 picks a free one).`
    case 'EADDRNOTAVAIL':
      return `${String(address)} is not an address of this computer. Leave out --host to listen on 127.0.0.1.`
    case 'EACCES':
      return `this user may not listen on ${where} (ports below 1024 need administrator rights). Choose another port with --port.`
    default:
      return undefined
  }
}
