import { Window as HappyWindow } from 'happy-dom'
import { afterEach } from 'vitest'

/**
 * Browser windows (happy-dom) opened at a URL, each closed after its test, seen through the DOM's
 * Window type the window's code expects.
 */
export function useHappyWindows(): (url: string) => Window {
  const windows: HappyWindow[] = []
  afterEach(async () => {
    for (const w of windows.splice(0)) await w.happyDOM.close()
  })
  return (url) => {
    const happy = new HappyWindow({ url })
    windows.push(happy)
    return happy as unknown as Window
  }
}
