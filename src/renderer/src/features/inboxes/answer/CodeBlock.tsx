import { ActionIcon, Text, VisuallyHidden } from '@mantine/core'
import { IconCheck, IconCopy } from '@tabler/icons-react'
import { useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react'
import classes from './code-block.module.css'
import { useCopyText } from './copy-text'
import { NOT_FOUND_ATTRIBUTE } from '../find/find-highlight'

/** The language a fence named (```ts gives `language-ts` on its code), if it named one. */
export function fenceLanguage(codeClassName: unknown): string | null {
  if (typeof codeClassName !== 'string') return null
  const match = /(?:^|\s)language-(\S+)/.exec(codeClassName)
  return match ? match[1]! : null
}

/**
 * Whether the element scrolls sideways (a line longer than its box): measured when it is shown, when its box
 * changes size (a window made narrower, a line added to the code of an answer being written, the scroll bar a
 * line grown past the box brings), and when its text changes: with overlay scroll bars (macOS), or in a block
 * already as wide as the answer, a line grown past the box changes no size. A change of text is measured once a
 * frame at most, and only in the block whose text changed.
 */
function useScrollsSideways(el: RefObject<HTMLElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false)
  useLayoutEffect(() => {
    const node = el.current
    if (!node || typeof ResizeObserver === 'undefined') return
    const measure = () => setScrolls(node.scrollWidth > node.clientWidth)
    const resized = new ResizeObserver(measure)
    resized.observe(node)
    let frame = 0
    const changed = new MutationObserver(() => {
      if (frame !== 0) return
      frame = requestAnimationFrame(() => {
        frame = 0
        measure()
      })
    })
    changed.observe(node, { childList: true, characterData: true, subtree: true })
    return () => {
      resized.disconnect()
      changed.disconnect()
      cancelAnimationFrame(frame)
    }
  }, [el])
  return scrolls
}

/**
 * A code block of an answer, with its language and a button that copies the code alone, as shown:
 * what an operator takes from an answer most often is one command or one snippet, not the whole
 * answer with its Markdown. The code is read from the block as drawn, without the fence's last
 * line break.
 */
export function CodeBlock({ language, children }: { language: string | null; children: ReactNode }) {
  const pre = useRef<HTMLPreElement>(null)
  const clipboard = useCopyText()
  const label = language ? `Copy ${language} code` : 'Copy code'
  // A line longer than the block scrolls sideways, which a keyboard could not do: the block is then a tab stop
  // (the arrow keys scroll it), named for a screen reader as a table's box is.
  const scrolls = useScrollsSideways(pre)
  return (
    <div className={classes.block} data-testid="code-block">
      {/* Not the answer's text: the find in the conversation neither counts nor marks its words (find-highlight.ts). */}
      <div className={classes.bar} {...{ [NOT_FOUND_ATTRIBUTE]: '' }}>
        <Text component="span" size="xs" c="dimmed" ff="monospace">
          {language ?? 'code'}
        </Text>
        <ActionIcon
          size="sm"
          variant="subtle"
          color={clipboard.copied ? 'teal' : undefined}
          aria-label={label}
          title={clipboard.copied ? 'Copied' : label}
          onClick={() => clipboard.copy((pre.current?.textContent ?? '').replace(/\n$/, ''))}
        >
          {clipboard.copied ? <IconCheck size="0.875rem" /> : <IconCopy size="0.875rem" />}
        </ActionIcon>
        <VisuallyHidden role="status">{clipboard.copied ? 'Code copied' : ''}</VisuallyHidden>
      </div>
      <pre ref={pre} {...(scrolls && { tabIndex: 0, role: 'region', 'aria-label': language ? `Code, ${language}` : 'Code' })}>
        {children}
      </pre>
    </div>
  )
}
