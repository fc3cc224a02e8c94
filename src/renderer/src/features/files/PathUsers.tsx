import { Alert, Stack, Text } from '@mantine/core'
import { modals } from '@mantine/modals'
import { useEffect, useState } from 'react'
import type { PathUsageResponse } from '../../../../shared/contract/vector-fs-browse'
import { groupedNumber } from '../../../../shared/byte-size'
import { JobLinks } from '../../app/JobLinks'

type Usage = PathUsageResponse | 'asking' | 'unknown'

/**
 * The jobs whose scope takes in a file or folder (their scope names it, something in it, or a folder
 * holding it), asked of the node as a dialog opens; the dialog is not held back for it.
 */
function usePathUsage(path: string, ask: (path: string) => Promise<PathUsageResponse>): Usage {
  const [usage, setUsage] = useState<Usage>('asking')
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
  return usage
}

/**
 * A delete confirmation's lines saying which jobs use what goes. Where the node cannot say, the general
 * warning stands in. Dialogs are drawn outside the window's client provider: the caller hands in how to ask.
 */
export function PathUsers({ path, ask, modalId }: { path: string; ask: (path: string) => Promise<PathUsageResponse>; modalId: string }) {
  const usage = usePathUsage(path, ask)
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
export function pathUsersText(usage: Usage): string {
  if (usage === 'asking') return 'Looking for jobs that use it…'
  if (usage === 'unknown') return 'Jobs whose scope names it will find nothing there.'
  if (usage.jobs === 0) return 'No job uses it.'
  if (usage.jobs === 1) return '1 job uses it; its answers will no longer draw on it:'
  return `${groupedNumber(usage.jobs)} jobs use it; their answers will no longer draw on it:`
}

/**
 * The rename-or-move dialog's notice when jobs use the entry: a scope names a path, so after the move
 * it names a place where nothing is (the contract keeps scopes as stored). Nothing is shown otherwise.
 */
export function MoveUsers({
  path,
  ask,
  onFollow
}: {
  path: string
  ask: (path: string) => Promise<PathUsageResponse>
  onFollow: () => void
}) {
  const usage = usePathUsage(path, ask)
  return (
    <div aria-live="polite" data-testid="move-users">
      {typeof usage === 'object' && <MoveUsersNotice usage={usage} onFollow={onFollow} />}
    </div>
  )
}

/** The notice itself, for a usage already known (a drag's confirmation asks before it opens); nothing when no job uses the entry. */
export function MoveUsersNotice({ usage, onFollow }: { usage: PathUsageResponse; onFollow: () => void }) {
  const text = moveUsersText(usage)
  if (!text) return null
  return (
    <Alert color="yellow" p="xs">
      <Stack gap={4}>
        <Text size="sm">{text}</Text>
        <JobLinks jobs={usage.jobs} recent={usage.recent} onFollow={onFollow} />
      </Stack>
    </Alert>
  )
}

/** What the move dialog says of the jobs using the entry; undefined when there is nothing to say. */
export function moveUsersText(usage: Usage): string | undefined {
  if (typeof usage !== 'object' || usage.jobs === 0) return undefined
  if (usage.jobs === 1)
    return '1 job uses it. Its scope names it where it is now: once it is renamed or moved, its answers will no longer draw on it.'
  return `${groupedNumber(usage.jobs)} jobs use it. Their scopes name it where it is now: once it is renamed or moved, their answers will no longer draw on it.`
}

/**
 * The Replace dialog's notice when jobs use the file: their scopes name its path, so from the replace on
 * their answers draw on the uploaded file instead. Nothing is shown when no job uses it or the node cannot say.
 */
export function ReplaceUsers({ path, ask, modalId }: { path: string; ask: (path: string) => Promise<PathUsageResponse>; modalId: string }) {
  const usage = usePathUsage(path, ask)
  const text = replaceUsersText(usage)
  return (
    <div aria-live="polite" data-testid="replace-users">
      {text && typeof usage === 'object' && (
        <Alert color="yellow" p="xs">
          <Stack gap={4}>
            <Text size="sm">{text}</Text>
            <JobLinks jobs={usage.jobs} recent={usage.recent} onFollow={() => modals.close(modalId)} />
          </Stack>
        </Alert>
      )}
    </div>
  )
}

/** What the Replace dialog says of the jobs using the file; undefined when there is nothing to say. */
export function replaceUsersText(usage: Usage): string | undefined {
  if (typeof usage !== 'object' || usage.jobs === 0) return undefined
  if (usage.jobs === 1) return '1 job uses it: from now on its answers draw on the uploaded file instead.'
  return `${groupedNumber(usage.jobs)} jobs use it: from now on their answers draw on the uploaded file instead.`
}
