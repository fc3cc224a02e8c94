import { describe, expect, it } from 'vitest'
import { createServer } from 'node:net'
import { parseServeFlags } from '../../src/main/serve-flags'

describe('headless flags (node:util parseArgs)', () => {
  it('reads --port, --host, --data-dir and --node-name, as "--flag value" or "--flag=value"', () => {
    expect(parseServeFlags(['--port=0', '--host', '127.0.0.2', '--data-dir', '/tmp/d', '--node-name=@@n.sep-shinkai'], {})).toEqual({
      port: 0,
      host: '127.0.0.2',
      dataDir: '/tmp/d',
      nodeName: '@@n.sep-shinkai',
      rotateToken: false,
      debug: false
    })
    expect(parseServeFlags(['--rotate-token'], {}).rotateToken).toBe(true)
    const defaults = parseServeFlags([], { NODEDESK_DATA_DIR: '/tmp/from-env' })
    expect(defaults).toEqual({
      port: 9550,
      host: '127.0.0.1',
      dataDir: '/tmp/from-env',
      nodeName: undefined,
      rotateToken: false,
      debug: false
    })
  })

  it('turns the debug log on with --debug or NODEDESK_DEBUG=1; off otherwise', () => {
    expect(parseServeFlags([], {}).debug).toBe(false)
    expect(parseServeFlags(['--debug'], {}).debug).toBe(true)
    expect(parseServeFlags(['--port', '0', '--debug', '--data-dir', '/tmp/d'], {}).debug).toBe(true)
    expect(parseServeFlags([], { NODEDESK_DEBUG: '1' }).debug).toBe(true)
    // Only 1 turns it on: an empty or other value (NODEDESK_DEBUG=0) leaves it off.
    for (const NODEDESK_DEBUG of ['', '0', 'false']) expect(parseServeFlags([], { NODEDESK_DEBUG }).debug).toBe(false)
    expect(() => parseServeFlags(['--debug=yes'], {})).toThrow(new Error('--debug takes no value'))
  })

  it('reads the provider calls at once per server from --provider-concurrency, else NODEDESK_PROVIDER_CONCURRENCY', () => {
    expect(parseServeFlags([], {}).providerConcurrency).toBeUndefined()
    expect(parseServeFlags(['--provider-concurrency', '8'], {}).providerConcurrency).toBe(8)
    expect(parseServeFlags([], { NODEDESK_PROVIDER_CONCURRENCY: '2' }).providerConcurrency).toBe(2)
    expect(parseServeFlags(['--provider-concurrency=3'], { NODEDESK_PROVIDER_CONCURRENCY: '2' }).providerConcurrency).toBe(3)
    expect(() => parseServeFlags([], { NODEDESK_PROVIDER_CONCURRENCY: '-1' })).toThrow(
      new Error('NODEDESK_PROVIDER_CONCURRENCY must be a whole number of calls from 1 to 256, got -1')
    )
  })

  it('takes any loopback address for --host', () => {
    // ::1 however written (0::1 and ::0:1 were refused as "not of this machine"), and IPv4 loopback mapped into IPv6.
    for (const host of [
      '127.0.0.1',
      '127.8.9.10',
      'localhost',
      'LOCALHOST',
      '::1',
      '0:0:0:0:0:0:0:1',
      '0::1',
      '::0:1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1'
    ])
      expect(parseServeFlags(['--host', host], {}).host).toBe(host)
  })

  it('takes an IPv6 address in brackets, as URLs write it, and listens on it ([::1] failed: getaddrinfo ENOTFOUND [::1])', async () => {
    const { host } = parseServeFlags(['--host', '[::1]'], {})
    expect(host).toBe('::1')
    const server = createServer()
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen({ host, port: 0 }, resolve))
    expect(server.address()).toMatchObject({ address: '::1' })
    await new Promise((resolve) => server.close(resolve))
  })

  it.each([
    [['--prot', '1'], 'unknown option --prot'],
    [['--prot=1'], 'unknown option --prot=1'],
    [['-p', '1'], 'unknown option -p'],
    [['--port'], '--port needs a value'],
    [['--port='], '--port needs a value'],
    [['--data-dir', '--port', '1'], '--data-dir needs a value'],
    [['./data'], 'unexpected argument ./data; options start with --'],
    [['--port', '70000'], '--port must be a whole number from 0 to 65535 (0 picks a free port), got 70000'],
    [['--port', '1.5'], '--port must be a whole number from 0 to 65535 (0 picks a free port), got 1.5'],
    [['--rotate-token=yes'], '--rotate-token takes no value'],
    [['--provider-concurrency', '0'], '--provider-concurrency must be a whole number of calls from 1 to 256, got 0'],
    [['--provider-concurrency', 'many'], '--provider-concurrency must be a whole number of calls from 1 to 256, got many'],
    ...['0.0.0.0', '192.168.1.20', '::', '[::]', 'example.com', '128.0.0.1', '::ffff:10.0.0.1', '::2', 'fe80::1%lo'].map(
      (host): [string[], string] => [
        ['--host', host],
        `--host must be an address of this machine only (127.0.0.1, another 127.x.x.x, ::1 or localhost): the node's API holds provider keys and every document, got ${host}`
      ]
    ),
    [
      ['--node-name', 'my node'],
      '--node-name must start with @@ and have letters, digits, dots, dashes or underscores only (as @@me.sep-shinkai), got my node'
    ],
    [
      ['--node-name=localhost.sep-shinkai'],
      '--node-name must start with @@ and have letters, digits, dots, dashes or underscores only (as @@me.sep-shinkai), got localhost.sep-shinkai'
    ]
  ])('%j is refused: %s', (argv, message) => {
    expect(() => parseServeFlags(argv, {})).toThrow(new Error(message))
  })
})
