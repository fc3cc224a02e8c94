/**
 * The path and query a request asks for, read from its request-target (RFC 9112, 3.2). Resolving
 * an origin-form target against a base URL, as a browser resolves a link, read a target starting
 * with `//` as another host and the rest as the path: `GET //x/v2/all_inboxes` was answered as
 * `/v2/all_inboxes`, a path the route table does not have. An origin-form target is the path
 * itself, whatever it starts with. Any other form (absolute-form, `*`) is read as a URL: the Host
 * guard judges the host it names (not `placeholder`) as well as the Host header. Undefined: not a URL.
 */
export function requestTarget(target: string): URL | undefined {
  // A target no URL parser reads (`http://[zz]/`, a host with a bad escape) is the client's mistake, not the node's.
  return target.startsWith('/')
    ? (URL.parse(`http://placeholder${target}`) ?? undefined)
    : (URL.parse(target, 'http://placeholder') ?? undefined)
}
