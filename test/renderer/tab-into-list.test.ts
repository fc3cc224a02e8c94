// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { entryControl, keepTabEntryInView, watchTabKey } from '../../src/renderer/src/app/tab-into-list'

/**
 * A list 0-300 px tall on the page with a button every 100 px from -200 (two drawn above its view,
 * as a virtual list's overscan does) to 500, and a field above and below it. The page has no layout
 * here, so each element is given its box.
 */
function page() {
  document.body.innerHTML = ''
  const box = (el: HTMLElement, top: number, height: number) =>
    (el.getBoundingClientRect = () => ({
      top,
      bottom: top + height,
      height,
      left: 0,
      right: 100,
      width: 100,
      x: 0,
      y: top,
      toJSON: () => ({})
    }))
  const before = document.body.appendChild(document.createElement('input'))
  const list = document.body.appendChild(document.createElement('div'))
  box(list, 0, 300)
  const buttons = [-200, -100, 0, 100, 200, 300, 400, 500].map((top) => {
    const b = list.appendChild(document.createElement('button'))
    b.textContent = String(top)
    box(b, top + 10, 30)
    return b
  })
  const after = document.body.appendChild(document.createElement('textarea'))
  return { before, list, buttons, after, box }
}

const pressTab = (shift = false) => window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', shiftKey: shift }))

afterEach(() => void (document.body.innerHTML = ''))

describe('Tab into a scrolled virtual list', () => {
  it('goes to the first control wholly in view coming forward, the last coming backward', () => {
    const { list, buttons } = page()
    expect(entryControl(list, true)?.textContent).toBe('0')
    expect(entryControl(list, false)?.textContent).toBe('200')
    // One long message fills the view: the nearest control beyond it in the direction of travel.
    for (const b of buttons.slice(2, 5)) b.remove()
    expect(entryControl(list, true)?.textContent).toBe('300')
    expect(entryControl(list, false)?.textContent).toBe('-100')
  })

  it('moves the focus from a control drawn above the view to one in it when Tab brought it from before the list', () => {
    watchTabKey(window)
    const { before, list, buttons } = page()
    before.focus()
    pressTab()
    expect(keepTabEntryInView(list, buttons[0]!, before, 0)).toBe(true)
    expect(document.activeElement).toBe(buttons[2])
  })

  it('comes in backward from below at the last control in view, and puts back a place the browser scrolled from', () => {
    watchTabKey(window)
    const { after, list, buttons } = page()
    after.focus()
    list.scrollTop = 180 // the browser's scroll toward buttons[7], before the focus event
    pressTab(true)
    expect(keepTabEntryInView(list, buttons[7]!, after, 0)).toBe(true)
    expect(list.scrollTop).toBe(0)
    expect(document.activeElement).toBe(buttons[4])
  })

  it('leaves alone a focus in view, one moving within the list, and one not brought by Tab (a click, a menu giving it back)', async () => {
    watchTabKey(window)
    const { before, list, buttons } = page()
    pressTab()
    expect(keepTabEntryInView(list, buttons[3]!, before, 0)).toBe(false) // in view
    expect(keepTabEntryInView(list, buttons[0]!, buttons[2]!, 0)).toBe(false) // within the list
    await new Promise((r) => setTimeout(r)) // the Tab's moment has passed
    expect(keepTabEntryInView(list, buttons[0]!, before, 0)).toBe(false)
  })
})
