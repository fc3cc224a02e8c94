import { StrictMode, useEffect, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { pickTransport } from './api/transport'
import type { Health } from '../../shared/contract/health'

const transport = pickTransport()

function App() {
  const [health, setHealth] = useState<Health | null>(null)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    transport
      .request({ method: 'GET', path: '/v2/health_check' })
      .then((res) => (res.status === 200 ? setHealth(res.body as Health) : setError(`status ${res.status}`)))
      .catch((err: unknown) => setError(String(err)))
  }, [])
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: 32 }}>
      <h1>Nodedesk</h1>
      {health && (
        <p data-testid="node-name">
          Node <strong>{health.node_name}</strong> is running (version {health.version}, via {transport.kind}).
        </p>
      )}
      {error && <p role="alert">The node did not answer: {error}</p>}
      {!health && !error && <p>Connecting to the node…</p>}
    </main>
  )
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>
)
