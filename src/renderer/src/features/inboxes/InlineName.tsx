import { ActionIcon, Group, TextInput, Title, Tooltip } from '@mantine/core'
import { IconPencil } from '@tabler/icons-react'
import { useEffect, useRef, useState } from 'react'
import { useRouteMutation } from '../../api/queries'
import { focusWhenLost } from '../../app/focus-when-lost'
import { isInputMethodKey } from '../../app/input-method-key'
import { routeNow } from '../../app/router'
import { retryFocusOwed } from './retry-focus'
import { errorText } from '../../api/client'
import { INBOX_NAME_RULE, inboxNameTooLongText, isInboxName } from '../../../../shared/contract/inbox-name-rules'

/** The inbox name; Enter or the pencil edits it in place, Enter saves, Escape cancels. */
export function InlineName({ inboxId, name }: { inboxId: string; name: string }) {
  const rename = useRouteMutation('update_smart_inbox_name')
  const [editing, setEditing] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  // Enter or Escape ends the edit from the keyboard: the focus goes back to the pencil, not to the page (the field is gone).
  const pencil = useRef<HTMLButtonElement>(null)
  const refocus = useRef(false)
  useEffect(() => {
    if (editing !== null || !refocus.current) return
    refocus.current = false
    // Only the focus the field held, dropped with it: a Tab pressed while the save was under way went
    // on to the next control, and stays there (it was taken back here once the node answered).
    const at = document.activeElement
    if (!at || at === document.body || !at.isConnected) pencil.current?.focus()
  }, [editing])
  // A conversation opened from the keyboard (its link in the list is gone) or with Alt+Up/Down: the
  // focus goes to its title, not to the page, so Tab goes on into it and Alt+Up/Down still work. Not
  // one the address has left already (passed through with Alt+Down, its view drawn late on a loaded
  // machine): its title took the focus on the way, which ended the typing carried to the next one.
  const title = useRef<HTMLHeadingElement>(null)
  // Not while the Retry of a failed answer is owed it (back from the provider's settings, retry-focus.ts).
  useEffect(() => focusWhenLost(() => (isOpenNow(inboxId) && !retryFocusOwed(inboxId) ? title.current : null)), [inboxId])
  // One save at a time: Enter starts one, and the field losing the focus meanwhile (a click elsewhere) would start another.
  const saving = useRef(false)
  const save = async () => {
    if (editing === null || saving.current) return
    const next = editing.trim()
    if (next === name) return setEditing(null)
    // Blank or over the limit: said on the field (as the list's Rename does), nothing sent, the field stays open.
    if (!isInboxName(next)) return setError(next === '' ? INBOX_NAME_RULE : inboxNameTooLongText(next))
    saving.current = true
    try {
      await rename.mutateAsync({ inbox_name: inboxId, custom_name: next })
      setEditing(null)
      setError(null)
    } catch (err) {
      refocus.current = false
      setError(errorText(err))
    } finally {
      saving.current = false
    }
  }
  if (editing !== null) {
    return (
      <TextInput
        aria-label="Inbox name"
        value={editing}
        autoFocus
        // Too long is said as it is typed; blank, once Enter is pressed (a cleared field is typed into next).
        error={editing.trim() !== '' && !isInboxName(editing.trim()) ? inboxNameTooLongText(editing.trim()) : error}
        onChange={(e) => {
          setEditing(e.currentTarget.value)
          setError(null)
        }}
        onBlur={() => {
          // Cleared and left (a click elsewhere): the name stays as it was, as a file manager does.
          if (editing.trim() === '') {
            setEditing(null)
            setError(null)
          } else void save()
        }}
        onKeyDown={(e) => {
          // Keys that pick an input method's characters (its Enter, its Escape) are the composition's.
          if (isInputMethodKey(e)) return
          if (e.key === 'Enter') {
            refocus.current = true
            void save()
          }
          if (e.key === 'Escape') {
            refocus.current = true
            setEditing(null)
            setError(null)
          }
        }}
        style={{ flex: 1 }}
      />
    )
  }
  return (
    <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
      <Title
        ref={title}
        tabIndex={-1}
        order={2}
        size="h3"
        style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', outline: 'none' }}
        data-testid="inbox-title"
        // Cut in a narrow window: the whole name shows on hovering it.
        title={name}
      >
        {name}
      </Title>
      <Tooltip label="Rename">
        <ActionIcon ref={pencil} variant="subtle" aria-label="Rename inbox" onClick={() => setEditing(name)}>
          <IconPencil size="1.125rem" />
        </ActionIcon>
      </Tooltip>
    </Group>
  )
}

/** Whether the address names `inboxId`'s conversation now (the view shown may not have followed it yet). */
function isOpenNow(inboxId: string): boolean {
  const route = routeNow()
  return route.name === 'inbox' && route.inboxId === inboxId
}
