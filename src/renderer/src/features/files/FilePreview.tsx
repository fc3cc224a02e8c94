import { Alert, Anchor, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconArrowLeft, IconDownload } from '@tabler/icons-react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useEffect, useRef, useState } from 'react'
import { ApiFailure, errorText, noticeText } from '../../api/client'
import { useClient } from '../../api/client-context'
import { keys, useVfsFolder } from '../../api/queries'
import { fileSizeText } from '../../../../shared/byte-size'
import { readable } from '../../api/vfs-leaving'
import { returnToReadingPlace } from '../../app/reading-places'
import { backTo, hrefOf, type CameFrom } from '../../app/router'
import { countText } from '../../app/count-format'
import { baseName, fileState, parentPath } from './vfs-paths'

/** Saves bytes under a name through a temporary link (works over IPC and HTTP alike). */
function saveBytes(bytes: Uint8Array, name: string) {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart]))
  const a = document.createElement('a')
  a.href = url
  a.download = name
  a.click()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/** A file's facts and its passages; `node` marks one passage and scrolls to it; `came`, the conversation whose answer cited it. */
export function FilePreview({ path, node, came = {} }: { path: string; node?: string; came?: CameFrom }) {
  const from = came.from
  const back = backTo(came)
  const client = useClient()
  const queryClient = useQueryClient()
  const [downloading, setDownloading] = useState(false)
  const folder = useVfsFolder(parentPath(path))
  const info = folder.data?.find((f) => f.path === path)
  const resource = useQuery({
    queryKey: keys.vfsResource(path),
    queryFn: () => client.call('retrieve_vector_resource', { query: { path } }),
    // Not read again while this window deletes or moves the file (an event of it came first): the page closes the preview, or follows the file.
    enabled: () => readable(path)
  })
  // A file gone since (deleted or moved elsewhere) shows no passages kept from before.
  const gone = resource.isError && resource.error instanceof ApiFailure && resource.error.status === 404
  const nodes = (!resource.isError && resource.data?.vrkai.resource.Document.nodes) || []

  const download = () => {
    setDownloading(true)
    client
      .call('download_file', { query: { path } })
      .then((bytes) => saveBytes(bytes, baseName(path)))
      .catch((err: unknown) => {
        notifications.show({ color: 'red', title: `${baseName(path)} was not downloaded`, message: noticeText(err) })
        // Gone since it was shown (deleted or moved elsewhere): the preview says so too.
        if (err instanceof ApiFailure && err.status === 404) void queryClient.invalidateQueries({ queryKey: keys.vfsResource(path) })
      })
      .finally(() => setDownloading(false))
  }

  // Opened from a source chip (`node`) for a file gone since the answer: the chip's page went, so the
  // focus fell to <body>; the notice takes it, and is read out, as the cited passage is when it is there.
  const goneRef = useRef<HTMLDivElement>(null)
  const goneFocusedFor = useRef<string | null>(null)
  useEffect(() => {
    const opened = `${path}#${node}`
    if (!gone || node === undefined || goneFocusedFor.current === opened) return
    goneFocusedFor.current = opened
    goneRef.current?.focus()
  }, [gone, node, path])

  // On a narrow window the preview sits under the tree, and a short one (800x600) showed only its
  // head above the fold, the passages below it unseen: the page is scrolled just enough to show the
  // whole panel. Where it is in view already (beside the tree on a wide window), nothing moves.
  const panel = useRef<HTMLDivElement>(null)
  useEffect(() => {
    panel.current?.scrollIntoView({ block: 'nearest' })
  }, [])

  const state = info ? fileState(info.status) : null
  return (
    <Paper
      ref={panel}
      withBorder
      p="md"
      component="section"
      aria-label="Preview"
      data-testid="file-preview"
      // A tall head (a long name, a failure's reason) on a short window left the passages no height at
      // all, hidden with no way to them: they keep a few lines, and the panel scrolls instead.
      style={{ minHeight: 0, display: 'flex', flexDirection: 'column', overflow: 'auto' }}
    >
      <Stack gap="xs" style={{ flexShrink: 0 }}>
        {/* Opened from an answer's source chip: the desktop window has no Back button, and the way back
            to the answer was Inboxes, then finding the conversation again. */}
        {from && back && (
          <Anchor
            href={hrefOf(back)}
            // The conversation opens where it was read, not at its newest message.
            onClick={() => returnToReadingPlace(from)}
            size="sm"
            data-testid="back-to-conversation"
          >
            <Group gap={4} wrap="nowrap" component="span">
              <IconArrowLeft size="0.875rem" aria-hidden />
              Back to the conversation
            </Group>
          </Anchor>
        )}
        {/* Download goes below the name when both do not fit: kept beside it on a narrow window at a large
            text size, it left the name a letter or two wide, one line per letter. */}
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h4" style={{ wordBreak: 'break-all', flex: '1 1 10em', minWidth: 0 }}>
            {baseName(path)}
          </Title>
          <Button
            size="xs"
            variant="light"
            // Beside a long name it was squeezed to its icon.
            style={{ flexShrink: 0 }}
            leftSection={<IconDownload size="0.875rem" />}
            disabled={gone}
            loading={downloading}
            onClick={download}
          >
            Download
          </Button>
        </Group>
        {/* Wrapped anywhere, like the name above: a long name (one word) ran out of the panel. */}
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {path}
        </Text>
        {info && (
          <Group gap="xs">
            <Badge variant="outline">{(/\.([^.]+)$/.exec(info.name)?.[1] ?? 'file').toUpperCase()}</Badge>
            <Badge variant="light" color="gray">
              {fileSizeText(info.size)}
            </Badge>
            {/* Filled in dark shades (white text passes 4.5:1 in both schemes); light teal or yellow text did not. */}
            <Badge color={state?.kind === 'failed' ? 'red.9' : state?.kind === 'processing' ? 'blue.9' : 'teal.9'} variant="filled">
              {state?.kind === 'failed' ? 'failed' : (info.status ?? 'stored')}
            </Badge>
            <Badge color={info.has_embeddings ? 'teal.9' : 'gray'} variant={info.has_embeddings ? 'filled' : 'outline'}>
              {info.has_embeddings ? 'embedded' : 'not embedded (keyword search)'}
            </Badge>
          </Group>
        )}
        {state?.kind === 'failed' && (
          // A file fails only in embedding (it is stored and cut into passages first): "processing failed"
          // read as if the file were unusable, while its passages are found by their words.
          <Alert color="red" title="Embedding this file failed" data-testid="file-embedding-failed">
            <Text size="sm">{state.reason}</Text>
            <Text size="sm" mt={4}>
              Its passages are still found by their words (keyword search) and used in answers.
            </Text>
          </Alert>
        )}
        {resource.isPending && <Loader role="img" size="sm" aria-label="Loading passages" />}
        {gone && (
          <Alert color="yellow" data-testid="file-gone" tabIndex={-1} ref={goneRef}>
            {/* The node cannot tell a move from a delete: "no longer in the library" read as lost when it was only moved. */}
            Nothing is at this path any more: the file was moved, renamed or deleted. If it was moved, search the library for its name to
            open it where it is now.
          </Alert>
        )}
        {resource.isError && !gone && <Alert color="red">{errorText(resource.error)}</Alert>}
        {resource.data && !resource.isError && nodes.length > 0 && (
          <Text size="sm" c="dimmed">
            {countText(nodes.length)} passage{nodes.length === 1 ? '' : 's'}
          </Text>
        )}
        {resource.data && !resource.isError && nodes.length === 0 && (
          <Alert color="yellow" data-testid="no-text">
            {noTextSentence(path)}
          </Alert>
        )}
      </Stack>
      {nodes.length > 0 && <Passages nodes={nodes} current={node} />}
    </Paper>
  )
}

