import { Button, CloseButton, Group, Paper, Progress, Stack, Text } from '@mantine/core'
import {
  memo,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type CSSProperties,
  type ReactNode,
  type RefObject
} from 'react'
import { askToConfirm } from '../../app/confirm'
import { focusWhenLost } from '../../app/focus-when-lost'
import { throttledSubscribe } from '../../app/throttled-subscribe'
import { isCancellable, isSent, MAX_UPLOAD_ROWS, UploadQueue, type UploadRow, type UploadView } from './upload-queue'
import { fileSizeText } from '../../../../shared/byte-size'
import { countText } from '../../app/count-format'
import { useClient } from '../../api/client-context'
import type { PathUsageResponse } from '../../../../shared/contract/vector-fs-browse'
import { ReplaceUsers } from './PathUsers'
import { joinPath } from './vfs-paths'

/** How often at most the uploads panel is drawn again while files are sent. */
const UPLOAD_DRAW_MS = 100

/**
 * "Cancel N uploads", or, while some of the files left are sent whole (the node is storing them, which
 * cancelling cannot stop), "Cancel N waiting uploads": the count beside Files and the summary's files left
 * include those, and the button's smaller number read as a miscount.
 */
export const cancelAllText = (cancellable: number, waiting: number): string =>
  waiting > cancellable ? `Cancel ${countText(cancellable)} waiting uploads` : `Cancel ${countText(cancellable)} uploads`

/** Why the files left outnumber those Cancel stops. */
export const sentWholeText = (sent: number): string =>
  sent === 1
    ? '1 more file is sent whole and being stored by the node: it can no longer be cancelled.'
    : `${countText(sent)} more files are sent whole and being stored by the node: they can no longer be cancelled.`

/**
 * The uploads summary's line, its counts grouped as the rest of the window writes them ("4,838 of 5,001 files
 * done"; it read "4838 of 5001").
 */
export function summaryText(view: UploadView, hidden: number): string {
  const { done, total, noText, textUnknown, failed, cancelled } = view
  return (
    (view.waiting > 0
      ? `Uploading: ${countText(done)} of ${countText(total)} files done`
      : `${countText(done)} of ${countText(total)} files uploaded`) +
    (noText > 0 ? `, ${countText(noText)} with no text found` : '') +
    (textUnknown > 0 ? `, ${countText(textUnknown)} not checked for text` : '') +
    (failed > 0 ? `, ${countText(failed)} failed` : '') +
    (cancelled > 0 ? `, ${countText(cancelled)} cancelled` : '') +
    ` (${countText(hidden)} not listed)`
  )
}

