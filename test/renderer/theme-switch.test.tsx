// @vitest-environment happy-dom
import { MantineProvider, localStorageColorSchemeManager } from '@mantine/core'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ThemeSwitch } from '../../src/renderer/src/app/ThemeSwitch'

beforeEach(() => localStorage.clear())
afterEach(cleanup)

const renderSwitch = () =>
  render(
    <MantineProvider colorSchemeManager={localStorageColorSchemeManager({ key: 'test-color-scheme' })} defaultColorScheme="auto">
      <ThemeSwitch />
    </MantineProvider>
  )

describe('the color scheme switch', () => {
  it('is one radio group of three, the current scheme checked', () => {
    renderSwitch()
    const group = screen.getByRole('radiogroup', { name: 'Color scheme' })
    const radios = within(group).getAllByRole<HTMLInputElement>('radio')
    expect(radios.map((r) => r.labels?.[0]?.textContent)).toEqual(['System', 'Light', 'Dark'])
    expect(radios.map((r) => r.checked)).toEqual([true, false, false])
    // One group: the browser gives the radios one Tab stop and moves between them with the arrows.
    expect(new Set(radios.map((r) => r.name)).size).toBe(1)
  })

  it('choosing Dark applies it to the page and keeps it for the next start', () => {
    renderSwitch()
    fireEvent.click(screen.getByRole('radio', { name: 'Dark' }))
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Dark' }).checked).toBe(true)
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'System' }).checked).toBe(false)
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('dark')
    expect(localStorage.getItem('test-color-scheme')).toBe('dark')
  })
})
