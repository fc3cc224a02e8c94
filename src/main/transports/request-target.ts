/**
 * The path and query a request asks for, read from its request-target (RFC 9112, 3.2). Resolving
 * an origin-form target against a base URL, as a browser resolves a link, read a target starting
 * with `//` as another host and the rest as the path: `GET //x/v2/all_inboxes` was answered as
 * `/v2/all_inboxes`, a path the route table does not have. An origin-form target is the path
 * itself, whatever it starts with. Any other form (absolute-form, `*`) is read as a URL: the Host
 * guard judges the host it names (not `placeholder`) as well as the Host header.
 */
export function requestTarget(target: string): URL {
  return target.startsWith('/') ? new URL(`http://placeholder${target}`) : new URL(target, 'http://placeholder')
}