/**
 * What the preview says of a file stored with no passages. Only a PDF can be a scan (pictures of pages)
 * to be recognised again: an empty Word document or text file told to "upload a version with a text
 * layer" was left wondering what had gone wrong with it, when it simply holds no text.
 */
function noTextSentence(path: string): string {
  const ext = /\.([^./]+)$/.exec(path)?.[1]?.toLowerCase()
  if (ext === 'pdf') {
    return 'No text could be read from this file, so search and answers cannot use it. A scanned PDF holds only pictures of its pages: upload a version with a text layer (after text recognition) instead.'
  }
  const what = ext === 'docx' ? 'This Word document' : 'This file'
  return `${what} holds no text, so search and answers cannot use it. Add text to it and upload it again, or delete it.`
}

/** The passages' least height (a passage or two), whatever the head above them takes. */
const PASSAGES_MIN_HEIGHT = 160

type Passage = { readonly id: string; readonly content: { readonly Text: string } }

/**
 * The passages, as a virtual list: a long file has thousands (a 19 MB text, 20,000), and drawn all
 * at once they held the window for 10 s. Only those in view (and a few around) are in the page;
 * `current` is scrolled to the top of the view.
 */
function Passages({ nodes, current }: { nodes: readonly Passage[]; current?: string }) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const virtualizer = useVirtualizer({
    count: nodes.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 120,
    overscan: 4,
    gap: 8,
    // By place: a file stored before two nodes of one id were refused has passages under one id.
    getItemKey: (i) => i
  })
  const at = current ? nodes.findIndex((n) => n.id === current) : -1
  // To its first line: centred, a passage taller than the list (a PDF page of short lines) showed its
  // middle, its beginning cut off above.
  useEffect(() => {
    if (at >= 0) virtualizer.scrollToIndex(at, { align: 'start' })
  }, [at, virtualizer])
  // The passage an answer's source chip opened takes the focus once it is drawn: the chip's page had
  // gone, so the focus fell to <body>, and in a short window (800x600) the preview sat below the
  // upload rows and the tree, out of sight. Focusing it reads it out; the list is scrolled into view.
  const focusedFor = useRef<string | null>(null)
  useEffect(() => {
    if (at < 0 || focusedFor.current === current) return
    const passage = scrollRef.current?.querySelector<HTMLElement>('[data-current="true"]')
    if (!passage) return
    focusedFor.current = current ?? null
    // Not scrolled by the focus itself: the passage is focused where the estimated sizes put it, and
    // that scroll, read by the virtualizer as the user's, stopped it following the passage as the
    // taller ones above were measured (the third passage of a PDF ended out of sight). The list is
    // brought into the window instead, and the virtualizer scrolls the passage into the list.
    passage.focus({ preventScroll: true })
    scrollRef.current?.scrollIntoView({ block: 'nearest' })
  })
  return (
    <div
      ref={scrollRef}
      data-testid="passages"
      // A list that scrolls (a long file, or a short window) is reached from the keyboard to scroll it with the arrow keys.
      tabIndex={0}
      role="region"
      aria-label="Passages of this file"
      style={{ flex: 1, minHeight: PASSAGES_MIN_HEIGHT, overflow: 'auto', marginTop: 'var(--mantine-spacing-xs)' }}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((v) => {
          const n = nodes[v.index]!
          // The first passage of the id opened (as `at` finds it), not every one under that id.
          const isCurrent = v.index === at
          return (
            <Paper
              key={v.key}
              ref={virtualizer.measureElement}
              data-index={v.index}
              id={`passage-${v.index}`}
              p="xs"
              withBorder
              data-testid="passage"
              data-current={isCurrent ? 'true' : undefined}
              bg={isCurrent ? 'var(--mantine-color-yellow-light)' : undefined}
              aria-current={isCurrent ? 'true' : undefined}
              tabIndex={isCurrent ? -1 : undefined}
              style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${v.start}px)` }}
            >
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {n.content.Text}
              </Text>
            </Paper>
          )
        })}
      </div>
    </div>
  )
}
