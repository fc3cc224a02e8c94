import { ActionIcon, Text, VisuallyHidden } from '@mantine/core'
import { IconCheck, IconCopy } from '@tabler/icons-react'
import { useRef, type ReactNode } from 'react'
import classes from './code-block.module.css'
import { useCopyText } from './copy-text'

/** The language a fence named (```ts gives `language-ts` on its code), if it named one. */
export function fenceLanguage(codeClassName: unknown): string | null {
  if (typeof codeClassName !== 'string') return null
  const match = /(?:^|\s)language-(\S+)/.exec(codeClassName)
  return match ? match[1]! : null
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
  return (
    <div className={classes.block} data-testid="code-block">
      <div className={classes.bar}>
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
          {clipboard.copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
        </ActionIcon>
        <VisuallyHidden role="status">{clipboard.copied ? 'Code copied' : ''}</VisuallyHidden>
      </div>
      <pre ref={pre}>{children}</pre>
    </div>
  )
}
