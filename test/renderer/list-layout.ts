import { afterEach, beforeEach } from 'vitest'

/**
 * happy-dom lays nothing out: every element reports a 0 px box, in which a virtual list shows no
 * row, and scrolling an element fires no scroll event. For the tests of a file calling this, each
 * element reports the box of a window's list, an element whose first child has a height in its
 * style (a virtual list's inner box) scrolls that far, and scrollTo fires `scroll` on the next
 * frame, as a browser does (the browser's part, not ours).
 */
export function layOutLists(size: { clientHeight: number; clientWidth: number } = { clientHeight: 600, clientWidth: 400 }) {
  const proto = HTMLElement.prototype as unknown as Record<string, unknown>
  const { scrollTo } = Object.getOwnPropertyDescriptors(Element.prototype) as { scrollTo: TypedPropertyDescriptor<Element['scrollTo']> }
  beforeEach(() => {
    for (const [prop, value] of Object.entries(size))
      Object.defineProperty(HTMLElement.prototype, prop, { configurable: true, get: () => value })
    Object.defineProperty(HTMLElement.prototype, 'scrollHeight', {
      configurable: true,
      get(this: HTMLElement) {
        const inner = parseFloat((this.firstElementChild as HTMLElement | null)?.style.height ?? '')
        return Number.isFinite(inner) ? Math.max(inner, size.clientHeight) : size.clientHeight
      }
    })
    Element.prototype.scrollTo = function (this: Element, ...args: Parameters<Element['scrollTo']>) {
      scrollTo.value!.apply(this, args)
      requestAnimationFrame(() => this.dispatchEvent(new Event('scroll')))
    } as Element['scrollTo']
  })
  afterEach(() => {
    for (const prop of [...Object.keys(size), 'scrollHeight']) delete proto[prop]
    Object.defineProperty(Element.prototype, 'scrollTo', scrollTo)
  })
}
