// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { InlineName } from '../../src/renderer/src/features/inboxes/InlineName'
import type { Inbox } from '../../src/shared/contract/inbox'
import { addProvider, createJob, useTestNode } from '../support/node'
import { renderWithApp, routerTransport } from './render'

describe('Inline inbox name', () => {
  const node = useTestNode()
  let inboxId: string
  beforeEach(async () => {
    await addProvider(node, 'gpt')
    inboxId = `job_inbox::${await createJob(node, 'gpt')}::false`
  })
  afterEach(cleanup)
  const stored = async () => ((await node.get(`/v2/get_inbox?inbox_name=${encodeURIComponent(inboxId)}`)).body as Inbox).custom_name

  it.each([
    ['Enter saves', '{Enter}', 'Lease review'],
    ['Escape cancels', '{Escape}', 'Old name']
  ])('%s, and the focus goes back to the Rename button (it was dropped on the page)', async (_, key, expected) => {
    renderWithApp(<InlineName inboxId={inboxId} name="Old name" />, routerTransport(node.router))
    await userEvent.click(screen.getByRole('button', { name: 'Rename inbox' }))
    const input = screen.getByRole('textbox', { name: 'Inbox name' })
    await userEvent.clear(input)
    await userEvent.type(input, `Lease review${key}`)
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Rename inbox' })))
    if (expected !== 'Old name') expect(await stored()).toBe(expected)
  })

  it('Escape stores nothing, and Enter followed by the field losing the focus stores the name once', async () => {
    const renames: string[] = []
    let held: Promise<void> = Promise.resolve()
    const inner = routerTransport(node.router)
    const transport = {
      ...inner,
      request: async (req: Parameters<typeof inner.request>[0]) => {
        if (req.path.endsWith('update_smart_inbox_name')) {
          renames.push((req.body as { custom_name: string }).custom_name)
          await held // a slow node: the save is under way a while
        }
        return inner.request(req)
      }
    }
    renderWithApp(<InlineName inboxId={inboxId} name="Old name" />, transport)
    const before = await stored()
    await userEvent.click(screen.getByRole('button', { name: 'Rename inbox' }))
    await userEvent.type(screen.getByRole('textbox', { name: 'Inbox name' }), ' cancelled{Escape}')
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Rename inbox' })))
    expect(renames).toEqual([])
    expect(await stored()).toBe(before)

    await userEvent.click(screen.getByRole('button', { name: 'Rename inbox' }))
    const input = screen.getByRole('textbox', { name: 'Inbox name' })
    await userEvent.clear(input)
    let release: () => void = () => {}
    held = new Promise((r) => (release = r))
    await userEvent.type(input, 'Lease review{Enter}')
    fireEvent.blur(input) // a click elsewhere while the save is under way
    release()
    await waitFor(async () => expect(await stored()).toBe('Lease review'))
    expect(renames).toEqual(['Lease review'])
  })

  it('Enter, then Tab before the node has answered: the focus stays where Tab put it, not taken back to Rename', async () => {
    let held: Promise<void> = Promise.resolve()
    const inner = routerTransport(node.router)
    const transport = {
      ...inner,
      request: async (req: Parameters<typeof inner.request>[0]) => {
        if (req.path.endsWith('update_smart_inbox_name')) await held // a slow node: the save is under way a while
        return inner.request(req)
      }
    }
    renderWithApp(
      <>
        <InlineName inboxId={inboxId} name="Old name" />
        <button>Next control</button>
      </>,
      transport
    )
    await userEvent.click(screen.getByRole('button', { name: 'Rename inbox' }))
    const input = screen.getByRole('textbox', { name: 'Inbox name' })
    await userEvent.clear(input)
    let release: () => void = () => {}
    held = new Promise((r) => (release = r))
    await userEvent.type(input, 'Lease review{Enter}')
    // Tab, pressed before the save is answered, goes on to the next control.
    await userEvent.tab()
    const next = screen.getByRole('button', { name: 'Next control' })
    expect(document.activeElement).toBe(next)
    release()
    await waitFor(() => expect(screen.getByTestId('inbox-title')).toBeTruthy())
    await waitFor(async () => expect(await stored()).toBe('Lease review'))
    await new Promise((r) => setTimeout(r, 100))
    expect(document.activeElement).toBe(next)
  })

  it('a pasted name over 200 characters is refused on the field with the sentence naming the limit; the field stays open', async () => {
    renderWithApp(<InlineName inboxId={inboxId} name="Old name" />, routerTransport(node.router))
    const before = await stored()
    await userEvent.click(screen.getByRole('button', { name: 'Rename inbox' }))
    const input = screen.getByRole('textbox', { name: 'Inbox name' })
    await userEvent.clear(input)
    await userEvent.click(input)
    await userEvent.paste('n'.repeat(201))
    await userEvent.keyboard('{Enter}')
    expect(await screen.findByText('A name can be at most 200 characters; this one has 201.')).toBeTruthy()
    expect(document.activeElement).toBe(input)
    expect(await stored()).toBe(before)
  })

  const recording = () => {
    const renames: string[] = []
    const inner = routerTransport(node.router)
    const transport = {
      ...inner,
      request: (req: Parameters<typeof inner.request>[0]) => {
        if (req.path.endsWith('update_smart_inbox_name')) renames.push((req.body as { custom_name: string }).custom_name)
        return inner.request(req)
      }
    }
    return { renames, transport }
  }

  it('a cleared name: Enter says the rule and keeps the field open; leaving the field keeps the old name', async () => {
    const { renames, transport } = recording()
    renderWithApp(<InlineName inboxId={inboxId} name="Old name" />, transport)
    const before = await stored()
    await userEvent.click(screen.getByRole('button', { name: 'Rename inbox' }))
    const input = screen.getByRole('textbox', { name: 'Inbox name' })
    await userEvent.clear(input)
    expect(screen.queryByText(/1 to 200 characters/)).toBeNull() // not while it is being typed
    await userEvent.type(input, '   {Enter}')
    expect(await screen.findByText('Enter a name of 1 to 200 characters, not only spaces.')).toBeTruthy()
    expect(screen.getByRole('textbox', { name: 'Inbox name' })).toBe(input)
    fireEvent.blur(input)
    await waitFor(() => expect(screen.getByTestId('inbox-title').textContent).toBe('Old name'))
    expect(renames).toEqual([])
    expect(await stored()).toBe(before)
  })

  it('a name over 200 characters is said to be too long as it is typed, and Enter sends nothing', async () => {
    const { renames, transport } = recording()
    renderWithApp(<InlineName inboxId={inboxId} name="Old name" />, transport)
    await userEvent.click(screen.getByRole('button', { name: 'Rename inbox' }))
    const input = screen.getByRole('textbox', { name: 'Inbox name' })
    await userEvent.clear(input)
    await userEvent.click(input)
    await userEvent.paste('😀'.repeat(200)) // 200 characters (code points): taken
    expect(screen.queryByText(/at most 200 characters/)).toBeNull()
    await userEvent.type(input, 'n')
    expect(screen.getByText('A name can be at most 200 characters; this one has 201.')).toBeTruthy()
    await userEvent.keyboard('{Enter}')
    expect(screen.getByRole('textbox', { name: 'Inbox name' })).toBe(input)
    expect(renames).toEqual([])
    await userEvent.keyboard('{Backspace}{Enter}')
    await waitFor(async () => expect(await stored()).toBe('😀'.repeat(200)))
    expect(renames).toEqual(['😀'.repeat(200)])
  })
})

