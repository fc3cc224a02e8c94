import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach } from 'vitest'
import { createClient, type Client } from '../../src/renderer/src/api/client'
import { connectEvents } from '../../src/renderer/src/api/events'
import { httpTransport } from '../../src/renderer/src/api/transport'
import { useAnswerPauses } from '../../src/renderer/src/stores/answer-pauses'
import { useStreaming } from '../../src/renderer/src/stores/streaming'
import { startHttpServer } from '../../src/main/transports/http'
import type { FakeLlm } from '../support/fake-llm'
import { useFakeLlm, type TestNode } from '../support/node'

/** The window's data layer of one test, connected to the node over real HTTP. */
export interface WindowOverHttp {
  /** The loopback provider this test's node can be pointed at. */
  readonly fake: FakeLlm
  /** The window's query cache, fed by the node's event stream (connectEvents). */
  readonly qc: QueryClient
  readonly client: Client
  /** The window reloads: its streaming store emptied and a new event stream connected (the cache is kept). */
  reload(): void
}

/**
 * For *.node.test.ts: before each test, empty streaming and pause stores, a fake provider, the
 * node's HTTP server on 127.0.0.1 with its token, and the window's HTTP transport with its events
 * connected to a fresh QueryClient; all closed after the test. Call after useTestNode, so that the
 * node is up first and closed last.
 */
export function useWindowOverHttp(node: TestNode): WindowOverHttp {
  const token = 'window-token'
  // Registered first: its fake starts before the server below and closes after it.
  const fake = useFakeLlm()
  let current: (Omit<WindowOverHttp, 'fake'> & { close(): Promise<void> }) | undefined
  beforeEach(async () => {
    useStreaming.setState({ partial: {}, watched: {} })
    useAnswerPauses.setState({ pauses: {} })
    const server = await startHttpServer({ router: node.router, token, port: 0, log: node.log })
    const transport = httpTransport(server.url, token)
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
    let disconnect = connectEvents(transport, qc)
    const reload = () => {
      disconnect()
      useStreaming.setState({ partial: {}, watched: {} })
      disconnect = connectEvents(httpTransport(server.url, token), qc)
    }
    const close = async () => {
      disconnect()
      qc.clear()
      await server.close()
    }
    current = { qc, client: createClient(transport), reload, close }
  })
  afterEach(async () => {
    await current?.close()
    current = undefined
  })
  const now = () => {
    if (!current) throw new Error('useWindowOverHttp: used outside a test')
    return current
  }
  return {
    fake,
    get qc() {
      return now().qc
    },
    get client() {
      return now().client
    },
    reload: () => now().reload()
  }
}
