// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { useStreamedText, useStreaming } from '../../src/renderer/src/stores/streaming'

const A = 'job_inbox::jobid_a::false'
const B = 'job_inbox::jobid_b::false'

beforeEach(() => useStreaming.setState({ partial: {} }))
afterEach(cleanup)

/** A streaming row: counts its renders and shows the text it was given. */
function Row({ inbox, renders }: { inbox: string; renders: { n: number } }) {
  const text = useStreamedText(inbox)
  renders.n++
  return <p data-testid="row">{text ?? '(none)'}</p>
}

const nextFrame = () => act(() => new Promise<void>((r) => requestAnimationFrame(() => r())))

it('renders the deltas that arrive between two frames once, at the next frame, with all of them', async () => {
  useStreaming.getState().append(A, 'q1', 'Hel')
  const renders = { n: 0 }
  const { getByTestId } = render(<Row inbox={A} renders={renders} />)
  expect(getByTestId('row').textContent).toBe('Hel')
  const before = renders.n

  // 200 deltas within one frame, as a fast provider sends them over a few ms.
  act(() => {
    for (let i = 0; i < 200; i++) useStreaming.getState().append(A, 'q1', i === 0 ? 'lo' : '.')
  })
  expect(renders.n).toBe(before)
  expect(getByTestId('row').textContent).toBe('Hel')

  await nextFrame()
  expect(getByTestId('row').textContent).toBe(`Hello${'.'.repeat(199)}`)
  expect(renders.n).toBe(before + 1)
})

it('ignores another inbox’s deltas and follows the answer being cleared', async () => {
  useStreaming.getState().append(A, 'q1', 'mine')
  const renders = { n: 0 }
  const { getByTestId } = render(<Row inbox={A} renders={renders} />)
  const before = renders.n
  act(() => useStreaming.getState().append(B, 'q9', 'elsewhere'))
  await nextFrame()
  expect(renders.n).toBe(before)

  act(() => useStreaming.getState().clear(A, 'q1'))
  await nextFrame()
  expect(getByTestId('row').textContent).toBe('(none)')
})

it('stops reading when the row goes: no frame is left pending', async () => {
  const renders = { n: 0 }
  const { unmount } = render(<Row inbox={A} renders={renders} />)
  act(() => useStreaming.getState().append(A, 'q1', 'late'))
  unmount()
  const after = renders.n
  await nextFrame()
  expect(renders.n).toBe(after)
})
