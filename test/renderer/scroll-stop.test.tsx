// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react'
import { useRef, type ReactNode } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { needsScrollStop, useScrollStop } from '../../src/renderer/src/app/scroll-stop'

/*
 * A scrolling list with nothing inside for the keyboard is a Tab stop itself (else the keyboard could
 * not scroll it); with a control inside, or not scrolling, it is none; focused, it stays one until
 * the focus leaves (taking its stop then would drop the focus to the page).
 */

afterEach(cleanup)

/** Gives `el` the sizes a layout would: happy-dom lays nothing out. */
function sized(el: HTMLElement, scrollHeight: number, clientHeight: number) {
  Object.defineProperty(el, 'scrollHeight', { configurable: true, get: () => scrollHeight })
  Object.defineProperty(el, 'clientHeight', { configurable: true, get: () => clientHeight })
  return el
}

describe('needsScrollStop', () => {
  it('is true only for a list that scrolls and holds nothing Tab reaches, or holds the focus', () => {
    const list = sized(document.createElement('div'), 900, 300)
    document.body.append(list)
    list.innerHTML = '<p>A long answer</p><button tabindex="-1">Not a stop</button><button disabled>Off</button>'
    expect(needsScrollStop(list)).toBe(true)
    sized(list, 300, 300)
    expect(needsScrollStop(list)).toBe(false)
    sized(list, 900, 300)
    for (const reachable of [
      '<button>Copy answer</button>',
      '<a href="#/files">Source</a>',
      '<textarea></textarea>',
      '<div tabindex="0"></div>'
    ]) {
      list.innerHTML = `<p>Text</p>${reachable}`
      expect(needsScrollStop(list), reachable).toBe(false)
    }
    // Focused (as its own stop), it keeps it even once a control came and it no longer scrolls.
    list.tabIndex = 0
    list.focus()
    sized(list, 300, 300)
    expect(needsScrollStop(list)).toBe(true)
    list.remove()
  })
})

describe('useScrollStop', () => {
  function List({ children, onStop }: { children: ReactNode; onStop: (s: ReturnType<typeof useScrollStop>) => void }) {
    const ref = useRef<HTMLElement>(null)
    const stop = useScrollStop(ref)
    onStop(stop)
    return (
      <div
        ref={(el) => {
          ref.current = el && sized(el, 900, 300)
        }}
        data-testid="list"
        tabIndex={stop.tabIndex}
        onBlur={stop.recheck}
      >
        {children}
      </div>
    )
  }
  it('follows what the list holds after each render, and lets go of its stop when the focus leaves', () => {
    let stop!: ReturnType<typeof useScrollStop>
    const view = render(<List onStop={(s) => (stop = s)}>An answer streaming</List>)
    const list = view.getByTestId('list')
    expect(list.getAttribute('tabindex')).toBe('0')
    list.focus()
    view.rerender(
      <List onStop={(s) => (stop = s)}>
        An answer <button>Copy answer</button>
      </List>
    )
    // Still focused: it keeps its stop.
    expect(list.getAttribute('tabindex')).toBe('0')
    act(() => view.getByRole('button', { name: 'Copy answer' }).focus())
    expect(stop.tabIndex).toBeUndefined()
    expect(list.hasAttribute('tabindex')).toBe(false)
  })
})
