import { Button, Text, Textarea } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { notifications } from '@mantine/notifications'
import { IconPlayerStopFilled, IconSend } from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { IconTip } from '../../app/IconTip'
import { isInputMethodKey } from '../../app/input-method-key'
import { contentTooLargeText } from '../../app/content-limit'
import { carriedFor, composerShown } from '../../stores/carried-typing'
import { takeComposerFocus } from '../../stores/composer-focus'
import { draftOf, forgetDraft, keepDraft } from '../../stores/drafts'
import { forgetRemovedInbox } from '../../stores/removed-inbox'
import { returnMessage, takeReturnedMessages } from '../../stores/returned-messages'
import { useClient } from '../../api/client-context'
import { useRouteMutation } from '../../api/queries'
import { ApiFailure, errorText, noticeText } from '../../api/client'
import { applyInboxChanges } from '../../api/inbox-pages'
import classes from './short-window.module.css'
import { SHORT_WINDOW } from './short-window'
import { UnsentMessage } from './UnsentMessage'
import { noteOwnSend } from './own-sends'

/**
 * Enter sends, Shift+Enter starts a new line; the text is kept if sending fails, and an unsent text
 * stays with its conversation when another is opened.
 */
export function Composer({
  jobId,
  inboxId,
  answering,
  onSend
}: {
  jobId: string
  inboxId: string
  answering: boolean
  /** A message is being sent from here (the conversation shows its end, where it goes). */
  onSend?: () => void
}) {
  // With what was typed on the way here (Alt+Up/Down from another conversation's box), after its draft.
  const [took] = useState(() => carriedFor(inboxId))
  const [text, setTextHere] = useState(() => draftOf(inboxId) + took)
  // Why the message in the box was not sent: said under the box, not in a notice in the corner, which
  // covered the Send button for the seconds it showed. It goes when the message is changed or sent again.
  const [unsent, setUnsent] = useState<string | null>(null)
  // Whether `unsent` says the message is over the node's size limit: the box is marked as the field to fix.
  const [tooLarge, setTooLarge] = useState(false)
  const mounted = useRef(true)
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])
  const setText = (value: string) => {
    setTextHere(value)
    keepDraft(inboxId, value)
    setUnsent(null)
    setTooLarge(false)
  }
  // A message sent from an earlier box of this conversation, refused after that box went: it is back here.
  useEffect(
    () =>
      takeReturnedMessages(inboxId, (back, reason) => {
        setTextHere(back)
        setUnsent(reason)
        setTooLarge(false)
      }),
    [inboxId]
  )
  const send = useRouteMutation('job_message')
  const client = useClient()
  const qc = useQueryClient()
  const box = useRef<HTMLTextAreaElement>(null)
  // The box is as tall as its placeholder: the whole hint took two lines of a short window's height.
  const short = useMediaQuery(SHORT_WINDOW, false, { getInitialValueInEffect: false })
  // Before the next key can come: typed after Alt+Up/Down, it goes on in this box, after what was held for it.
  useLayoutEffect(() => {
    const el = box.current
    if (!el) return
    const carried = carriedFor(inboxId)
    if (carried) keepDraft(inboxId, el.value)
    const gone = composerShown(inboxId, el, took)
    if (takeComposerFocus(inboxId)) {
      el.focus()
      el.setSelectionRange(el.value.length, el.value.length)
    }
    return gone
  }, [inboxId, took])
  const submit = async () => {
    const content = text
    if (!content.trim()) return
    // Over the node's limit, it is refused here, at once, and stays in the box: sent, the node's 413 came back
    // after a round trip. Counted on send only (typing is not slowed by counting a megabyte's bytes).
    const over = contentTooLargeText('message', content)
    if (over) {
      setUnsent(over)
      setTooLarge(true)
      box.current?.focus()
      return
    }
    // Sent from the Send button, which the emptied box disables: the focus would fall to the page.
    // It goes back to the box, where the next message is written.
    if (document.activeElement !== box.current) box.current?.focus()
    setText('')
    onSend?.()
    noteOwnSend(inboxId)
    try {
      await send.mutateAsync({ job_id: jobId, content })
    } catch (err) {
      // Back in the box, or in this conversation's draft if another is open now; not over what was typed since.
      const since = draftOf(inboxId)
      const back = since ? `${content}\n\n${since}` : content
      // The conversation was deleted meanwhile (the node has no such job): the message has nowhere to go
      // back to. No draft is kept for it, and the view says it was deleted, as when its removal is heard
      // of first (its inbox_changed event); with the event stream down, this is the first news of it.
      if (err instanceof ApiFailure && err.status === 404) {
        // The notice below keeps what was typed since too: the view saying it was deleted need not show it again.
        forgetDraft(inboxId)
        forgetRemovedInbox(inboxId)
        applyInboxChanges(qc, new Map([[inboxId, null]]))
        // What was typed is not lost with it (nor what was typed since, the draft that goes): the notice
        // keeps it, to copy, until it is dismissed.
        notifications.show({ color: 'red', title: 'Not sent', autoClose: false, message: <UnsentMessage text={back} /> })
        return
      }
      keepDraft(inboxId, back)
      setTextHere(back)
      // Another conversation opened meanwhile, this box is gone: the message is back in the box shown for this
      // conversation now, if the operator came back to it, or a notice says it (the text waits in its draft).
      if (mounted.current) setUnsent(errorText(err))
      else if (!returnMessage(inboxId, back, errorText(err)))
        notifications.show({ color: 'red', title: 'Not sent', message: noticeText(err) })
    }
  }
  // Stop goes once the answer has stopped: the focus it held goes to the message box, not to the page.
  const stopFocused = useRef(false)
  useEffect(() => {
    if (answering || !stopFocused.current) return
    stopFocused.current = false
    if (!document.activeElement || document.activeElement === document.body) box.current?.focus()
  }, [answering])
  const stop = () =>
    client
      .call('stop_llm', { body: { inbox_name: inboxId } })
      .catch((err: unknown) => notifications.show({ color: 'red', message: noticeText(err) }))
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault()
        void submit()
      }}
    >
      {/* The buttons go under the box, not beside it: beside it, Stop (while an answer is written) took its room from
          the box, which narrowed by a third the moment an answer began. A short window has no height to spare for
          them: there they are beside it, as icons (short-window.module.css). */}
      <div className={classes.composer}>
        <Textarea
          ref={box}
          aria-label="Message"
          // Alt+Up/Down open the next conversation from here (ConversationList).
          data-conversation-keys=""
          placeholder={short ? 'Write a message…' : 'Write a message… (Enter sends, Shift+Enter for a new line)'}
          // Grown with its text by the browser (field-sizing in short-window.module.css), not by Mantine's autosize:
          // that measured the whole text in a hidden copy of the box twice on every key and every render, and
          // with a pasted log of 4,000 lines (200 KB) each key typed after it took 170 ms, a plain textarea's 20 ms.
          rows={1}
          classNames={{ input: classes.box }}
          value={text}
          // Marked (red, aria-invalid) while it is over the limit; the sentence is the note under the box (an alert).
          error={tooLarge}
          onChange={(e) => setText(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !isInputMethodKey(e)) {
              e.preventDefault()
              void submit()
            } else if (e.key === 'Escape' && answering && !isInputMethodKey(e) && !e.altKey && !e.ctrlKey && !e.metaKey && !e.shiftKey) {
              // Escape stops the answer being written, as Stop does, without leaving the box for it.
              e.preventDefault()
              e.stopPropagation()
              void stop()
            }
          }}
        />
        <div className={classes.buttons}>
          {answering && (
            <IconTip label="Stop" disabled={!short} openDelay={SHORT_TIP_DELAY_MS}>
              <Button
                variant="light"
                color="red"
                classNames={buttonClasses}
                leftSection={<IconPlayerStopFilled size="0.875rem" />}
                onClick={() => void stop()}
                onFocus={() => (stopFocused.current = true)}
                // Removed with the focus on it, it gives no element to go to: that is the case handled above.
                onBlur={(e) => {
                  if (e.relatedTarget) stopFocused.current = false
                }}
              >
                Stop
              </Button>
            </IconTip>
          )}
          <IconTip label="Send" disabled={!short} openDelay={SHORT_TIP_DELAY_MS}>
            <Button
              type="submit"
              classNames={buttonClasses}
              leftSection={<IconSend size="1rem" />}
              loading={send.isPending}
              disabled={!text.trim()}
            >
              Send
            </Button>
          </IconTip>
        </div>
      </div>
      {unsent && (
        <Text role="alert" size="sm" c="red" mt={4} data-testid="unsent-note">
          <b>Not sent:</b> {unsent}
        </Text>
      )}
    </form>
  )
}

const buttonClasses = { label: classes.buttonLabel, section: classes.buttonSection }

/**
 * A short window draws Send and Stop as their icons alone (their names are read out, not shown): a
 * mouse pointed at one shows its name, after a moment. With the name shown there is no tooltip repeating it.
 */
const SHORT_TIP_DELAY_MS = 300
