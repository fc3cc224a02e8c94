import { ActionIcon } from '@mantine/core'
import { IconDots } from '@tabler/icons-react'
import { forwardRef } from 'react'
import classes from './InboxRow.module.css'

/** The "Actions for <name>" button at the end of an inbox row. */
export const RowMenuButton = forwardRef<HTMLButtonElement, { name: string; tabIndex?: number; className?: string; onClick?: () => void }>(
  function RowMenuButton({ name, onClick, className, ...rest }, ref) {
    return (
      <ActionIcon
        ref={ref}
        variant="subtle"
        color="gray"
        aria-label={`Actions for ${name}`}
        // The button is no Tab stop: from the keyboard the menu opens on the row.
        title="Actions (Shift+F10 on the row)"
        onClick={onClick}
        {...rest}
        // Menu.Target hands its button a className of its own (an empty one here): it is added to the
        // row's, not put in its place, or the button lost its margin and moved right once its menu was made.
        className={className ? `${classes.menu} ${className}` : classes.menu}
      >
        <IconDots size="1rem" />
      </ActionIcon>
    )
  }
)
