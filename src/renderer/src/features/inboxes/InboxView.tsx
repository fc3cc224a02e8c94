import { Alert, Anchor, Box, Button, Drawer, Group, Loader, Stack } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { useQueryClient } from '@tanstack/react-query'
import { IconListDetails, IconMessages } from '@tabler/icons-react'
import { useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react'
import { notifications } from '@mantine/notifications'
import { ApiFailure, errorText, noticeText } from '../../api/client'
import { keys, loadedMessages, mergeMessagePages, useInbox, useMessages, useRouteMutation, type MessagePages } from '../../api/queries'
import { isAnswer, messageRole } from '../../../../shared/message-role'
import type { LastMessage } from '../../../../shared/contract/message'
import { isAnswered } from '../../api/events'
import { questionAwaited } from './conversation-rows'
import { focusWhenLost } from '../../app/focus-when-lost'
import { hrefOf } from '../../app/router'
import { useFocusBack } from '../../app/use-focus-back'
import { useFocusStandIn } from '../../app/focus-stand-in'
import { useOwnEscape } from '../../app/own-escape'
import { useAnswerPauses } from '../../stores/answer-pauses'
import { useRegenerations } from '../../stores/regenerations'
import { unsentOfRemoved } from '../../stores/removed-inbox'
import { followAnswers, toldUpTo, useStreaming } from '../../stores/streaming'
import { Composer } from './Composer'
import headerClasses from './conversation-header.module.css'
import { ConversationList } from './ConversationList'
import { useCloseWhenWide } from './close-when-wide'
import { ConversationMenu } from './ConversationMenu'
import { HiddenMarker } from './HiddenMarker'
import { InboxSidePanel } from './InboxSidePanel'
import { MissingScopeNotice } from './MissingScopeNotice'
import { InlineName } from './InlineName'
import { MessageList } from './MessageList'
import { useOlderMessages } from './older-messages'
import { FindBar } from './find/FindBar'
import { CLOSED_BY_FIND, useClosedByFind } from './find/find-key'
import { useFind } from './find/use-find'
import { ProviderSwitcher } from './ProviderSwitcher'
import { rememberOpened } from './return-focus'
import { UnsentMessage } from './UnsentMessage'
import { leaveRemoved, leavesOnRemoval } from './open-removal'
import { jobIdOfInbox } from '../../../../shared/contract/inbox'

export function InboxView({ inboxId }: { inboxId: string }) {
  const current = useInbox(inboxId)
  const inbox = current.data
  // Not read once the inbox is known to be gone (removed while open: its messages would be a 404).
  const messages = useMessages(inboxId, inbox !== null)
  const older = useOlderMessages(inboxId, messages)
  // The question being answered now; the text itself is read by the streaming row alone.
  const streamingFor = useStreaming((s) => s.partial[inboxId]?.parent)
  const replaced = useStreaming((s) => s.partial[inboxId]?.replaced)
  const pause = useAnswerPauses((s) => s.pauses[inboxId])
  const pages = messages.data?.pages
  const list = useMemo(() => mergeMessagePages(pages ?? []), [pages])
  const find = useFind(inboxId, list, messages)
  const foundSet = useMemo(() => new Set(find.found), [find.found])
  const { words: findWords, current: foundNow, steps: findSteps } = find
  const foundInList = useMemo(
    () => ({ words: findWords, found: foundSet, current: foundNow, steps: findSteps }),
    [findWords, foundSet, foundNow, findSteps]
  )
  const retry = useRouteMutation('retry_message')
  // Regenerations asked for in this window, by question, with the replies it had then: under way until a new one is stored.
  const regenerations = useRegenerations((s) => s.asked[inboxId]) ?? NONE_ASKED
  // Questions whose answer is under way: another Regenerate of them is not offered, since the node
  // answers every retry it accepts (a second click would queue a second answer nobody asked for).
  const answering = useMemo(() => {
    const parents = new Set<string>()
    if (streamingFor !== undefined && !isAnswered(list, streamingFor, replaced)) parents.add(streamingFor)
    if (pause && !isAnswered(list, pause.parent, pause.replaced)) parents.add(pause.parent)
    for (const [parent, had] of regenerations) if (!isAnswered(list, parent, had)) parents.add(parent)
    return parents
  }, [list, streamingFor, replaced, pause, regenerations])
  // Those answered are no longer remembered.
  useEffect(() => {
    for (const [parent, had] of regenerations) if (isAnswered(list, parent, had)) useRegenerations.getState().forget(inboxId, parent)
  }, [list, regenerations, inboxId])
  const qc = useQueryClient()
  const switcherRef = useRef<HTMLInputElement>(null)
  const [details, { open: openDetails, close: closeDetails }] = useDisclosure(false)
  // Both the drawer and a dialog over it listen for Escape on the window: while a dialog is open, Escape
  // is the dialog's alone (it closed the drawer too, and the operator's place in it).
  const inDetails = useRef<HTMLDivElement>(null)
  useOwnEscape(details, closeDetails, inDetails)
  // Widened past xl, the details are beside the conversation: the drawer showing them too closes.
  useCloseWhenWide('xl', details, closeDetails, inDetails)
  // Ctrl+F in the drawer: it closes and the find opens on the conversation (FindBar), not the browser's find.
  const detailsReturnFocus = useClosedByFind(details, closeDetails)
  /** Messages sent from this view's composer: the conversation shows its end for each. */
  const [sent, setSent] = useState(0)
  const [conversations, { open: openConversations, close: closeConversations }] = useDisclosure(false)
  // Only a conversation that is there (not one shown as deleted or unknown) gets the focus back in the list.
  useEffect(() => {
    if (inbox) rememberOpened(inboxId)
  }, [inbox, inboxId])
  const jobId = jobIdOfInbox(inboxId)

  const drawerButton = useRef<HTMLButtonElement>(null)
  const detailsButton = useRef<HTMLButtonElement>(null)
  const widePanel = useRef<HTMLDivElement>(null)
  // The drawer closed after the window was widened past xl gave the focus back to the Details button, hidden
  // there: it went to the page's body, and Tab started again from the top. Then it goes to the panel beside.
  const detailsReturn = useMemo<RefObject<HTMLElement | null>>(
    () => ({
      get current() {
        const button = detailsButton.current
        if (!button || button.checkVisibility()) return button
        return widePanel.current?.querySelector<HTMLElement>('button:not(:disabled)') ?? button
      }
    }),
    []
  )
  useFocusBack(details, detailsReturn, detailsReturnFocus)
  // A dialog asked from the details beside the conversation, closed once the window is narrower than xl: its focus goes to the Details button.
  useFocusStandIn(widePanel, () => detailsButton.current)
  const conversationList = (
    <ConversationList inboxId={inboxId} drawerOpened={conversations} onDrawerClose={closeConversations} drawerButton={drawerButton} />
  )
  const conversationsButton = (
    // Narrow windows: the conversation list opens in a drawer.
    <Button
      ref={drawerButton}
      hiddenFrom="lg"
      size="xs"
      variant="default"
      leftSection={<IconMessages size="1rem" />}
      aria-haspopup="dialog"
      aria-expanded={conversations}
      onClick={openConversations}
      style={{ flexShrink: 0 }}
    >
      Conversations
    </Button>
  )

  // A conversation that cannot be shown (removed while open, here or in another window; unknown; not
  // loaded) is a notice beside the conversation list. The list stays the same element as when the
  // conversation was open, so it remembers the place the removed one had: a click or Alt+Up/Down opens
  // the conversations around it.
  const notice = (alert: ReactNode) => (
    <Group align="stretch" gap="md" wrap="nowrap" style={{ flex: 1, minHeight: 0 }}>
      {conversationList}
      <Stack gap="sm" align="flex-start" style={{ flex: 1, minWidth: 0 }}>
        {conversationsButton}
        <div style={{ alignSelf: 'stretch' }}>{alert}</div>
      </Stack>
    </Group>
  )
  // In the notice's sentence, at its size: Anchor's own (md) stood out a size larger than the words around it.
  const back = (
    <Anchor href={hrefOf({ name: 'inboxes' })} inherit>
      Back to the inboxes
    </Anchor>
  )
  // Deleted here (from the list beside, or its own menu): the next conversation opens (open-removal), said by the delete's notice.
  if (inbox === null && leavesOnRemoval(inboxId)) return notice(<Leave inboxId={inboxId} />)
  if (inbox === null) return notice(<Deleted inboxId={inboxId} />)
  // A read again that failed (the node restarted and no longer knows this window: 401; it is down)
  // leaves the conversation as it was read: the banner above says why it no longer changes.
  // Its messages not read either (dropped from the window's memory while the node was away): not shown as empty.
  const failed =
    current.isError && inbox === undefined && !(current.error instanceof ApiFailure && current.error.status === 404)
      ? current.error
      : inbox && messages.isError && !messages.data
        ? messages.error
        : null
  if (failed) {
    return notice(
      <Alert color="red" title="The inbox could not be loaded">
        {errorText(failed)} {back}
      </Alert>
    )
  }
  // Beside the list, as the conversation will be (the same list element): Alt+Up/Down pressed while it
  // is read go on from it. Nothing else of the view yet, which would be another element once it is read.
  if (current.isPending || (messages.isPending && !current.isError))
    return (
      <Group align="stretch" gap="md" wrap="nowrap" style={{ flex: 1, minHeight: 0 }}>
        {conversationList}
        <Loader role="img" aria-label="Loading inbox" />
      </Group>
    )
  if (!inbox) {
    return notice(
      <Alert color="red" title="No such inbox">
        This inbox does not exist. {back}
      </Alert>
    )
  }
  const streaming = streamingFor !== undefined && !isAnswered(list, streamingFor, replaced)
  // A question still to be answered (a queued one too, stored before the answer to the one before it).
  const waiting = questionAwaited(list)
  // A pause is shown until its answer is stored (a regenerated answer's question already has one);
  // an awaited regenerated answer counts as streaming before its first words, and shows it too.
  const paused = pause !== undefined && !isAnswered(list, pause.parent, pause.replaced)

  return (
    <Group align="stretch" gap="md" wrap="nowrap" style={{ flex: 1, minHeight: 0 }} className={headerClasses.frame}>
      {conversationList}
      <Stack gap="sm" style={{ flex: 1, minWidth: 0, minHeight: 0 }}>
        {/* On narrower views the provider goes below the name, whether the conversation list is shown or not. */}
        <div className={headerClasses.header} data-testid="conversation-header">
          <Group gap="xs" wrap="nowrap" align="flex-end" style={{ minWidth: 0, maxWidth: '100%' }}>
            {conversationsButton}
            <InlineName inboxId={inboxId} name={inbox.custom_name} />
            <HiddenMarker inbox={inbox} />
            <ConversationMenu inbox={inbox} />
          </Group>
          <Group gap="xs" wrap="nowrap" align="flex-end" style={{ minWidth: 0, maxWidth: '100%' }}>
            <ProviderSwitcher ref={switcherRef} jobId={jobId} providerId={inbox.agent.id} />
            {/* Below xl (as wide as most laptops' windows): the scope and config open in a drawer. */}
            <Button
              hiddenFrom="xl"
              size="xs"
              variant="default"
              leftSection={<IconListDetails size="1rem" />}
              ref={detailsButton}
              onClick={openDetails}
              style={{ flexShrink: 0 }}
            >
              Details
            </Button>
          </Group>
        </div>
        <MissingScopeNotice inbox={inbox} onDetails={openDetails} />
        <FindBar find={find} />
        <MessageList
          find={foundInList}
          key={inboxId}
          inboxId={inboxId}
          messages={list}
          hasOlder={messages.hasNextPage}
          loadingOlder={older.loadingOlder}
          onLoadOlder={older.loadOlder}
          streaming={streaming}
          streamingFor={streamingFor}
          waiting={(waiting || paused) && !streaming}
          pause={paused ? pause : undefined}
          answering={answering}
          onRetry={(messageId) => {
            // The question already has a reply, so nothing else says an answer is coming until its first words.
            // Once the node has queued it, so a Stop pressed at once finds it there.
            const asked = list.find((m) => m.node_api_data.node_message_hash === messageId)
            const parent = asked?.job_message.parent
            if (parent && answering.has(parent)) return
            // Asked for here, the answer is seen from its first words (its first delta may come before the
            // reply); the replies shown now are the ones it replaces, as far as the events go (see repliesTo in events.ts).
            followAnswers(inboxId, toldUpTo(inboxId) ?? list.at(-1)?.node_api_data.node_timestamp ?? '')
            const failed = (err: unknown) =>
              notifications.show({
                color: 'red',
                // Said as the button pressed says it: Retry under a failed answer, Regenerate under an answer.
                title: !parent
                  ? 'The question was not sent again'
                  : asked && messageRole(asked) === 'error'
                    ? 'The answer was not tried again'
                    : 'The answer was not regenerated',
                message: noticeText(err)
              })
            if (!parent) return void retry.mutateAsync({ inbox_name: inboxId, message_id: messageId }).catch(failed)
            const replaced = repliesTo(list, parent)
            useRegenerations.getState().ask(inboxId, parent, replaced)
            // Through the promise, not mutate's callbacks: those are not called once this view is gone
            // (another conversation opened before the node's reply), and the answer would not be awaited.
            retry.mutateAsync({ inbox_name: inboxId, message_id: messageId }).then(
              () => awaitAnswer(inboxId, parent, replaced, loadedMessages(qc.getQueryData<MessagePages>(keys.messages(inboxId)))),
              // Not queued: said so, and offered again at once.
              (err: unknown) => {
                useRegenerations.getState().forget(inboxId, parent)
                failed(err)
              }
            )
          }}
          onSwitchProvider={() => switcherRef.current?.focus()}
          jobProvider={inbox.agent.id}
          sent={sent}
        />
        <Composer jobId={jobId} inboxId={inboxId} answering={waiting || streaming || paused} onSend={() => setSent((n) => n + 1)} />
      </Stack>
      <InboxSidePanel jobId={jobId} inbox={inbox} detailsButton={detailsButton} asideRef={widePanel} />
      <Drawer
        opened={details}
        onClose={closeDetails}
        closeOnEscape={false}
        returnFocus={detailsReturnFocus}
        position="right"
        title="Job details"
        size="sm"
      >
        <div ref={inDetails} {...{ [CLOSED_BY_FIND]: '' }}>
          <InboxSidePanel jobId={jobId} inbox={inbox} inDrawer />
        </div>
      </Drawer>
    </Group>
  )
}

const NONE_ASKED: ReadonlyMap<string, readonly string[]> = new Map()

const repliesTo = (messages: readonly LastMessage[], parent: string) =>
  messages.filter((m) => m.job_message.parent === parent && isAnswer(m)).map((m) => m.node_api_data.node_message_hash)

/**
 * An answer to `parent` is awaited: it shows as being written (waiting, with Stop) until it is
 * stored. `replaced`: the replies it had when asked; `messages`: those fetched now. An answer still
 * being written in the inbox stays shown (the new one is queued behind it), and one already stored
 * (a fast provider) is not awaited again.
 */
function awaitAnswer(inboxId: string, parent: string, replaced: readonly string[], messages: readonly LastMessage[]) {
  if (isAnswered(messages, parent, replaced)) return
  // A question asked again waits behind those already waiting (the node answers them first): it is
  // shown as under way once its first words come, not over the answer another question is waiting for.
  const replied = new Set(messages.filter(isAnswer).map((m) => m.job_message.parent))
  if (messages.some((m) => !isAnswer(m) && m.node_api_data.node_message_hash !== parent && !replied.has(m.node_api_data.node_message_hash)))
    return
  const streaming = useStreaming.getState()
  const current = streaming.partial[inboxId]
  if (current && !isAnswered(messages, current.parent, current.replaced)) return
  streaming.clear(inboxId)
  streaming.append(inboxId, parent, '', replaced)
}

/** The open conversation deleted here is gone: the window goes on to the next (or the inbox list). */
function Leave({ inboxId }: { inboxId: string }) {
  useEffect(() => leaveRemoved(inboxId), [inboxId])
  return null
}

/**
 * Removed while open by another client (a window, a script): the focus, left on the page as the conversation went (its
 * message box, a button), goes to the way back; the conversation list beside it is a click away.
 */
function Deleted({ inboxId }: { inboxId: string }) {
  const link = useRef<HTMLAnchorElement>(null)
  useEffect(() => focusWhenLost(() => link.current), [])
  // What was being written in it when it went: not lost with it.
  const [unsent] = useState(() => unsentOfRemoved(inboxId))
  return (
    <Alert color="yellow" title="This conversation was deleted">
      It no longer exists on the node.{' '}
      <Anchor ref={link} href={hrefOf({ name: 'inboxes' })} inherit>
        Back to the inboxes
      </Anchor>
      {unsent && (
        <Box mt="sm">
          <UnsentMessage text={unsent} lead="What you were writing in it was not sent:" />
        </Box>
      )}
    </Alert>
  )
}
