import { Alert, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core'
import { PROVIDER_CATALOG } from '../../../../shared/provider-catalog'
import { keyNeededAt, kindOf } from './provider-draft'
import { type StepProps } from './wizard-step-props'

/** The wizard's second step: the server's address and, where it needs one, its key. */
export function ConnectionStep({ draft, change, errors, mode, hasStoredKey }: StepProps & { hasStoredKey: boolean }) {
  const kind = kindOf(draft.choice!)
  const needsKey = keyNeededAt(draft)
  // Editing, until a new key is typed: the stored key stays (or goes, with Remove key).
  const keyKept = mode.kind === 'edit' && draft.keyAction !== 'set'
  return (
    <Stack>
      <TextInput
        label="API base URL"
        description={kind === 'Ollama' ? 'Where Ollama listens.' : 'Including the version path, e.g. …/v1. A URL without a path gets /v1.'}
        placeholder={draft.choice === 'compatible' ? 'http://127.0.0.1:8080/v1' : PROVIDER_CATALOG[kind].defaultUrl}
        value={draft.externalUrl}
        onChange={(e) => change({ externalUrl: e.currentTarget.value })}
        error={errors.external_url}
        withAsterisk={draft.choice === 'compatible'}
      />
      {draft.keyUnreadable && (
        <Alert color="orange" title="Enter the API key again" data-testid="key-unreadable">
          The stored API key can no longer be decrypted on this machine (its secret key was lost or replaced). Type the key again, or leave
          the field empty to remove it.
        </Alert>
      )}
      {/* One field whether the stored key is kept or a new one typed: swapping fields at the first letter typed lost the focus, and the rest of the key with it. */}
      <Group align="flex-end">
        <PasswordInput
          label="API key"
          style={{ flex: 1 }}
          description={needsKey ? `Stored encrypted; the app never shows it again.` : 'Optional for this kind.'}
          withAsterisk={needsKey}
          value={keyKept ? '' : draft.apiKey}
          placeholder={keyKept ? (draft.keyAction === 'remove' ? 'will be removed' : hasStoredKey ? 'unchanged' : 'none set') : undefined}
          onChange={(e) => change({ keyAction: 'set', apiKey: e.currentTarget.value })}
          error={errors.api_key}
          // Mantine's PasswordInput marks its inner field only with data-invalid: without aria-invalid a screen
          // reader did not hear the key was wrong, and Next / Test & save (which focus the first invalid field) left the focus on the button.
          aria-invalid={errors.api_key ? true : undefined}
          autoComplete="off"
          data-key-field
          // In the Tab order, named for what it does (aria-pressed says whether the key is shown): a keyboard user checks a pasted key too.
          visibilityToggleFocusable
          visibilityToggleButtonProps={{ 'aria-label': 'Show API key' }}
        />
        {keyKept && hasStoredKey && draft.keyAction !== 'remove' && (
          <Button variant="light" color="red" onClick={() => change({ keyAction: 'remove', apiKey: '' })}>
            Remove key
          </Button>
        )}
        {keyKept && draft.keyAction === 'remove' && (
          <Button variant="default" onClick={() => change({ keyAction: 'unchanged' })}>
            Keep key
          </Button>
        )}
      </Group>
    </Stack>
  )
}
