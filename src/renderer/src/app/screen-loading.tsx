import { Alert, Button, Group, Text } from '@mantine/core'
import { Component, lazy, type ComponentType, type ReactNode } from 'react'

/** Screens whose code failed to load: each is asked for again by the next Try again. */
const failed = new Set<() => void>()

/**
 * A screen whose code loads when it is first opened (React.lazy). React keeps a failed load for good:
 * in headless mode the code comes from the node, which may be restarting at that moment, so a failed
 * load is dropped and asked for again the next time (see ScreenBoundary).
 */
export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const make = () =>
    lazy(() =>
      load().then(
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
  return function Screen(props: P) {
    return <Current {...props} />
  }
}

function renewFailed() {
  for (const renew of failed) renew()
  failed.clear()
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
    const message = this.state.error instanceof Error ? this.state.error.message : ''
    return (
      <Alert color="red" title="This screen could not be loaded" role="alert" m="md">
        <Text size="sm">The node may be restarting or out of reach. {message}</Text>
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
