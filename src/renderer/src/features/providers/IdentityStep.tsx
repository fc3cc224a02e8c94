import { Anchor, Code, Collapse, SimpleGrid, Stack, Switch, Table, TagsInput, Text, Textarea, TextInput } from '@mantine/core'
import { useState } from 'react'
import type { LlmProvider } from '../../../../shared/contract/provider'
import { fullName } from './provider-draft'
import { type StepProps, modelOfBody } from './wizard-step-props'

/** The wizard's fourth step: the display name and description, the agent identity and its permissions under "Advanced". */
export function IdentityStep({ draft, change, errors, mode, bodies }: StepProps & { bodies: readonly LlmProvider[] }) {
  const [advanced, setAdvanced] = useState(!!errors.full_identity_name)
  const many = bodies.length > 1
  return (
    <Stack>
      <TextInput
        label="Display name"
        description={
          mode.kind === 'edit'
            ? 'Shown wherever the provider appears.'
            : many
              ? 'Shown wherever these providers appear, with each model after it; their ids come from it.'
              : 'Shown wherever the provider appears; the provider id is derived from it, or from the model while it is empty.'
        }
        value={draft.displayName}
        onChange={(e) => change({ displayName: e.currentTarget.value })}
        placeholder="My laptop"
        error={errors.name}
      />
      <Textarea
        label="Description"
        description="Optional: what it is for, where it runs."
        rows={3}
        value={draft.description}
        onChange={(e) => change({ description: e.currentTarget.value })}
        error={errors.description}
      />
      {many ? (
        <div>
          <Text size="sm" fw={500}>
            Provider ids
          </Text>
          <Text size="xs" c="dimmed">
            One provider per model; jobs refer to each by its id.
          </Text>
          {/* Headed columns: each row read "llama3.2 box-llama3-2", without saying which was the model and which the id. */}
          <Table withTableBorder mt={4} aria-label="Provider ids">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Model</Table.Th>
                <Table.Th>Provider id</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody data-testid="provider-ids">
              {bodies.map((b) => (
                <Table.Tr key={b.id}>
                  <Table.Td ff="monospace">{modelOfBody(b)}</Table.Td>
                  <Table.Td ff="monospace">{b.id}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {errors.id && (
            <Text c="red" size="sm" mt={4}>
              {errors.id}
            </Text>
          )}
        </div>
      ) : (
        <TextInput
          label="Provider id"
          description="1–64 characters: letters, digits, _ and -. Jobs refer to the provider by it."
          withAsterisk
          value={draft.id}
          disabled={mode.kind === 'edit'}
          onChange={(e) => change({ id: e.currentTarget.value, idEdited: true })}
          error={errors.id}
        />
      )}
      <div>
        <Text size="sm" fw={500}>
          Agent identity
        </Text>
        {/* One identity a line: an inline code ran them together into what read as one long name. */}
        <Code data-testid="full-identity-name" block={many}>
          {many ? bodies.map((b) => b.full_identity_name.full_name).join('\n') : fullName(draft)}
        </Code>
        <Anchor
          component="button"
          type="button"
          size="sm"
          ml={many ? 0 : 'sm'}
          onClick={() => setAdvanced((a) => !a)}
          aria-expanded={advanced}
        >
          Advanced
        </Anchor>
        {errors.full_identity_name && (
          <Text c="red" size="sm">
            {errors.full_identity_name}
          </Text>
        )}
      </div>
      <Collapse expanded={advanced}>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label="Node name"
            value={draft.nodeName}
            onChange={(e) => change({ nodeName: e.currentTarget.value, identityEdited: true })}
          />
          <TextInput
            label="Profile"
            value={draft.profileName}
            onChange={(e) => change({ profileName: e.currentTarget.value, identityEdited: true })}
          />
          {!many && (
            <TextInput
              label="Agent name"
              value={draft.subidentityName}
              onChange={(e) => change({ subidentityName: e.currentTarget.value, identityEdited: true })}
            />
          )}
        </SimpleGrid>
      </Collapse>
      <Switch
        label="Perform locally"
        description="Run the model on this machine rather than a hosted service."
        checked={draft.performLocally}
        onChange={(e) => change({ performLocally: e.currentTarget.checked })}
      />
      <TagsInput
        label="Allowed message senders"
        description="Identities that may message this agent; Enter adds one."
        value={[...draft.allowedSenders]}
        onChange={(v) => change({ allowedSenders: v })}
      />
      <TagsInput label="Storage bucket permissions" value={[...draft.storageBuckets]} onChange={(v) => change({ storageBuckets: v })} />
      <TagsInput label="Toolkit permissions" value={[...draft.toolkits]} onChange={(v) => change({ toolkits: v })} />
    </Stack>
  )
}