/** The uploads under way and just done, each with its progress, a Cancel and what went wrong. */
export function UploadRows({ queue, uploadButton }: { queue: UploadQueue; uploadButton: RefObject<HTMLButtonElement | null> }) {
  // Drawn at most every UPLOAD_DRAW_MS: a folder of thousands of small files changed the rows several times a file.
  // A few rows are drawn at each change: there the operator's clicks and the focus follow every one.
  const subscribe = useMemo(() => throttledSubscribe(queue.subscribe, UPLOAD_DRAW_MS, () => queue.size() <= MAX_UPLOAD_ROWS), [queue])
  // The counts and the rows to draw, which the queue keeps as its rows change: found here, every row was gone over
  // several times at each draw (and copied once).
  const view = useSyncExternalStore(subscribe, queue.view)
  const cancelAllButton = useRef<HTMLButtonElement>(null)
  const clearButton = useRef<HTMLButtonElement>(null)
  const dismissFailedButton = useRef<HTMLButtonElement>(null)
  // Each of those buttons goes once it has done its work: the focus moves to another one, else to Upload files.
  const focusNext = (clicked: HTMLElement) =>
    focusWhenLost(
      () => cancelAllButton.current ?? clearButton.current ?? dismissFailedButton.current ?? uploadButton.current,
      (el) => el === clicked
    )
  if (view.total === 0) return null
  const finished = view.done + view.failed + view.cancelled > 0
  const hidden = view.total - view.shown.length
  return (
    <Paper withBorder p="xs" component="section" aria-label="Uploads">
      <Stack gap={6}>
        {hidden > 0 && (
          <div data-testid="upload-summary">
            <Text size="sm">{summaryText(view, hidden)}</Text>
            <Progress
              value={(100 * (view.total - view.waiting)) / view.total}
              size="xs"
              aria-label={`Uploads: ${countText(view.total - view.waiting)} of ${countText(view.total)} finished`}
            />
          </div>
        )}
        {/* The rows scroll within a part of the window's height: forty failures (a folder uploaded again) pushed
            the library's tree below the fold. The summary and the buttons for them all stay in sight. */}
        <Stack gap={6} data-testid="upload-rows" style={{ maxHeight: UPLOAD_ROWS_MAX_HEIGHT, overflowY: 'auto' }}>
          {view.shown.map((r) => (
            <UploadRowView key={r.id} row={r} queue={queue} uploadButton={uploadButton} />
          ))}
        </Stack>
        {(finished || view.cancellable > 1) && (
          <Group gap="xs">
            {/* Only the failures that can change: a file refused for what it is would be refused again, and one refused
                for its name too (it keeps its Replace); beside those, the button says it retries the others. */}
            {view.retryable > 1 && (
              <Button
                aria-label={
                  view.taken > 0
                    ? `Retry the ${countText(view.retryable)} other failed uploads (not the ${countText(view.taken)} whose names are taken)`
                    : undefined
                }
                size="xs"
                variant="subtle"
                w="fit-content"
                onClick={(e) => {
                  // Gone once its files are sent again: the focus was left on the page.
                  const clicked = e.currentTarget
                  focusWhenLost(
                    () => clearButton.current ?? uploadButton.current,
                    (el) => el === clicked
                  )
                  queue.retryFailed()
                }}
              >
                {view.taken > 0 ? `Retry the ${countText(view.retryable)} other failed` : `Retry ${countText(view.retryable)} failed`}
              </Button>
            )}
            {/* A folder uploaded again: its files refused for names the library has, replaced at once after one question. */}
            {view.taken > 1 && (
              <Button
                size="xs"
                variant="subtle"
                color="orange"
                w="fit-content"
                onClick={() => confirmReplaceAll(queue, () => clearButton.current ?? uploadButton.current)}
              >
                Replace {countText(view.taken)} files
              </Button>
            )}
            {view.cancellable > 1 && (
              <BarButton buttonRef={cancelAllButton} color="red" onDone={focusNext} act={() => queue.cancelAll()}>
                {cancelAllText(view.cancellable, view.waiting)}
              </BarButton>
            )}
            {/* The failures stay, each with its Retry, Replace or Dismiss, until dismissed on their own. */}
            {view.done + view.cancelled > 0 && (
              <BarButton buttonRef={clearButton} onDone={focusNext} act={() => queue.clearFinished()}>
                Clear finished
              </BarButton>
            )}
            {view.failed > 1 && (
              <BarButton buttonRef={dismissFailedButton} color="gray" onDone={focusNext} act={() => queue.dismissFailed()}>
                Dismiss {countText(view.failed)} failed
              </BarButton>
            )}
          </Group>
        )}
        {view.cancellable > 1 && view.waiting > view.cancellable && (
          <Text size="xs" c="dimmed" data-testid="uploads-sent-whole">
            {sentWholeText(view.waiting - view.cancellable)}
          </Text>
        )}
      </Stack>
    </Paper>
  )
}

/** A button under the rows that goes once it has done its work: `onDone` hands the focus on before `act`. */
function BarButton({
  buttonRef,
  color,
  onDone,
  act,
  children
}: {
  buttonRef: RefObject<HTMLButtonElement | null>
  color?: string
  onDone: (clicked: HTMLElement) => void
  act: () => void
  children: ReactNode
}) {
  return (
    <Button
      ref={buttonRef}
      size="xs"
      variant="subtle"
      color={color}
      w="fit-content"
      onClick={(e) => {
        onDone(e.currentTarget)
        act()
      }}
    >
      {children}
    </Button>
  )
}

/** The most of the window's height the upload rows take before they scroll. */
const UPLOAD_ROWS_MAX_HEIGHT = '40vh'

