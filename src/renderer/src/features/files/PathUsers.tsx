import { Stack, Text } from '@mantine/core'
import { modals } from '@mantine/modals'
import { useEffect, useState } from 'react'
import type { PathUsageResponse } from '../../../../shared/contract/vector-fs-browse'
import { groupedNumber } from '../../../../shared/byte-size'
import { JobLinks } from '../../app/JobLinks'

/**
 * A delete confirmation's lines saying which jobs use the file or folder (their scope names it,
 * something in it, or a folder holding it), asked of the node as the dialog opens; the dialog is not
 * held back for it. Where the node cannot say, the general warning stands in. Dialogs are drawn
 * outside the window's client provider: the caller hands in how to ask.
 */
export function PathUsers({ path, ask, modalId }: { path: string; ask: (path: string) => Promise<PathUsageResponse>; modalId: string }) {
  const [usage, setUsage] = useState<PathUsageResponse | 'asking' | 'unknown'>('asking')
  useEffect(() => {
    let current = true
    ask(path).then(
      (u) => current && setUsage(u),
      () => current && setUsage('unknown')
    )
    return () => {
      current = false
    }
  }, [ask, path])
  return (
    <Stack gap={4} aria-live="polite" data-testid="path-users">
      <Text size="sm" c={usage === 'asking' ? 'dimmed' : undefined} fw={typeof usage === 'object' && usage.jobs > 0 ? 600 : undefined}>
        {pathUsersText(usage)}
      </Text>
      {typeof usage === 'object' && usage.jobs > 0 && (
        <JobLinks jobs={usage.jobs} recent={usage.recent} onFollow={() => modals.close(modalId)} />
      )}
    </Stack>
  )
}

/** The line above the jobs' names, as the dialog says it while asking, after, and when the node could not say. */
export function pathUsersText(usage: PathUsageResponse | 'asking' | 'unknown'): string {
  if (usage === 'asking') return 'Looking for jobs that use it…'
  if (usage === 'unknown') return 'Jobs whose scope names it will find nothing there.'
  if (usage.jobs === 0) return 'No job uses it.'
  if (usage.jobs === 1) return '1 job uses it; its answers will no longer draw on it:'
  return `${groupedNumber(usage.jobs)} jobs use it; their answers will no longer draw on it:`
}
