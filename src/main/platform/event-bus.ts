import type { NodeEvent } from '../../shared/contract/events'

export type EventListener = (event: NodeEvent) => void

/** In-process fan-out of node events to the SSE streams and the desktop window. */
export interface EventBus {
  emit(event: NodeEvent): void
  subscribe(listener: EventListener): () => void
  /** Whether anyone listens: an event that takes work to build (a read of the store) is skipped when no one does. */
  listening(): boolean
}

export function createEventBus(onListenerError: (err: unknown) => void = () => {}): EventBus {
  const listeners = new Set<EventListener>()
  return {
    emit(event) {
      for (const l of [...listeners]) {
        try {
          l(event)
        } catch (err) {
          onListenerError(err)
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    listening: () => listeners.size > 0
  }
}
