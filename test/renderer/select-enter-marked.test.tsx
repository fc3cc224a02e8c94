// @vitest-environment happy-dom
import { Select } from '@mantine/core'
import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, expect, it } from 'vitest'
import { useReplacingSearch } from '../../src/renderer/src/app/replacing-search'
import { renderWithApp } from './render'

/*
 * A searchable Select (the conversation's provider, the new job's, the folder of an upload) opened by
 * the focus, an arrow pressed before Mantine's timer after opening has run (a busy page handles keys
 * first), then Enter: the option highlighted is picked, not the one chosen before.
 */
afterEach(() => cleanup())

const OPTIONS = [
  { value: 'gpt', label: 'Local (gpt)' },
  { value: 'other', label: 'Local (other)' },
  { value: 'third', label: 'Local (third)' }
]

function Switcher({ picked }: { picked: string[] }) {
  const [value, setValue] = useState('gpt')
  const { props } = useReplacingSearch(OPTIONS.find((o) => o.value === value)?.label)
  return (
    <Select
      label="Provider"
      searchable
      allowDeselect={false}
      data={OPTIONS}
      {...props}
      value={value}
      onChange={(v) => {
        if (!v) return
        picked.push(v)
        setValue(v)
      }}
    />
  )
}

const marked = () => document.querySelector('[data-combobox-selected]')?.textContent

it('Enter picks the option the arrow marked, even when the arrow came before the timer Mantine sets on opening', async () => {
  const picked: string[] = []
  renderWithApp(<Switcher picked={picked} />)
  const box = screen.getByRole('combobox', { name: 'Provider' })
  // Focus opens the list; the arrow comes in the same task, before any timer has run.
  act(() => {
    box.focus()
  })
  expect(screen.getByRole('listbox')).toBeTruthy()
  fireEvent.keyDown(box, { key: 'ArrowDown', code: 'ArrowDown' })
  expect(marked()).toBe('Local (other)')
  // Mantine's timer runs now, after the keys.
  await act(() => new Promise((r) => setTimeout(r, 20)))
  expect(marked()).toBe('Local (other)')
  fireEvent.keyDown(box, { key: 'Enter', code: 'Enter' })
  expect(picked).toEqual(['other'])
  await act(() => new Promise((r) => setTimeout(r, 20)))
  expect(box).toHaveProperty('value', 'Local (other)')
})

it('Enter with nothing marked, and Enter while an input method composes, pick nothing', async () => {
  const picked: string[] = []
  renderWithApp(<Switcher picked={picked} />)
  const box = screen.getByRole('combobox', { name: 'Provider' })
  act(() => {
    box.focus()
  })
  await act(() => new Promise((r) => setTimeout(r, 20)))
  fireEvent.keyDown(box, { key: 'ArrowDown', code: 'ArrowDown' })
  expect(marked()).toBe('Local (other)')
  fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', isComposing: true })
  fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 229 })
  expect(picked).toEqual([])
  // Closed, the list has no mark: Enter picks nothing.
  fireEvent.keyDown(box, { key: 'Escape', code: 'Escape' })
  await act(() => new Promise((r) => setTimeout(r, 20)))
  fireEvent.keyDown(box, { key: 'Enter', code: 'Enter' })
  expect(picked).toEqual([])
})
