// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { InboxSidePanel } from '../../src/renderer/src/features/inboxes/InboxSidePanel'
import { addProvider, useTestNode, useJob } from '../support/node'
import { renderWithApp, routerTransport } from './render'
import { setWindowWidth } from './window-width'

describe('the job’s scope tree beside a conversation, from the keyboard', () => {
  const node = useTestNode({ setup: (n) => addProvider(n, 'gpt') })
  const job = useJob(node, 'gpt')
  // A window wide enough for the panel beside the conversation.
  beforeEach(() => setWindowWidth(1600))
  afterEach(cleanup)

  it('is one Tab stop that stays on the row last focused; Home and End go to the first and last rows', async () => {
    renderWithApp(<InboxSidePanel jobId={job.id} inbox={await job.inbox()} />, routerTransport(node.router))
    const tree = await screen.findByRole('tree', { name: 'Scope' })
    const rows = () => within(tree).getAllByRole('treeitem')
    await waitFor(() => expect(rows()).toHaveLength(5))
    const stops = () => rows().filter((r) => r.tabIndex === 0)
    const focused = () => document.activeElement?.textContent
    expect(stops()).toHaveLength(1)

    screen.getByRole('button', { name: 'Edit scope' }).focus()
    await userEvent.tab()
    expect(focused()).toBe('VectorFS folders (0)')
    await userEvent.keyboard('{End}')
    expect(focused()).toBe('Local packs (.vrpack) (0)')
    await userEvent.keyboard('{Home}')
    expect(focused()).toBe('VectorFS folders (0)')
    await userEvent.keyboard('{ArrowDown}{ArrowDown}')
    expect(focused()).toBe('Network folders (0)')
    expect(stops().map((r) => r.textContent)).toEqual(['Network folders (0)'])
    // Out with Tab and back with Shift+Tab: on the row it left.
    await userEvent.tab()
    expect(tree.contains(document.activeElement)).toBe(false)
    await userEvent.tab({ shift: true })
    expect(focused()).toBe('Network folders (0)')
  })
})
