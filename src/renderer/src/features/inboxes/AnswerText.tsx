import { Anchor, Typography } from '@mantine/core'
import Markdown from 'react-markdown'
import remarkGfm from 'remark-gfm'

/**
 * An answer's Markdown (models write lists, tables and code). Raw HTML is not rendered and
 * unsafe URLs are dropped (react-markdown's defaults); links open outside the app.
 */
export function AnswerText({ text }: { text: string }) {
  return (
    <Typography fz="sm" style={{ overflowWrap: 'anywhere' }}>
      <Markdown
        remarkPlugins={[remarkGfm]}
        components={{
          a: ({ href, children }) => (
            <Anchor href={href} target="_blank" rel="noopener noreferrer">
              {children}
            </Anchor>
          )
        }}
      >
        {text}
      </Markdown>
    </Typography>
  )
}
