// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { Composer } from '../../src/renderer/src/features/inboxes/Composer'
import { description } from './described-by'
import { renderWithApp } from './render'
import { setWindowWidth } from './window-width'

/*
 * Below 36em of window height the Composer draws Send and Stop as their icons alone: their names are
 * read out, but a mouse user had nothing to tell the two apart by. Pointed at, each shows its name.
 */

beforeEach(() => {
  // happy-dom has no document.fonts, which the composer's auto-sizing textarea listens to.
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true })
})
afterEach(() => {
  cleanup()
  setWindowWidth(1024, 768)
})

function renderComposer() {
  renderWithApp(<Composer jobId="jobid_1" inboxId="job_inbox::jobid_1::false" answering />)
  fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: 'When is the rent due?' } })
}

it('in a short window, Send and Stop (icons alone) show their names as tooltips when pointed at', async () => {
  setWindowWidth(1024, 500)
  renderComposer()
  for (const name of ['Send', 'Stop']) {
    await userEvent.hover(screen.getByRole('button', { name }))
    expect((await screen.findByRole('tooltip')).textContent).toBe(name)
    await userEvent.unhover(screen.getByRole('button', { name }))
    await expect.poll(() => screen.queryByRole('tooltip')).toBeNull()
  }
})

it('in a short window, a tooltip shown is not also the button’s description: its name is read out once', async () => {
  setWindowWidth(1024, 500)
  renderComposer()
  for (const name of ['Send', 'Stop']) {
    const button = screen.getByRole('button', { name })
    await userEvent.hover(button)
    expect((await screen.findByRole('tooltip')).textContent).toBe(name)
    expect(description(button)).toBe('')
    await userEvent.unhover(button)
    await expect.poll(() => screen.queryByRole('tooltip')).toBeNull()
  }
})

it('in a tall window, where their names are shown, no tooltip repeats them', async () => {
  setWindowWidth(1024, 800)
  renderComposer()
  for (const name of ['Send', 'Stop']) {
    await userEvent.hover(screen.getByRole('button', { name }))
    await new Promise((r) => setTimeout(r, 500))
    expect(screen.queryByRole('tooltip')).toBeNull()
  }
})
