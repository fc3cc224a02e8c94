/**
 * The longest this thread's event loop was held (ms between two turns of a 1 ms timer) until
 * `settled()` holds. Tests run the node in their own process, so it is how long the node answered nothing.
 */
export async function longestHoldWhile(settled: () => boolean): Promise<number> {
  let longest = 0
  for (let last = performance.now(); !settled();) {
    await new Promise((r) => setTimeout(r, 1))
    const now = performance.now()
    longest = Math.max(longest, now - last)
    last = now
  }
  return longest
}
