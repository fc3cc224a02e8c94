import { Alert, Anchor, Badge, Button, Card, Code, Collapse, Group, Stack, Table, Text } from '@mantine/core'
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react'
import { useState } from 'react'
import type { LlmProvider } from '../../../../shared/contract/provider'
import { resolveBaseUrl, resolveUrlQuery } from '../../../../shared/provider-catalog'
import { hideUrlSecrets } from '../../../../shared/url-secrets'
import { choiceLabel, kindOf, typedKey, type ProviderDraft, type WizardMode } from './provider-draft'
import { type TestState, modelOfBody } from './wizard-step-props'

/** The review's summary, one row per setting, as a person reads it. */
export function reviewRows(
  draft: ProviderDraft,
  mode: WizardMode['kind'],
  bodies: readonly LlmProvider[],
  hasStoredKey: boolean
): [string, string][] {
  const first = bodies[0]!
  const kind = kindOf(draft.choice ?? 'OpenAI')
  const key =
    mode === 'add' || draft.keyAction === 'set'
      ? typedKey(draft)
        ? 'Set: stored encrypted, never shown again'
        : 'None'
      : draft.keyAction === 'remove'
        ? 'The stored key will be removed'
        : hasStoredKey
          ? 'Unchanged (a key is stored)'
          : 'None'
  const list = (xs: readonly string[]) => (xs.length ? xs.join(', ') : 'None')
  const rows: [string, string][] = [
    ['Kind', choiceLabel(draft.choice ?? 'OpenAI')],
    // With its query string, which every call carries (a gateway's ?api-version=): the base alone read as if it were dropped.
    // A key typed into the address is shown hidden, as the API key is.
    ['Address', resolveBaseUrl(kind, first.external_url) + resolveUrlQuery(hideUrlSecrets(first.external_url))],
    ['API key', key],
    [bodies.length > 1 ? `Models (${bodies.length})` : 'Model', bodies.map(modelOfBody).join(', ')],
    [bodies.length > 1 ? 'Provider ids' : 'Provider id', bodies.map((b) => b.id).join(', ')],
    ['Display name', bodies.length > 1 ? bodies.map((b) => b.name ?? b.id).join(', ') : (first.name ?? 'None (the id is shown)')],
    ['Description', first.description ?? 'None'],
    ['Agent identity', bodies.map((b) => b.full_identity_name.full_name).join(', ')],
    ['Performs locally', first.perform_locally ? 'Yes' : 'No'],
    ['Allowed message senders', list(first.allowed_message_senders)],
    ['Storage bucket permissions', list(first.storage_bucket_permissions)],
    ['Toolkit permissions', list(first.toolkit_permissions)]
  ]
  return rows
}

/** The last step: the summary, the provider test and its result. */
export function ReviewStep({
  draft,
  mode,
  bodies,
  testState,
  onSaveAnyway,
  onChangeConnection,
  busy,
  hasStoredKey
}: {
  draft: ProviderDraft
  mode: WizardMode
  bodies: readonly LlmProvider[]
  testState: TestState
  onSaveAnyway: () => void
  /** Back to the Connection step, where the address and key are. */
  onChangeConnection: () => void
  busy: boolean
  hasStoredKey: boolean
}) {
  const [showJson, setShowJson] = useState(false)
  const hide = (b: LlmProvider) => {
    const shown = b.external_url ? { ...b, external_url: hideUrlSecrets(b.external_url) } : b
    return 'api_key' in shown ? { ...shown, api_key: shown.api_key === null ? null : '•••••••• (hidden)' } : shown
  }
  // Exactly the request: add_llm_providers' body when adding, modify_llm_provider's when editing.
  const request = mode.kind === 'add' ? { providers: bodies.map(hide) } : hide(bodies[0]!)
  const many = bodies.length > 1
  return (
    <Stack>
      <Text data-step-focus tabIndex={-1}>
        {many
          ? `${bodies.length} providers will be added at once, one per model: all of them or, if anything is wrong, none. Each model first gets one short test call.`
          : mode.kind === 'add'
            ? 'Adding first makes one short test call to the model.'
            : 'Saving first makes one short test call to the model.'}
      </Text>
      <Table withTableBorder variant="vertical" layout="fixed" data-testid="review-summary" aria-label="Summary">
        <Table.Tbody>
          {reviewRows(draft, mode.kind, bodies, hasStoredKey).map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={220}>{label}</Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <div>
        <Anchor component="button" type="button" size="sm" onClick={() => setShowJson((v) => !v)} aria-expanded={showJson}>
          {showJson ? 'Hide the exact request' : 'Show the exact request (JSON)'}
        </Anchor>
        <Collapse expanded={showJson}>
          <Card withBorder p="sm" mt="xs">
            <Code block data-testid="review-json" style={{ whiteSpace: 'pre-wrap' }}>
              {JSON.stringify(request, null, 2)}
            </Code>
          </Card>
        </Collapse>
      </div>
      {/* The outcome stays until the save lands: the focus waits on it meanwhile (see WizardForm), not on <body>. */}
      {testState.status === 'ok' && (
        <Alert
          color="teal"
          icon={<IconCheck size="1.125rem" />}
          title={many ? 'Every model answered' : 'Connection works'}
          data-test-outcome
          tabIndex={-1}
        >
          {testState.message}
        </Alert>
      )}
      {testState.status === 'testing' && (
        <Text size="sm" c="dimmed" role="status">
          Waiting for the model to answer the test call. A server that does not answer is given up after 2 minutes; Cancel test stops
          waiting now.
        </Text>
      )}
      {testState.status === 'cancelled' && (
        <Alert color="yellow" icon={<IconAlertTriangle size="1.125rem" />} title="The test was cancelled" data-test-outcome tabIndex={-1}>
          <Text size="sm">Nothing was saved. Test again, change the settings, or save them untested.</Text>
          <Button mt="sm" size="xs" variant="light" color="yellow" onClick={onSaveAnyway} disabled={busy}>
            Save without a working test
          </Button>
        </Alert>
      )}
      {testState.status === 'failed' && (
        <Alert color="red" icon={<IconAlertTriangle size="1.125rem" />} title="The test call failed" data-test-outcome tabIndex={-1}>
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {testState.message}
          </Text>
          <Group mt="sm" gap="xs">
            {/* The message may say to check the address or key: they are on the Connection step, three steps back. */}
            <Button size="xs" variant="light" onClick={onChangeConnection} disabled={busy}>
              Change the address or key
            </Button>
            <Button size="xs" variant="light" color="red" onClick={onSaveAnyway} disabled={busy}>
              Save without a working test
            </Button>
          </Group>
        </Alert>
      )}
      {mode.kind === 'edit' && draft.keyAction === 'remove' && (
        <Badge color="red" variant="light">
          The stored key will be removed
        </Badge>
      )}
    </Stack>
  )
}
