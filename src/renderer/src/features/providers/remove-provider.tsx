import { Stack, Text } from '@mantine/core'
import { modals } from '@mantine/modals'
import { notifications } from '@mantine/notifications'
import { useRef, type RefObject } from 'react'
import type { ProviderListEntry } from '../../../../shared/contract/provider'
import type { ProviderUsage } from '../../../../shared/contract/provider-usage'
import { groupByServer } from '../../../../shared/provider-servers'
import { providerNamer } from '../../../../shared/provider-title'
import { ApiFailure, noticeText } from '../../api/client'
import { useClient } from '../../api/client-context'
import { useEmbeddingModel, useRouteMutation } from '../../api/queries'
import { askToConfirm, openDialog } from '../../app/confirm'
import { awaitHolding } from '../../app/dialog-typing'
import { focusWhenLost } from '../../app/focus-when-lost'
import { forgetKindChoice } from './kind-choices'
import { jobsText, ProviderInUse } from './ProviderInUse'
import { sameNameActivity, switchEveryJob } from './switch-jobs'

/**
 * Remove on a provider's row: asks the node whether jobs use it first (they keep it from being
 * removed), then confirms, removes, and moves the focus to a control still on the page.
 */
export function useRemoveProvider(
  providers: readonly ProviderListEntry[] | undefined,
  addRef: RefObject<HTMLAnchorElement | null>
): (provider: ProviderListEntry) => Promise<void> {
  const remove = useRouteMutation('remove_llm_provider')
  const change = useRouteMutation('change_job_llm_provider')
  const client = useClient()
  const embedder = useEmbeddingModel().data?.provider_id
  const asking = useRef(false)
  const confirmRemove = async (provider: ProviderListEntry) => {
    const id = provider.id
    // Named as the row shows it (its display name), with the id when it has one.
    const named = provider.name?.trim() ? `“${provider.name.trim()}” (${id})` : `“${id}”`
    // The node refuses to remove a provider jobs use: asked first, the dialog says so instead of offering a Remove that fails.
    const usageOf = () => client.call('provider_usage', { query: { llm_provider_id: id } }).catch(() => undefined)
    const showInUse = async (usage: ProviderUsage) => {
      const modalId = `provider-in-use-${id}`
      const activity = await awaitHolding(sameNameActivity(client, usage.recent))
      if (!activity) return
      const lastActive = activity.value
      const others = (providers ?? []).filter((p) => p.id !== id)
      const name = providerNamer(providers ?? [])
      // Confirmed in the dialog itself (ProviderInUse): a second dialog over it replaced it, and Cancel
      // brought it back drawn anew, the provider chosen and the focus lost.
      const onSwitch = (to: string, busy: (on: boolean) => void) => {
        busy(true)
        let moved = 0
        void switchEveryJob(
          client,
          id,
          to,
          (body) => change.mutateAsync(body),
          () => moved++
        ).then(
          () => {
            modals.close(modalId)
            notifications.show({ color: 'teal', message: `${jobsText(moved)} now answer through ${name(to)}` })
            void confirmRemove(provider)
          },
          (err: unknown) => {
            busy(false)
            notifications.show({
              color: 'red',
              title: moved ? `${jobsText(moved)} switched, then it stopped` : 'No job was switched',
              message: noticeText(err)
            })
          }
        )
      }
      openDialog({
        modalId,
        title: `${named} cannot be removed yet`,
        children: (
          <ProviderInUse
            usage={usage}
            modalId={modalId}
            named={named}
            others={others}
            nameOf={name}
            lastActive={lastActive}
            onSwitch={onSwitch}
          />
        )
      })
    }
    if (asking.current) return // a second click while the node is asked opens no second dialog
    asking.current = true
    // Keys typed while the node is asked are the dialog's, and an Escape then means it is not wanted: it
    // was lost on the button, and the dialog opened after it and stayed.
    const asked = await awaitHolding(usageOf().finally(() => (asking.current = false)))
    if (!asked) return
    const usage: ProviderUsage | undefined = asked.value
    if (usage && usage.jobs > 0) return void showInUse(usage)
    // Once it is gone, the focus goes to the next provider's Remove (or the one before, or Add provider), not to the page.
    // In the page's order (by server), worked out on the click: the page's rows are grouped by shownProviders.
    const order = groupByServer(providers ?? []).flatMap((s) => s.providers.map((p) => p.id))
    const at = order.indexOf(id)
    const next = order[at + 1] ?? order[at - 1]
    const removeButton = (p: string) => document.querySelector<HTMLElement>(`[data-testid="provider-row-${CSS.escape(p)}"] [data-remove]`)
    askToConfirm({
      title: `Remove provider ${named}?`,
      children: (
        <Stack gap="xs">
          <Text size="sm">
            Its settings and stored key are deleted.
            {usage ? '' : ' A provider that jobs use cannot be removed: switch them to another provider or delete them first.'}
          </Text>
          {id === embedder && (
            <Text size="sm" data-testid="removes-embedder">
              It is the document library’s embedding model: documents are then found by their words alone until you choose another in
              Settings.
            </Text>
          )}
        </Stack>
      ),
      labels: { confirm: 'Remove', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(
          { llm_provider_id: id },
          {
            onSuccess: () => {
              forgetKindChoice(id)
              notifications.show({ color: 'teal', message: `Provider ${named} removed` })
              focusWhenLost(
                () => (next === undefined ? null : removeButton(next)) ?? addRef.current,
                (el) => removeButton(id)?.contains(el) ?? false
              )
            },
            onError: (err) => {
              // A job made meanwhile (or a question that failed): the refusal is told as the dialog above tells it.
              void (err instanceof ApiFailure && err.status === 409 ? usageOf() : Promise.resolve(undefined)).then((now) =>
                now && now.jobs > 0
                  ? void showInUse(now)
                  : notifications.show({ color: 'red', title: 'Not removed', message: noticeText(err) })
              )
            }
          }
        )
    })
  }
  return confirmRemove
}
