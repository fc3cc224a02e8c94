import { Alert, Anchor, Text } from '@mantine/core'
import type { Inbox } from '../../../../shared/contract/inbox'
import { emptyScope } from '../../../../shared/contract/scope'
import { countText } from '../../app/count-format'
import { scopeCount, useMissingEntries } from '../jobs'

/**
 * Said in the conversation when entries of the job's scope are gone from the library (deleted or
 * renamed since): its answers then draw only on the rest, and came back with no sources and no word
 * why, the marks on the gone entries being in Job details alone. The check is the side panel's (one
 * request for the whole scope, shared). `onDetails` opens Job details, in a drawer below the xl width.
 */
export function MissingScopeNotice({ inbox, onDetails }: { inbox: Inbox; onDetails: () => void }) {
  const scope = inbox.job_scope ?? undefined
  const missing = useMissingEntries(scope ?? emptyScope())
  if (!scope || missing.length === 0) return null
  const total = scopeCount(scope)
  const gone =
    missing.length === total
      ? total === 1
        ? 'The one entry'
        : total === 2
          ? 'Both entries'
          : `All ${countText(total)} entries`
      : `${countText(missing.length)} of the ${countText(total)} entries`
  return (
    <Alert color="yellow" py={6} px="sm" style={{ flexShrink: 0 }} data-testid="scope-missing-notice">
      <Text size="sm">
        {gone} of this job&apos;s scope {missing.length === 1 ? 'is' : 'are'} no longer in the library (deleted or renamed):{' '}
        {missing.length === total ? 'answers draw on no documents' : 'answers draw only on the rest'}.{' '}
        {/* Beside the conversation on wide windows, where the scope marks them; in a drawer on narrower ones. */}
        <Anchor component="button" type="button" size="sm" onClick={onDetails} hiddenFrom="xl">
          Show the scope
        </Anchor>
        <Text component="span" size="sm" visibleFrom="xl">
          The scope beside the conversation marks them.
        </Text>
      </Text>
    </Alert>
  )
}
