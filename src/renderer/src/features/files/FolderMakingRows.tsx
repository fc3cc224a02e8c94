import { Button, Group, Paper, Progress, Stack, Text } from '@mantine/core'
import { useSyncExternalStore, type RefObject } from 'react'
import { focusWhenLost } from '../../app/focus-when-lost'
import type { FolderMaking } from './folder-making'
import { folderName } from './FolderDialogs'

/**
 * The picked or dropped folders whose folders are being made, before their files are queued: each
 * with its count, a bar and Cancel. Cancelled, the focus goes to Upload folder.
 */
export function FolderMakingRows({ making, folderButton }: { making: FolderMaking; folderButton: RefObject<HTMLButtonElement | null> }) {
  const jobs = useSyncExternalStore(making.subscribe, making.snapshot)
  if (jobs.length === 0) return null
  return (
    <Paper withBorder p="xs" component="section" aria-label="Folders being made">
      <Stack gap={6}>
        {jobs.map((job) => {
          const text = `Making folders ${job.made} of ${job.total}`
          return (
            <div key={job.id} data-testid="folder-making">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                  {job.name}{' '}
                  <Text span size="xs" c="dimmed">
                    → {folderName(job.into)} · {text}; {job.whose} are uploaded next
                  </Text>
                </Text>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  style={{ flexShrink: 0 }}
                  aria-label={`Cancel the upload of ${job.name}`}
                  onClick={(e) => {
                    const clicked = e.currentTarget
                    focusWhenLost(
                      () => folderButton.current,
                      (el) => el === clicked
                    )
                    making.cancel(job.id)
                  }}
                >
                  Cancel
                </Button>
              </Group>
              <Progress value={job.total > 0 ? (100 * job.made) / job.total : 0} size="xs" aria-label={`${job.name}: ${text}`} />
            </div>
          )
        })}
      </Stack>
    </Paper>
  )
}
