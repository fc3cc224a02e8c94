import { Badge, Group, Stack, Text, Tooltip } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconActivityHeartbeat } from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { LastCheck } from '../../../../shared/contract/provider'
import { errorText } from '../../api/client'
import { useClient } from '../../api/client-context'
import { keys } from '../../api/queries'
import { checkDisplay } from './provider-display'
import { BusyButton } from '../../app/BusyButton'

const COLORS = { ok: 'teal.9', failed: 'red.9', never: 'gray' } as const

/** The last check of a provider: a badge, when, and the server's sentence. */
export function LastCheckView({ check, compact = false }: { check: LastCheck | null; compact?: boolean }) {
  const shown = checkDisplay(check)
  return (
    <Stack gap={2} data-testid="last-check" data-state={shown.state}>
      <Group gap={6} wrap="nowrap">
        {/* At least its word's width: a narrow table column otherwise cuts it to "Wo…". */}
        <Badge color={COLORS[shown.state]} variant={shown.state === 'never' ? 'outline' : 'filled'} tt="none" miw="max-content">
          {shown.label}
        </Badge>
        {shown.when && (
          <Tooltip label={shown.at}>
            <Text size="xs" c="dimmed" component="span">
              {shown.when}
            </Text>
          </Tooltip>
        )}
      </Group>
      <Text size="xs" c="dimmed" lineClamp={compact ? 2 : undefined} style={{ overflowWrap: 'anywhere' }}>
        {shown.detail}
      </Text>
    </Stack>
  )
}

/**
 * "Check": one short call to the stored provider exactly as stored; the result becomes its last_check.
 * `name`: what the notices call the provider (its display name, as its row shows it), else its id.
 */
export function CheckButton({ providerId, label, name }: { providerId: string; label?: string; name?: string }) {
  const client = useClient()
  const qc = useQueryClient()
  const [checking, setChecking] = useState(false)
  const check = async () => {
    setChecking(true)
    try {
      const res = await client.call('check_llm_provider', { body: { llm_provider_id: providerId } })
      notifications.show({ color: 'teal', title: `“${name || providerId}” works`, message: res.message })
    } catch (err) {
      notifications.show({ color: 'red', title: `“${name || providerId}” did not answer`, message: errorText(err) })
    } finally {
      // Failed or not, the result is kept: show it.
      await qc.invalidateQueries({ queryKey: keys.providers })
      setChecking(false)
    }
  }
  return (
    <BusyButton
      size="xs"
      variant="light"
      leftSection={<IconActivityHeartbeat size={16} />}
      loading={checking}
      onClick={() => void check()}
      aria-label={label ?? `Check ${providerId}`}
      style={{ flexShrink: 0 }} // beside the last check's sentence: the label stays whole
    >
      Check
    </BusyButton>
  )
}