/**
 * Asks before the files refused for their names replace the library's files of those names: the files
 * refused when it is asked, not one refused while the question is open (a dropped folder still being
 * sent), which the operator was not asked about. Once they are sent the button is gone: the focus goes
 * to `next` (it was left on the page).
 */
function confirmReplaceAll(queue: UploadQueue, next: () => HTMLElement | null) {
  const ids = queue.takenIds()
  const count = ids.length
  askToConfirm({
    title: `Replace ${count} files in the library?`,
    children: (
      <Text size="sm">
        {count} files were not uploaded because their folders already have files of the same names. Each of those library files is deleted
        and the uploaded file takes its place: the old file's text is no longer found in searches or answers, and this cannot be undone. A
        folder of the same name is never replaced.
      </Text>
    ),
    labels: { confirm: `Replace ${count} files`, cancel: 'Cancel' },
    confirmProps: { color: 'orange' },
    onConfirm: () => {
      queue.replaceAllTaken(ids)
      focusWhenLost(next)
    }
  })
}

const folderName = (folder: string) => (folder === '/' ? 'the top folder' : folder)

/**
 * Asks before one refused file replaces the library's file of its name, naming both (Cancel, focused,
 * keeps everything as it is and gives the focus back to the row's Replace). Replaced, the focus goes as
 * after the row's other actions.
 */
function confirmReplaceOne(
  queue: UploadQueue,
  row: UploadRow,
  button: HTMLButtonElement,
  uploadButton: RefObject<HTMLButtonElement | null>,
  askUsers: (path: string) => Promise<PathUsageResponse>
) {
  const where = folderName(row.folder)
  const modalId = `confirm-replace:${row.id}`
  askToConfirm({
    modalId,
    title: `Replace “${row.name}” in ${where}?`,
    children: (
      <Stack gap="xs">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          The library&apos;s file “{row.name}” in {where} is deleted and the uploaded file takes its place: the old file&apos;s text is no
          longer found in searches or answers, and this cannot be undone.
        </Text>
        {/* The jobs whose scopes take in the file, and so will answer from the new one: asked as the dialog opens. */}
        <ReplaceUsers path={joinPath(row.folder, row.name)} ask={askUsers} modalId={modalId} />
      </Stack>
    ),
    labels: { confirm: 'Replace', cancel: 'Cancel' },
    confirmProps: { color: 'orange' },
    onConfirm: () => {
      // Dismissed or cleared meanwhile: nothing to replace (replace() sends only a file still refused for its name).
      const now = queue.snapshot().find((r) => r.id === row.id)
      if (!now || !queue.canReplace(now)) return
      focusAfterRowAction(button, row.id, uploadButton)
      queue.replace(row.id)
    }
  })
}

/**
 * Where the focus goes once a row's Retry or Dismiss is gone with its state: the row's own control if it has
 * one now (Cancel of the retried file), else the next row's Retry, Dismiss or Cancel, the one before, then Upload files.
 */
function focusAfterRowAction(clicked: HTMLElement, id: number, uploadButton: RefObject<HTMLButtonElement | null>) {
  const section = clicked.closest('section')
  const rows = section ? [...section.querySelectorAll<HTMLElement>('[data-testid=upload-row]')] : []
  const at = rows.findIndex((r) => r.dataset.uploadId === String(id))
  // A row's action (Cancel, Retry or Dismiss), not its Details disclosure.
  const controlOf = (r: HTMLElement | undefined) => r?.querySelector<HTMLElement>('button:not([aria-expanded])')
  focusWhenLost(
    () => {
      const now = section?.isConnected ? [...section.querySelectorAll<HTMLElement>('[data-testid=upload-row]')] : []
      const same = now.find((r) => r.dataset.uploadId === String(id))
      if (same) return controlOf(same) ?? controlOf(now[at + 1]) ?? controlOf(now[at - 1]) ?? uploadButton.current
      return controlOf(now[at]) ?? controlOf(now[at - 1]) ?? uploadButton.current
    },
    (el) => el === clicked
  )
}

/** What a row and its controls are drawn from. */
interface RowProps {
  readonly row: UploadRow
  readonly queue: UploadQueue
  readonly uploadButton: RefObject<HTMLButtonElement | null>
}

