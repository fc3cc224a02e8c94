// @vitest-environment happy-dom
import { afterEach, expect, it } from 'vitest'
import { escapeIsFor } from '../../src/renderer/src/app/own-escape'

afterEach(() => document.body.replaceChildren())

/** A drawer (a dialog) with a button in it, as the Job details drawer holds Edit scope. */
function drawer() {
  const box = document.createElement('div')
  box.setAttribute('role', 'dialog')
  const inside = document.createElement('div')
  const button = document.createElement('button')
  inside.append(button)
  box.append(inside)
  document.body.append(box)
  return { inside, button }
}

function dialogOver() {
  const box = document.createElement('div')
  box.setAttribute('role', 'dialog')
  const field = document.createElement('input')
  box.append(field)
  document.body.append(box)
  return { box, field }
}

const escapeOn = (target: Element, init: KeyboardEventInit = {}) => {
  let event: KeyboardEvent | undefined
  const take = (e: Event) => (event = e as KeyboardEvent)
  window.addEventListener('keydown', take)
  target.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, ...init }))
  window.removeEventListener('keydown', take)
  return event!
}

it('an Escape in the drawer, or on the page, with nothing over it, is the drawer’s', () => {
  const { inside, button } = drawer()
  expect(escapeIsFor(escapeOn(button), inside)).toBe(true)
  expect(escapeIsFor(escapeOn(document.body), inside)).toBe(true)
})

it('not another key, nor an Escape an input method composes with, nor one a control keeps (an open dropdown)', () => {
  const { inside, button } = drawer()
  expect(escapeIsFor(escapeOn(button, { key: 'Enter' }), inside)).toBe(false)
  expect(escapeIsFor(escapeOn(button, { isComposing: true }), inside)).toBe(false)
  button.dataset.mantineStopPropagation = 'true'
  expect(escapeIsFor(escapeOn(button), inside)).toBe(false)
})

it('a dialog open over it takes the Escape, also one typed on the drawer’s button before the focus moved into the dialog', () => {
  const { inside, button } = drawer()
  const { field } = dialogOver()
  expect(escapeIsFor(escapeOn(field), inside)).toBe(false)
  expect(escapeIsFor(escapeOn(button), inside)).toBe(false)
})

it('the Escape that closed the dialog over it (gone from the page by the time the drawer hears it) is not the drawer’s', () => {
  const { inside } = drawer()
  const { box, field } = dialogOver()
  let event: KeyboardEvent | undefined
  field.addEventListener('keydown', () => box.remove())
  window.addEventListener('keydown', (e) => (event = e), { once: true })
  field.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
  expect(event).toBeDefined()
  expect(escapeIsFor(event!, inside)).toBe(false)
})

it('a dialog asked for from inside it and not drawn yet (the panel in it marked data-opens-dialog) takes the Escape', () => {
  const { inside, button } = drawer()
  button.dataset.opensDialog = 'true'
  expect(escapeIsFor(escapeOn(button), inside)).toBe(false)
  delete button.dataset.opensDialog
  expect(escapeIsFor(escapeOn(button), inside)).toBe(true)
})
