import { QueryClient } from '@tanstack/react-query'
import { cleanup } from '@testing-library/react'
import { afterEach, beforeEach, vi } from 'vitest'
import { connectEvents } from '../../src/renderer/src/api/events'
import type { Transport } from '../../src/renderer/src/api/transport'
import { InboxView } from '../../src/renderer/src/features/inboxes/InboxView'
import { useAnswerPauses } from '../../src/renderer/src/stores/answer-pauses'
import { useStreaming } from '../../src/renderer/src/stores/streaming'
import { startFakeLlm, type FakeLlm } from '../support/fake-llm'
import { addProvider, useTestNode, type TestNode } from '../support/node'
import { renderWithApp } from './render'

/** The window's IPC transport straight to `node`'s router and event bus, in process. */
export const nodeTransport = (node: TestNode): Transport => ({
  kind: 'ipc',
  request: (req) => node.router.handle(req),
  onEvent: (listener) => node.ctx.bus.subscribe(listener)
})

/**
 * A real node that answers (router, runtime and event bus in process) through a stand-in provider
 * 'p1' started for each test, with the window's answer stores emptied before each test. `show` renders
 * a conversation with the window's events connected; what it starts ends after the test.
 */
export function useAnsweringNode() {
  const node = useTestNode({ runtime: {} })
  let fake: FakeLlm | undefined
  let qc: QueryClient | undefined
  let disconnect = () => {}
  beforeEach(async () => {
    useStreaming.setState({ partial: {}, watched: {} })
    useAnswerPauses.setState({ pauses: {} })
    fake = await startFakeLlm()
    await addProvider(node, 'p1', { external_url: fake.url, api_key: 'k' })
    // happy-dom has no document.fonts, which the composer's auto-sizing textarea listens to.
    if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true })
  })
  afterEach(async () => {
    vi.useRealTimers()
    cleanup()
    disconnect()
    disconnect = () => {}
    qc?.clear()
    await fake?.close()
  })
  return {
    node,
    /** This test's stand-in provider. */
    get fake(): FakeLlm {
      if (!fake) throw new Error('useAnsweringNode: used outside a test')
      return fake
    },
    /** Shows `inbox`'s conversation over `transport` (the node's own by default); call the answer to show it again. */
    show(inbox: string, transport: Transport = nodeTransport(node)): () => void {
      qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
      disconnect = connectEvents(transport, qc)
      const client = qc
      const view = () => void renderWithApp(<InboxView inboxId={inbox} />, transport, { queryClient: client })
      view()
      return view
    }
  }
}
