import { ActionIcon } from '@mantine/core'
import { IconDots } from '@tabler/icons-react'
import { forwardRef } from 'react'
import classes from './InboxRow.module.css'

/** The "Actions for <name>" button at the end of an inbox row. */
export const RowMenuButton = forwardRef<HTMLButtonElement, { name: string; tabIndex?: number; onClick?: () => void }>(
  function RowMenuButton({ name, onClick, ...rest }, ref) {
    return (
      <ActionIcon
        ref={ref}
        variant="subtle"
        color="gray"
        aria-label={`Actions for ${name}`}
        // The button is no Tab stop: from the keyboard the menu opens on the row.
        title="Actions (Shift+F10 on the row)"
        className={classes.menu}
        onClick={onClick}
        {...rest}
      >
        <IconDots size={16} />
      </ActionIcon>
    )
  }
)
