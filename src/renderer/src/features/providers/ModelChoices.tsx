import { Checkbox, InputWrapperContext } from '@mantine/core'
import { memo, use, type ReactNode } from 'react'

const MONO = { label: { fontFamily: 'var(--mantine-font-family-monospace)' } }

/**
 * One listed model's checkbox. Drawn again only when its own tick changes: a server listing 5,000
 * models redrew every checkbox at each tick (Mantine's Checkbox.Group hands its whole value to each
 * of them), a quarter of a second to several seconds a tick. `onTick` is the same function from render to render.
 */
export const ModelBox = memo(function ModelBox({
  model,
  checked,
  onTick,
  errorId
}: {
  model: string
  checked: boolean
  onTick: (model: string, checked: boolean) => void
  /** The id of the list's error ("Choose at least one model…"), while it shows: the box is marked invalid and described by it. */
  errorId?: string
}) {
  return (
    <Checkbox
      value={model}
      label={model}
      checked={checked}
      onChange={(e) => onTick(model, e.currentTarget.checked)}
      styles={MONO}
      aria-invalid={errorId ? true : undefined}
      aria-describedby={errorId}
    />
  )
})

/**
 * The checkboxes' group, inside a Mantine Input.Wrapper: named by its label, described by its
 * description and error, as Checkbox.Group's own (which is not used, for the reason above).
 */
export function ModelsFieldset({ children }: { children: ReactNode }) {
  const wrapper = use(InputWrapperContext)
  return (
    <div role="group" aria-labelledby={wrapper?.labelId} aria-describedby={wrapper?.describedBy}>
      {children}
    </div>
  )
}