describe('Inline inbox name typed through an input method (Japanese, Chinese, Korean)', () => {
  const node = useTestNode()
  let inboxId: string
  beforeEach(async () => {
    await addProvider(node, 'gpt')
    inboxId = `job_inbox::${await createJob(node, 'gpt')}::false`
  })
  afterEach(cleanup)

  it('the Enter that confirms a composition neither saves nor closes the field; the next Enter saves', async () => {
    renderWithApp(<InlineName inboxId={inboxId} name="Old name" />, routerTransport(node.router))
    await userEvent.click(screen.getByRole('button', { name: 'Rename inbox' }))
    const input = screen.getByRole('textbox', { name: 'Inbox name' })
    fireEvent.change(input, { target: { value: 'きょう' } })
    // The composition's Enter picks the characters (今日): the field stays open, nothing is stored.
    fireEvent.keyDown(input, { key: 'Enter', isComposing: true })
    fireEvent.change(input, { target: { value: '今日' } })
    expect(screen.getByRole('textbox', { name: 'Inbox name' })).toBe(input)
    fireEvent.keyDown(input, { key: 'Enter' })
    await waitFor(async () =>
      expect(((await node.get(`/v2/get_inbox?inbox_name=${encodeURIComponent(inboxId)}`)).body as Inbox).custom_name).toBe('今日')
    )
  })

  it('in Safari, which ends the composition before its Enter and marks that key 229, that Enter neither saves nor closes the field', async () => {
    renderWithApp(<InlineName inboxId={inboxId} name="Old name" />, routerTransport(node.router))
    await userEvent.click(screen.getByRole('button', { name: 'Rename inbox' }))
    const input = screen.getByRole('textbox', { name: 'Inbox name' })
    fireEvent.change(input, { target: { value: '今日' } })
    fireEvent.keyDown(input, { key: 'Enter', keyCode: 229 })
    await new Promise((r) => setTimeout(r, 300))
    expect(screen.getByRole('textbox', { name: 'Inbox name' })).toBe(input)
    expect(((await node.get(`/v2/get_inbox?inbox_name=${encodeURIComponent(inboxId)}`)).body as Inbox).custom_name).not.toBe('今日')
    fireEvent.change(input, { target: { value: '今日の会議' } })
    fireEvent.keyDown(input, { key: 'Enter' })
    await waitFor(async () =>
      expect(((await node.get(`/v2/get_inbox?inbox_name=${encodeURIComponent(inboxId)}`)).body as Inbox).custom_name).toBe('今日の会議')
    )
  })
})
