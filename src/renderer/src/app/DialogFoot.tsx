import { Group } from '@mantine/core'
import type { ReactNode } from 'react'

/** The foot's height: its buttons and its padding. */
const DIALOG_FOOT_HEIGHT = 72

/**
 * A dialog's Modal styles for a DialogFoot: focus moved by Tab scrolls a control into view above the
 * buttons kept at the foot, not behind them.
 */
export const DIALOG_WITH_FOOT_STYLES = { content: { scrollPaddingBottom: DIALOG_FOOT_HEIGHT } }

/**
 * A dialog's buttons (Cancel, Save…), in a band that stays at the dialog's foot as its content
 * scrolls: in a 800x600 window a tall dialog (Edit scope, Job config) had them below its visible
 * part, out of sight until the operator scrolled. On the dialog's own background, light or dark.
 */
export function DialogFoot({ children }: { children: ReactNode }) {
  return (
    <Group
      justify="flex-end"
      data-dialog-foot
      style={{
        position: 'sticky',
        bottom: 0,
        zIndex: 1,
        background: 'var(--mantine-color-body)',
        paddingBlock: 'var(--mantine-spacing-sm)'
      }}
    >
      {children}
    </Group>
  )
}
