import { Alert, Button, Group, Text } from '@mantine/core'
import { Component, lazy, useState, type ComponentType, type ReactNode } from 'react'

/** Screens whose code failed to load: each is asked for again by the next Try again. */
const failed = new Set<() => void>()

/** A screen whose code loads when first opened, or ahead of time by `preload`. */
export type LazyScreen<P extends object> = ComponentType<P> & { readonly preload: () => Promise<void> }

/**
 * A screen whose code loads when it is first opened (React.lazy). React keeps a failed load for good:
 * in headless mode the code comes from the node, which may be restarting at that moment, so a failed
 * load is dropped and asked for again the next time (see ScreenBoundary).
 *
 * Once its code is here (opened before, or `preload`), a screen is drawn at once: React.lazy suspends
 * on its first render even then, and React holds a suspended screen's content back for up to 300 ms
 * (its fallback throttle), so the first conversation opened took 0.5-1 s where the next took 0.15.
 */
export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>): LazyScreen<P> {
  let loaded: ComponentType<P> | undefined
  const loadOnce = () =>
    load().then((c) => {
      loaded = c
      return c
    })
  const make = () =>
    lazy(() =>
      loadOnce().then(
        (c) => ({ default: c }),
        (err: unknown) => {
          failed.add(renew)
          throw err
        }
      )
    )
  let Current = make()
  const renew = () => {
    Current = make()
  }
  function Screen(props: P) {
    // Decided once a mount: a screen drawn through React.lazy and then directly would be mounted anew (its state lost).
    const [Direct] = useState(() => loaded)
    return Direct ? <Direct {...props} /> : <Current {...props} />
  }
  return Object.assign(Screen, { preload: () => loadOnce().then(() => undefined) })
}

function renewFailed() {
  for (const renew of failed) renew()
  failed.clear()
}

/** Code that could not be fetched, as Chromium, Firefox and Safari word it (and Vite, for a screen's stylesheet). */
const CODE_NOT_FETCHED = /dynamically imported module|module script failed|unable to preload css/i

/**
 * What went wrong, in a sentence: the browser's own words for code it could not fetch ("Failed to
 * fetch dynamically imported module: http://127.0.0.1:…/assets/InboxView-….js") told the operator
 * only a file's address; a screen that failed to draw is no restarting node.
 */
export function screenFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : ''
  if (CODE_NOT_FETCHED.test(message)) return 'Its code did not come from the node, which may be restarting or out of reach.'
  return `It failed while being drawn${message ? `: ${message}` : ''}. Try again; if it keeps failing, reload the window.`
}

interface State {
  readonly error: unknown
}

/**
 * The open screen, or, when its code could not be loaded (or it failed to render), a notice in its
 * place: the navigation stays, the other screens open, and Try again loads it again. Without it the
 * error took the whole window down to a blank page.
 */
export class ScreenBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null }

  static getDerivedStateFromError(error: unknown): State {
    return { error }
  }

  constructor(props: { children: ReactNode }) {
    super(props)
    // A screen opened again (the boundary is keyed by the screen) loads again what failed before.
    renewFailed()
  }

  tryAgain = () => {
    renewFailed()
    this.setState({ error: null })
  }

  override render() {
    if (this.state.error === null) return this.props.children
    return (
      <Alert color="red" title="This screen could not be loaded" role="alert" m="md">
        <Text size="sm">{screenFailure(this.state.error)}</Text>
        <Group mt="sm" gap="xs">
          <Button size="xs" onClick={this.tryAgain}>
            Try again
          </Button>
          <Button size="xs" variant="default" onClick={() => window.location.reload()}>
            Reload the window
          </Button>
        </Group>
      </Alert>
    )
  }
}
