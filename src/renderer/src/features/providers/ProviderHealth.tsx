import { Anchor, Badge, Group, Stack, Text, Tooltip } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconActivityHeartbeat } from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import type { LastCheck } from '../../../../shared/contract/provider'
import { errorText } from '../../api/client'
import { useClient } from '../../api/client-context'
import { keys } from '../../api/queries'
import { checkDisplay } from './provider-display'
import { BusyButton } from '../../app/BusyButton'
import { useNow } from '../../app/use-now'

const COLORS = { ok: 'teal.9', failed: 'red.9', never: 'gray' } as const

/** The last check of a provider: a badge, when, and the server's sentence. */
export function LastCheckView({ check, compact = false }: { check: LastCheck | null; compact?: boolean }) {
  const shown = checkDisplay(check, useNow())
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
      {compact ? (
        <ClampedDetail text={shown.detail} />
      ) : (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }} data-testid="last-check-detail">
          {shown.detail}
        </Text>
      )}
    </Stack>
  )
}

/**
 * The check's sentence in two lines, as a table row has room for; when that cuts it (what to do comes
 * last: "… Move the server to another port."), "Show all" shows the rest in place.
 */
function ClampedDetail({ text }: { text: string }) {
  const ref = useRef<HTMLParagraphElement>(null)
  const [open, setOpen] = useState(false)
  const [cut, setCut] = useState(false)
  useEffect(() => {
    const el = ref.current
    if (!el || open) return
    const measure = () => setCut(el.scrollHeight > el.clientHeight + 1)
    const observer = new ResizeObserver(measure)
    observer.observe(el)
    return () => observer.disconnect()
  }, [open, text])
  return (
    <div>
      <Text
        ref={ref}
        size="xs"
        c="dimmed"
        lineClamp={open ? undefined : 2}
        style={{ overflowWrap: 'anywhere' }}
        data-testid="last-check-detail"
      >
        {text}
      </Text>
      {(cut || open) && (
        <Anchor component="button" type="button" size="xs" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
          {open ? 'Show less' : 'Show all'}
        </Anchor>
      )}
    </div>
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
