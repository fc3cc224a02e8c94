import { Text } from '@mantine/core'
import { errorText } from '../../api/client'
import { useRouteMutation } from '../../api/queries'
import { BusyButton } from '../../app/BusyButton'
import { focusWhenLost } from '../../app/focus-when-lost'

/**
 * Embeds the failed files again with the model in use: once its server runs again (it was stopped,
 * or unreachable for a moment), the operator had no way to this but choosing another model and back.
 * The button goes with the notice it is in once the files are processing: the focus then goes to
 * `focusAfter()`, which says what happens next.
 */
export function EmbedFailedAgain({ failed, focusAfter }: { failed: number; focusAfter: () => HTMLElement | null | undefined }) {
  const retry = useRouteMutation('retry_failed_embeddings')
  return (
    <>
      <BusyButton
        size="xs"
        // Outlined: a light red button on the red alert had no visible edge (in the dark theme none at all).
        variant="default"
        loading={retry.isPending}
        onClick={(e) => {
          const button = e.currentTarget
          retry.mutate({}, { onSuccess: () => focusWhenLost(focusAfter, (el) => el === button) })
        }}
      >
        {failed === 1 ? 'Embed the failed file again' : `Embed the ${failed} failed files again`}
      </BusyButton>
      {retry.isError && (
        <Text size="sm" role="alert">
          {errorText(retry.error)}
        </Text>
      )}
    </>
  )
}
