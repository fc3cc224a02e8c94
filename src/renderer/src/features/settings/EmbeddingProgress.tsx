import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core'
import type { FileStateCounts } from '../../../../shared/contract/vector-fs-browse'
import { hrefOf } from '../../app/router'
import { EmbedFailedAgain } from '../files'

const filesText = (n: number) => (n === 1 ? '1 file' : `${n} files`)

/**
 * Where the embedding with the model in use stands, in words: the node accepts any model name
 * (the contract tries nothing when it is saved), so a wrong one shows here, as the files fail.
 * `savedHere`: the operator saved this model on this page, and so waits for its outcome ("Done"; an
 * empty library is said by the saved message itself).
 */
export function EmbeddingProgress({
  counts,
  model,
  providerId,
  savedHere,
  onChooseModel
}: {
  counts: FileStateCounts
  model: string
  providerId: string
  savedHere: boolean
  onChooseModel: () => void
}) {
  const { files, processing, ready, failed } = counts
  return (
    <Stack gap="xs">
      {/* Read out as it moves: a live region, so the outcome is heard without looking for it. */}
      <Text size="sm" role="status" data-testid="embedding-outcome" tabIndex={-1}>
        {processing > 0
          ? `Embedding ${filesText(processing)} with ${model}…${ready > 0 ? ` ${ready} of ${files} ready.` : ''}`
          : files > 0 && savedHere && failed === 0
            ? `Done: ${files === 1 ? 'the file is' : `all ${files} files are`} embedded with ${model}.`
            : ''}
      </Text>
      {failed > 0 && <EmbeddingFailed counts={counts} providerId={providerId} onChooseModel={onChooseModel} />}
    </Stack>
  )
}

/** Files that failed with the model in use: why (the node's reason, the same for a whole batch), and what to do. */
function EmbeddingFailed({
  counts,
  providerId,
  onChooseModel
}: {
  counts: FileStateCounts
  providerId: string
  onChooseModel: () => void
}) {
  const { files, failed, failed_reasons: reasons } = counts
  const named = reasons.reduce((n, r) => n + r.files, 0)
  return (
    <Alert
      color="red"
      title={failed === files ? 'Embedding failed' : `Embedding failed for ${failed} of ${files} files`}
      data-testid="embedding-failed"
    >
      <Stack gap={4}>
        {reasons.map((r) => (
          <Text size="sm" key={r.reason}>
            {reasons.length > 1 ? `${filesText(r.files)}: ${r.reason}` : r.reason}
          </Text>
        ))}
        {failed > named && <Text size="sm">{filesText(failed - named)} failed for other reasons: each says why on the Files page.</Text>}
        <Text size="sm">Choose another model, or check the provider (is its server running?) and embed them again.</Text>
        <Group gap="sm">
          <Button size="xs" variant="default" onClick={onChooseModel}>
            Choose another model
          </Button>
          <EmbedFailedAgain failed={failed} focusAfter={() => document.querySelector<HTMLElement>('[data-testid="embedding-outcome"]')} />
          <Anchor href={hrefOf({ name: 'edit-provider', providerId })} size="sm" underline="always">
            Check the provider
          </Anchor>
        </Group>
      </Stack>
    </Alert>
  )
}
