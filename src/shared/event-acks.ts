/**
 * The desktop window's side of the event flow control (src/main/transports/ipc-events.ts): it
 * acknowledges the last event `seq` it has handled, at most once per `delayMs` and only when its
 * own timers run, so a page too busy or hung to run them acknowledges nothing, and is then sent
 * nothing more until it catches up.
 */
export function eventAcknowledger(send: (seq: number) => void, delayMs = 50): (seq: number) => void {
  let handled: number | undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  return (seq) => {
    handled = Math.max(handled ?? seq, seq)
    timer ??= setTimeout(() => {
      timer = undefined
      send(handled!)
    }, delayMs)
  }
}
