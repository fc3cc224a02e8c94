// @vitest-environment happy-dom
import { afterEach, expect, it } from 'vitest'
import { focusAfterRemoving } from '../../src/renderer/src/app/focus-when-lost'

/** A section with a field and a Remove button per entry, as the scope editor's lists are. */
function section(names: string[]) {
  document.body.innerHTML = ''
  const s = document.body.appendChild(document.createElement('section'))
  s.appendChild(document.createElement('input')).ariaLabel = 'Search'
  const buttons = names.map((n) => {
    const b = s.appendChild(document.createElement('button'))
    b.dataset.remove = ''
    b.textContent = `Remove ${n}`
    return b
  })
  return { s, buttons }
}

/** Clicked: the button takes the focus, asks for the focus after it, and goes (as the next render takes its row away). */
function removeByClick(b: HTMLElement) {
  b.focus()
  focusAfterRemoving(b)
  b.remove()
}

const focused = () => document.activeElement?.textContent || document.activeElement?.ariaLabel || document.activeElement?.tagName

afterEach(() => {
  document.body.innerHTML = ''
})

it('one removal: the focus goes to the Remove button now in its place', async () => {
  const { buttons } = section(['a', 'b', 'c'])
  removeByClick(buttons[1]!)
  await expect.poll(focused).toBe('Remove c')
})

it('two removals in quick succession: the focus goes where the later one was, not where the earlier one was', async () => {
  const { buttons } = section(['a', 'b', 'c', 'd'])
  // b, then a before the wait for b's has ended: a's place (the first) is where the operator is.
  removeByClick(buttons[1]!)
  removeByClick(buttons[0]!)
  await expect.poll(focused).toBe('Remove c')
  // And stays there: the earlier removal's wait does not take it afterwards.
  await new Promise((r) => setTimeout(r, 300))
  expect(focused()).toBe('Remove c')
})

it('the last entry removed: the focus goes to the section, never to the page', async () => {
  const { buttons } = section(['a', 'b'])
  removeByClick(buttons[1]!)
  removeByClick(buttons[0]!)
  await expect.poll(focused).toBe('Search')
})

it('a removal whose row comes back under the focus (the next entry drawn in it) leaves the focus there, and a later removal is not undone by it', async () => {
  const { buttons } = section(['a', 'b', 'c'])
  // The first Remove keeps the focus (relabelled for the next entry); the operator goes on to another row's.
  buttons[0]!.focus()
  focusAfterRemoving(buttons[0]!)
  buttons[0]!.textContent = 'Remove b2'
  await new Promise((r) => setTimeout(r, 120))
  removeByClick(buttons[2]!)
  await expect.poll(focused).toBe('Remove b')
  await new Promise((r) => setTimeout(r, 300))
  expect(focused()).toBe('Remove b')
})
