// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core'
import { act, cleanup, render, screen } from '@testing-library/react'
import { Suspense, useState } from 'react'
import { afterEach, expect, it, vi } from 'vitest'
import { lazyScreen, ScreenBoundary } from '../../src/renderer/src/app/screen-loading'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

function Counter({ label }: { label: string }) {
  const [n, setN] = useState(0)
  return (
    <button type="button" onClick={() => setN(n + 1)}>
      {label} {n}
    </button>
  )
}

const shell = (Screen: React.ComponentType<{ label: string }>, label = 'Chat') => (
  <Suspense fallback={<p>Loading</p>}>
    <Screen label={label} />
  </Suspense>
)

it('a screen whose code was loaded ahead of time is drawn in the first render, without the loader', async () => {
  let loads = 0
  const Screen = lazyScreen(() => {
    loads++
    return Promise.resolve(Counter)
  })
  await Screen.preload()
  render(shell(Screen))
  // React.lazy suspends on its first render even with the code here, and React then holds the screen
  // back for up to 300 ms: the first conversation opened took 0.5-1 s where the next took 0.15.
  expect(screen.queryByText('Loading')).toBeNull()
  expect(screen.getByRole('button', { name: 'Chat 0' })).toBeTruthy()
  expect(loads).toBe(1)
})

it('a screen drawn through the loader keeps its state when drawn again once its code is here', async () => {
  let resolve!: (c: typeof Counter) => void
  const Screen = lazyScreen(() => new Promise<typeof Counter>((r) => (resolve = r)))
  const view = render(shell(Screen))
  expect(screen.getByText('Loading')).toBeTruthy()
  await act(() => {
    resolve(Counter)
    return Promise.resolve()
  })
  act(() => screen.getByRole('button', { name: 'Chat 0' }).click())
  expect(screen.getByRole('button', { name: 'Chat 1' })).toBeTruthy()
  // Drawn again (new props): the same mounted screen, not a new one at 0.
  view.rerender(shell(Screen, 'Talk'))
  expect(screen.getByRole('button', { name: 'Talk 1' })).toBeTruthy()
})

/** Within a boundary, as App draws screens (React reports on the console each error a boundary caught). */
const bounded = (Screen: React.ComponentType<{ label: string }>) => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  return (
    <MantineProvider>
      <ScreenBoundary>{shell(Screen)}</ScreenBoundary>
    </MantineProvider>
  )
}

it('a screen whose code did not come says so in a sentence, not with the browser’s words and the file’s address', async () => {
  const url = 'http://127.0.0.1:40001/assets/InboxView-CoBgOcnn.js'
  const Screen = lazyScreen<{ label: string }>(() => Promise.reject(new TypeError(`Failed to fetch dynamically imported module: ${url}`)))
  render(bounded(Screen))
  const alert = await screen.findByRole('alert')
  expect(alert.textContent).toContain('This screen could not be loaded')
  expect(alert.textContent).toContain('Its code did not come from the node, which may be restarting or out of reach.')
  expect(alert.textContent).not.toContain(url)
})

it('a screen that failed while drawn is not said to be a node out of reach', async () => {
  const Broken = () => {
    throw new Error('reading a field of undefined')
  }
  const Screen = lazyScreen<{ label: string }>(() => Promise.resolve(Broken))
  render(bounded(Screen))
  const alert = await screen.findByRole('alert')
  expect(alert.textContent).toContain('It failed while being drawn: reading a field of undefined.')
  expect(alert.textContent).not.toContain('restarting')
})