/**
 * A row's Cancel. It goes once every byte is sent, with the focus on it when a Retry or Replace put it
 * there (or the operator tabbed to it): the focus then goes on as after the row's other actions (it was
 * left on the page). Its cleanup runs before the button leaves the page, so the focus is still on it.
 */
function CancelUpload({ row, queue, uploadButton }: RowProps) {
  const ref = useRef<HTMLButtonElement>(null)
  useLayoutEffect(() => {
    const button = ref.current
    return () => {
      if (button && document.activeElement === button) focusAfterRowAction(button, row.id, uploadButton)
    }
  }, [row.id, uploadButton])
  return (
    <CloseButton
      ref={ref}
      size="xs"
      aria-label={`Cancel the upload of ${row.name}`}
      onClick={() => queue.cancel(row.id)}
      style={{ flexShrink: 0 }}
    />
  )
}

/**
 * A failure's Details: the node's own words, led by that; the connection's or the window's alone. "The node
 * answered: The node did not answer (the upload was interrupted)" was said of an upload cut off.
 */
const detailLine = (s: { readonly detail: string; readonly answered?: boolean }) =>
  s.answered === false ? s.detail : `The node answered: ${s.detail}`

/** What a row done with no text found means (its tooltip). */
const NO_TEXT_TITLE =
  'Stored, but no text could be read from this file (it is empty, or a scan with no text layer): search and answers cannot use it.'

/** What a row done with no text found means, said under it. */
const noTextSentence = (name: string) =>
  `${name} is stored, but no text could be read from it (it is empty, or a scan with no text layer), so search and answers cannot use it. If it is a scan, upload a copy with its text recognised (OCR).`

/** What a row done with its text unknown means (its tooltip). */
const TEXT_UNKNOWN_TITLE =
  'Stored. The node did not say in time whether text could be read from this file: open it in the library to see its passages.'

/** A failed row: its name and buttons on the first line, its sentence across the whole row below. */
const FAILED_ROW: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  gridTemplateAreas: '"name actions" "why why"',
  columnGap: 'var(--mantine-spacing-xs)',
  alignItems: 'center'
}

