// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { InboxSidePanel } from '../../src/renderer/src/features/inboxes/InboxSidePanel'
import { addProvider, useJob, useTestNode } from '../support/node'
import { escapeAsItOpens } from './escape-as-it-opens'
import { layOutLists } from './list-layout'
import { renderWithApp, routerTransport } from './render'
import { setWindowWidth } from './window-width'

// The scope dialog's library tree is a virtual list: it draws the rows a list of this height shows.
layOutLists()
// A window wide enough for the Job details panel beside the conversation (its Edit buttons shown).
beforeEach(() => setWindowWidth(1600))
// happy-dom has no document.fonts, which the prompt's auto-sizing textarea listens to.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true })

/**
 * Edit scope and Job config take only an Escape pressed in them (not the one that closed a question
 * over them). Pressed at once, before Mantine's focus trap had moved the focus in, the key landed on
 * the button that opened them and the dialog stayed open (10 of 11 runs at CPU 4x).
 */
describe('Job details dialogs closed with Escape while still opening', () => {
  const node = useTestNode({ setup: (n) => addProvider(n, 'gpt') })
  const job = useJob(node, 'gpt')
  afterEach(cleanup)

  it.each(['Edit scope', 'Edit config'])('%s: the dialog closes and its button keeps the focus', async (name) => {
    renderWithApp(<InboxSidePanel jobId={job.id} inbox={await job.inbox()} />, routerTransport(node.router))
    const button = screen.getByRole('button', { name })
    await escapeAsItOpens(button)
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(button)
  })
})
