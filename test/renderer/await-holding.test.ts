// @vitest-environment happy-dom
import { afterEach, expect, it } from 'vitest'
import { awaitHolding, handTypingTo, stopHolding } from '../../src/renderer/src/app/dialog-typing'

/*
 * A dialog asked for after a wait (the node asked first, its code loaded): the keys typed meanwhile are
 * held for it, and an Escape then means it is not wanted.
 */

afterEach(() => {
  stopHolding()
  document.body.replaceChildren()
})

/** A key pressed on the page; true when something took it (held for the dialog). */
const press = (key: string) => !window.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }))

function later<T>() {
  let settle!: { resolve: (v: T) => void; reject: (e: unknown) => void }
  const promise = new Promise<T>((resolve, reject) => (settle = { resolve, reject }))
  return { promise, ...settle }
}

it('gives what the wait gave, with the letters typed meanwhile still held for the dialog’s field', async () => {
  const work = later<number>()
  const got = awaitHolding(work.promise)
  expect(press('a')).toBe(true)
  expect(press('b')).toBe(true)
  work.resolve(7)
  expect(await got).toEqual({ value: 7 })
  const field = document.createElement('input')
  document.body.append(field)
  handTypingTo(field)
  expect(field.value).toBe('ab')
  // Handed over, the keys go where the focus is again.
  expect(press('c')).toBe(false)
})

it('Escape pressed during the wait: nothing is given (the dialog is not opened), and keys are no longer held', async () => {
  const work = later<string | undefined>()
  const got = awaitHolding(work.promise)
  expect(press('Escape')).toBe(true)
  // The value may itself be undefined (the node could not be asked): only the wrapper tells the two apart.
  work.resolve(undefined)
  expect(await got).toBeUndefined()
  expect(press('x')).toBe(false)
})

it('a wait that fails gives nothing and leaves the keyboard alive', async () => {
  const got = awaitHolding(Promise.reject(new Error('the code could not be loaded')))
  expect(await got).toBeUndefined()
  expect(press('Escape')).toBe(false)
})

it('a wait that gave undefined without an Escape still opens the dialog', async () => {
  expect(await awaitHolding(Promise.resolve(undefined))).toEqual({ value: undefined })
})
