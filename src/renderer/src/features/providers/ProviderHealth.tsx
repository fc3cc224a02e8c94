import { Anchor, Badge, Button, Group, Loader, Stack, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconActivityHeartbeat } from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import type { LastCheck } from '../../../../shared/contract/provider'
import { noticeText, untilAborted } from '../../api/client'
import { CANCELLED, useCancellable } from '../../app/use-cancellable'
import { focusWhenLost } from '../../app/focus-when-lost'
import { useClient } from '../../api/client-context'
import { keys } from '../../api/queries'
import { checkDisplay } from './provider-display'
import { useNow } from '../../app/use-now'
import classes from './ProviderHealth.module.css'

const COLORS = { ok: 'teal.9', failed: 'red.9', never: 'gray' } as const

/**
 * The last check of a provider: a badge, when, and the server's sentence. `of`: the provider as its row
 * names it, which the compact view's "Show all" names for a screen reader (a page of identical "Show all"
 * buttons said nothing of whose check each opened).
 */
export function LastCheckView({ check, compact = false, of }: { check: LastCheck | null; compact?: boolean; of?: string }) {
  const shown = checkDisplay(check, useNow())
  return (
    <Stack gap={2} data-testid="last-check" data-state={shown.state}>
      {/* The time after the badge, or under it when the column is narrow: whole ("1 hr. ago"), never broken over lines. */}
      <Group gap={6} wrap="wrap" style={{ rowGap: 0 }}>
        {/* At least its word's width: a narrow table column otherwise cuts it to "Wo…". */}
        <Badge color={COLORS[shown.state]} variant={shown.state === 'never' ? 'outline' : 'filled'} tt="none" miw="max-content">
          {shown.label}
        </Badge>
        {shown.when && (
          <Text size="xs" c="dimmed" component="span" title={shown.at} style={{ whiteSpace: 'nowrap' }}>
            {shown.when}
          </Text>
        )}
      </Group>
      {compact ? (
        <ClampedDetail text={shown.detail} of={of} />
      ) : (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }} data-testid="last-check-detail">
          {shown.detail}
        </Text>
      )}
    </Stack>
  )
}

/**
 * The check's sentence in two lines, as a table row has room for (five in a narrow one: ProviderHealth.module.css); when that cuts it (what to do comes
 * last: "… Move the server to another port."), "Show all" shows the rest in place.
 */
function ClampedDetail({ text, of }: { text: string; of?: string }) {
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
        className={open ? undefined : classes.clamped}
        style={{ overflowWrap: 'anywhere' }}
        data-testid="last-check-detail"
      >
        {text}
      </Text>
      {(cut || open) && (
        <Anchor
          component="button"
          type="button"
          size="xs"
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-label={of ? `${open ? 'Show less' : 'Show all'} of the last check of ${of}` : undefined}
        >
          {open ? 'Show less' : 'Show all'}
        </Anchor>
      )}
    </div>
  )
}

/**
 * "Check": one short call to the stored provider exactly as stored; the result becomes its last_check.
 * `name`: what the notices and the button's name call the provider (its display name, as its row shows it), else its id.
 * A slow server held the button for the node's whole time limit: Cancel stops waiting, as the wizard's
 * Cancel test does (the node's call goes on and records what it finds).
 */
export function CheckButton({ providerId, label, name }: { providerId: string; label?: string; name?: string }) {
  const client = useClient()
  const qc = useQueryClient()
  const [checking, setChecking] = useState(false)
  // Left (another page): nothing more is waited for, and nothing is said.
  const run = useCancellable()
  const checkButton = useRef<HTMLButtonElement>(null)
  const cancelButton = useRef<HTMLButtonElement>(null)
  // Cancel takes Check's place while it runs (one button's width: the table's row fits an 800 px window),
  // and the focus with it; whichever way the check ends, the focus goes back to Check if Cancel had it.
  useEffect(() => {
    if (checking) return focusWhenLost(() => cancelButton.current)
  }, [checking])
  const shownName = name || providerId
  const check = async () => {
    const signal = run.start()
    setChecking(true)
    try {
      const res = await untilAborted(client.call('check_llm_provider', { body: { llm_provider_id: providerId } }), signal)
      notifications.show({ color: 'teal', title: `“${shownName}” works`, message: res.message })
    } catch (err) {
      if (signal.reason === CANCELLED)
        notifications.show({
          color: 'yellow',
          title: `The check of “${shownName}” was cancelled`,
          message: 'Its last check stays as it was until the server answers or the node gives up on it.'
        })
      else if (!signal.aborted) notifications.show({ color: 'red', title: `“${shownName}” did not answer`, message: noticeText(err) })
    } finally {
      run.end(signal)
      // Failed or not, the result is kept: show it.
      await qc.invalidateQueries({ queryKey: keys.providers })
      const hadFocus = document.activeElement === cancelButton.current
      setChecking(false)
      if (hadFocus) focusWhenLost(() => checkButton.current)
    }
  }
  return checking ? (
    <Button
      ref={cancelButton}
      size="xs"
      variant="default"
      leftSection={<Loader size={14} />}
      onClick={() => run.cancel(CANCELLED)}
      aria-label={`Cancel the check of ${shownName}`}
      style={{ flexShrink: 0 }}
    >
      Cancel
    </Button>
  ) : (
    <Button
      ref={checkButton}
      size="xs"
      variant="light"
      leftSection={<IconActivityHeartbeat size="1rem" />}
      onClick={() => void check()}
      aria-label={label ?? `Check ${shownName}`}
      style={{ flexShrink: 0 }} // beside the last check's sentence: the label stays whole
    >
      Check
    </Button>
  )
}

/** The abort reason of a check the operator cancelled (not one left with the page). */
