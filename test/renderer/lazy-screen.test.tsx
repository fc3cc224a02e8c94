// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react'
import { Suspense, useState } from 'react'
import { afterEach, expect, it } from 'vitest'
import { lazyScreen } from '../../src/renderer/src/app/screen-loading'

afterEach(cleanup)

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
