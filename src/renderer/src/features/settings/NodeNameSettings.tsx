import { Alert, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core'
import { useEffect, useRef, useState } from 'react'
import { NODE_NAME_PATTERN, NODE_NAME_RULE } from '../../../../shared/contract/identity'
import { errorText } from '../../api/client'
import { useHealth, useRouteMutation } from '../../api/queries'
import { BusyButton } from '../../app/BusyButton'
import { focusWhenLost } from '../../app/focus-when-lost'

/**
 * The node's own name (api-contract.md, "The node's own identity"): the sender of the operator's
 * messages and the node_name the provider wizard proposes. Messages already written keep theirs.
 */
export function NodeNameSettings({ onEdited }: { onEdited: (edited: boolean) => void }) {
  const health = useHealth()
  const rename = useRouteMutation('change_node_name')
  const [name, setName] = useState<string | null>(null)
  const field = useRef<HTMLInputElement>(null)
  const saveButton = useRef<HTMLButtonElement>(null)
  const current = health.data?.node_name
  const shown = name ?? current ?? ''
  const changed = !!health.data && shown.trim() !== current
  // An edited name nodes do not take (an emptied one too) says why at once: Save is disabled meanwhile.
  const problem = changed && !NODE_NAME_PATTERN.test(shown.trim()) ? NODE_NAME_RULE : undefined
  const canSave = changed && !problem
  useEffect(() => onEdited(changed), [changed, onEdited])
  return (
    <Paper withBorder p="md" component="section" aria-label="Node name">
      <form
        onSubmit={(e) => {
          e.preventDefault()
          // Save is disabled then; Enter in the field does nothing either (the focus stays there, on its message).
          if (!canSave) return
          rename.mutate(
            { new_name: shown.trim() },
            {
              onSuccess: () => setName(null),
              // Save is disabled once saved: the focus goes to the sentence saying so (or why not), not to the page.
              onSettled: () =>
                focusWhenLost(
                  () => document.querySelector<HTMLElement>('[data-testid="node-name-saved"], [data-testid="node-name-error"]'),
                  (el) => el === saveButton.current
                )
            }
          )
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
                rename.reset()
              }}
              onKeyDown={(e) => {
                // Escape puts the saved name back (and what was said of the edit goes); with nothing edited it does nothing.
                if (e.key !== 'Escape' || e.nativeEvent.isComposing || name === null) return
                e.preventDefault()
                e.stopPropagation()
                setName(null)
                rename.reset()
              }}
              error={problem}
              disabled={!health.data}
              w={320}
            />
            {/* Disabled until there is a name to save, as the embedding model's Save is. */}
            <BusyButton ref={saveButton} type="submit" loading={rename.isPending} disabled={!canSave} mt={25}>
              Save name
            </BusyButton>
          </Group>
          {rename.isError && (
            <Alert color="red" data-testid="node-name-error" tabIndex={-1}>
              {errorText(rename.error)}
            </Alert>
          )}
          {rename.isSuccess && (
            <Text size="sm" c="teal" data-testid="node-name-saved" tabIndex={-1} style={{ outlineOffset: 2 }}>
              Saved.
            </Text>
          )}
        </Stack>
      </form>
    </Paper>
  )
}
