import { Alert, Anchor, Group, Text } from '@mantine/core'
import type { FileStateCounts } from '../../../../shared/contract/vector-fs-browse'
import { useEmbeddingModel, useProviders, useVfsFileStates } from '../../api/queries'
import { hrefOf } from '../../app/router'
import { providerTitle } from '../providers'
import { EmbedFailedAgain } from './EmbedFailedAgain'

/**
 * Files that failed in embedding, said once above the tree: with the model in use (a model saved
 * with a wrong name, or a provider whose server is down or refuses the key, fails them all with one
 * reason), and where to choose another. Each row's red status alone left the operator to read them
 * one by one, with no way to the setting from here. Once the server runs again, they are embedded
 * again from here; the focus then goes to `focusAfter()`.
 */
export function EmbeddingFailedNotice({ focusAfter }: { focusAfter: () => HTMLElement | null | undefined }) {
  const counts = useVfsFileStates().data
  // The model and the providers are read only when there is something to say.
  return counts && counts.failed > 0 ? <Notice counts={counts} focusAfter={focusAfter} /> : null
}

function Notice({ counts, focusAfter }: { counts: FileStateCounts; focusAfter: () => HTMLElement | null | undefined }) {
  const setting = useEmbeddingModel()
  const providers = useProviders()
  const { failed, files, failed_reasons: reasons } = counts
  const model = setting.data?.model
  const providerId = setting.data?.provider_id
  const provider = providers.data?.find((p) => p.id === providerId)
  const from = provider ? providerTitle(provider) : providerId
  const which = failed === files ? (files === 1 ? 'The file' : `All ${files} files`) : `${failed} of ${files} files`
  const commonest = reasons[0]
  return (
    <Alert color="red" title={`${which} could not be embedded`} data-testid="embedding-failed-notice">
      <Text size="sm">
        {model ? `Embedding with ${model}${from ? ` from ${from}` : ''} failed` : 'Embedding failed'}
        {commonest
          ? `${reasons.length > 1 ? ` for ${commonest.files === 1 ? '1 file' : `${commonest.files} files`}` : ''}: ${commonest.reason}`
          : '.'}
        {reasons.length > 1 ? ' The others say why on their rows.' : ''}
      </Text>
      {/* "Failed" on every row read as if the files were unusable: they are not. */}
      <Text size="sm" mt={4}>
        {failed === 1 ? 'Its passages are' : 'Their passages are'} still found by their words and used in answers.
      </Text>
      <Text size="sm" mt={4}>
        <Anchor href={hrefOf({ name: 'settings' })} underline="always">
          Choose another embedding model in Settings
        </Anchor>
        , or check the provider{model ? ' (is its server running?) and embed them again' : ''}.
      </Text>
      {model && (
        <Group gap="sm" mt={6}>
          <EmbedFailedAgain failed={failed} focusAfter={focusAfter} />
        </Group>
      )}
    </Alert>
  )
}
