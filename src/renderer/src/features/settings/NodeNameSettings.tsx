import { Alert, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core'
import { useRef, useState } from 'react'
import { NODE_NAME_PATTERN, NODE_NAME_RULE } from '../../../../shared/contract/identity'
import { errorText } from '../../api/client'
import { useHealth, useRouteMutation } from '../../api/queries'
import { BusyButton } from '../../app/BusyButton'
import { focusWithMessage } from '../../app/focus-with-message'

/**
 * The node's own name (api-contract.md, "The node's own identity"): the sender of the operator's
 * messages and the node_name the provider wizard proposes. Messages already written keep theirs.
 */
export function NodeNameSettings() {
  const health = useHealth()
  const rename = useRouteMutation('change_node_name')
  const [name, setName] = useState<string | null>(null)
  /** Save was pressed with nothing to save (an empty or unchanged name): said, not ignored. */
  const [tried, setTried] = useState<'empty' | 'unchanged' | null>(null)
  const field = useRef<HTMLInputElement>(null)
  const current = health.data?.node_name
  const shown = name ?? current ?? ''
  const problem =
    (shown.trim() !== '' && !NODE_NAME_PATTERN.test(shown.trim())) || (tried === 'empty' && shown.trim() === '')
      ? NODE_NAME_RULE
      : undefined
  const unchanged = shown.trim() === current
  return (
    <Paper withBorder p="md" component="section" aria-label="Node name">
      <form
        onSubmit={(e) => {
          e.preventDefault()
          if (!health.data) return // not read yet: the field is disabled
          // A name that cannot be saved keeps the focus on it, where its message is read out.
          if (problem || shown.trim() === '') {
            setTried('empty')
            focusWithMessage(field.current)
            return
          }
          if (unchanged) {
            rename.reset() // not also "Saved." from before
            return setTried('unchanged')
          }
          rename.mutate({ new_name: shown.trim() }, { onSuccess: () => setName(null) })
        }}
      >
        <Stack gap="xs">
          <Title order={3} size="h4">
            Node name
          </Title>
          <Text size="sm">
            The name this node sends your messages as, and proposes for new providers’ identities. Messages already written keep the name
            they were sent with.
          </Text>
          <Group align="flex-start" wrap="wrap">
            <TextInput
              label="Node name"
              value={shown}
              ref={field}
              onChange={(e) => {
                setName(e.currentTarget.value)
                setTried(null)
                rename.reset()
              }}
              onKeyDown={(e) => {
                // Escape puts the saved name back (and what was said of the edit goes); with nothing edited it does nothing.
                if (e.key !== 'Escape' || e.nativeEvent.isComposing || name === null) return
                e.preventDefault()
                e.stopPropagation()
                setName(null)
                setTried(null)
                rename.reset()
              }}
              error={problem}
              disabled={!health.data}
              w={320}
            />
            {/* Not disabled when the name is unchanged: a button disabled while it has the focus drops it to the page. */}
            <BusyButton type="submit" loading={rename.isPending} mt={25}>
              Save name
            </BusyButton>
          </Group>
          {tried === 'unchanged' && !problem && (
            <Text size="sm" role="status">
              Nothing to save: this is the node’s name already.
            </Text>
          )}
          {rename.isError && <Alert color="red">{errorText(rename.error)}</Alert>}
          {rename.isSuccess && (
            <Text size="sm" c="teal">
              Saved.
            </Text>
          )}
        </Stack>
      </form>
    </Paper>
  )
}