/** One file's row; drawn again only when that file's state changes (rows are replaced, not edited, on each step). */
const UploadRowView = memo(function UploadRowView({ row, queue, uploadButton }: RowProps) {
  const client = useClient()
  const s = row.state
  // Every byte sent, the node reads the file (a long PDF takes a while) and stores it: no longer "uploading 100%", nor cancelled.
  const sent = isSent(s)
  const label: ReactNode =
    s.kind === 'queued'
      ? 'queued'
      : sent
        ? 'sent; the node is reading it…'
        : s.kind === 'uploading'
          ? s.total > 0
            ? `uploading ${Math.round((100 * s.loaded) / s.total)}%`
            : 'uploading'
          : s.kind === 'done'
            ? s.noText
              ? 'done — no text found'
              : s.textUnknown
                ? 'done — not checked for text'
                : 'done'
            : s.kind === 'cancelled'
              ? 'cancelled'
              : s.text
  const value = s.kind === 'done' ? 100 : s.kind === 'uploading' && s.total > 0 ? (100 * s.loaded) / s.total : 0
  const [detailsShown, setDetailsShown] = useState(false)
  const detailsId = useId()
  const failed = s.kind === 'failed'
  const name = (
    <Text size="sm" truncate style={failed ? { gridArea: 'name' } : undefined} title={`${row.name} → ${row.folder}`}>
      {row.name}{' '}
      <Text span size="xs" c="dimmed">
        → {row.folder} · {fileSizeText(row.size)}
      </Text>
    </Text>
  )
  // A failure says what to do in sentences; the node's own words are behind Details (and in the tooltip).
  const sentence = (
    <Text
      size="xs"
      c={failed ? 'red' : 'dimmed'}
      style={failed ? { gridArea: 'why', minWidth: 0 } : { minWidth: 0 }}
      title={
        failed
          ? detailLine(s)
          : s.kind === 'done' && s.noText
            ? NO_TEXT_TITLE
            : s.kind === 'done' && s.textUnknown
              ? TEXT_UNKNOWN_TITLE
              : undefined
      }
      data-testid={failed ? 'upload-failure' : undefined}
    >
      {label}
    </Text>
  )
  const actions = (
    <>
      {/* A button, not only the tooltip: the keyboard and screen readers reach the node's message too. */}
      {failed && (
        <RowAction
          label={`Details of the failed upload of ${row.name}`}
          color="gray"
          expands={{ shown: detailsShown, id: detailsId }}
          onClick={() => setDetailsShown((shown) => !shown)}
        >
          Details
        </RowAction>
      )}
      {isCancellable(s) && <CancelUpload row={row} queue={queue} uploadButton={uploadButton} />}
      {/* Asks first, as "Replace N files" does: the click alone deleted the library's file of that name. */}
      {queue.canReplace(row) && (
        <RowAction
          label={`Replace the file named ${row.name} in ${folderName(row.folder)} with this one`}
          color="orange"
          onClick={(button) =>
            confirmReplaceOne(queue, row, button, uploadButton, (path) => client.call('vector_fs_path_usage', { query: { path } }))
          }
        >
          Replace
        </RowAction>
      )}
      {queue.canRetry(row) && (
        <RowAction
          label={`Retry the upload of ${row.name}`}
          onClick={(button) => {
            focusAfterRowAction(button, row.id, uploadButton)
            queue.retry(row.id)
          }}
        >
          Retry
        </RowAction>
      )}
      {failed && (
        <CloseButton
          size="xs"
          aria-label={`Dismiss the failed upload of ${row.name}`}
          title="Dismiss"
          style={{ flexShrink: 0 }}
          onClick={(e) => {
            focusAfterRowAction(e.currentTarget, row.id, uploadButton)
            queue.dismiss(row.id)
          }}
        />
      )}
    </>
  )
  return (
    <div data-testid="upload-row" data-state={s.kind} data-upload-id={row.id}>
      {failed ? (
        // The sentence on a line of its own under the name, as wide as the row: beside the buttons, a narrow
        // window squeezed it into a column of a dozen lines. In reading order it still comes before them.
        <div style={FAILED_ROW}>
          {name}
          {sentence}
          <Group gap={4} wrap="nowrap" style={{ gridArea: 'actions' }}>
            {actions}
          </Group>
        </div>
      ) : (
        <Group justify="space-between" wrap="nowrap" gap="xs">
          {name}
          <Group gap={4} wrap="nowrap" style={{ flexShrink: 0, maxWidth: '60%' }}>
            {sentence}
            {actions}
          </Group>
        </Group>
      )}
      {/* What "no text found" means, in words under the row: only in its tooltip, the keyboard, a screen reader and
          an operator who did not hover never learned that the file's questions would find nothing in it. */}
      {s.kind === 'done' && s.noText && (
        <Text size="xs" c="dimmed" data-testid="upload-no-text" style={{ overflowWrap: 'anywhere' }}>
          {noTextSentence(row.name)}
        </Text>
      )}
      {s.kind === 'failed' && detailsShown && (
        <Text id={detailsId} size="xs" c="dimmed" data-testid="upload-failure-detail" style={{ overflowWrap: 'anywhere' }}>
          {detailLine(s)}
        </Text>
      )}
      <Progress
        value={value}
        size="xs"
        color={s.kind === 'failed' ? 'red' : s.kind === 'done' ? 'teal' : undefined}
        animated={s.kind === 'uploading'}
        aria-label={`${row.name}: ${typeof label === 'string' ? label : ''}`}
      />
    </div>
  )
})

/** A failed row's button (Details, Replace, Retry): small, and keeps its size beside the row's name. */
function RowAction({
  label,
  color,
  expands,
  onClick,
  children
}: {
  label: string
  color?: string
  /** A disclosure (Details): whether what it shows is shown, and its element's id. */
  expands?: { shown: boolean; id: string }
  onClick: (button: HTMLButtonElement) => void
  children: ReactNode
}) {
  return (
    <Button
      size="compact-xs"
      variant="subtle"
      color={color}
      aria-label={label}
      aria-expanded={expands?.shown}
      aria-controls={expands?.shown ? expands.id : undefined}
      style={{ flexShrink: 0 }}
      onClick={(e) => onClick(e.currentTarget)}
    >
      {children}
    </Button>
  )
}
