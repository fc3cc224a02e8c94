// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SettingsPage } from '../../src/renderer/src/features/settings/SettingsPage'
import { sourcesOf } from '../../src/renderer/src/features/inboxes/MessageList'
import type { LastMessage } from '../../src/shared/contract/message'
import { addProvider, startTestNode, tempDir, type TestNode } from '../support/node'
import { renderWithApp, routerTransport } from './render'

describe('Settings page against a real node', () => {
  let node: TestNode
  let cleanupDir: () => void
  beforeEach(async () => {
    const t = tempDir()
    cleanupDir = t.cleanup
    node = startTestNode(t.dir)
    await addProvider(node, 'gpt')
    await addProvider(node, 'claude', { model: { Claude: { model_type: 'claude-x' } } })
  })
  afterEach(async () => {
    cleanup()
    await node.close()
    cleanupDir()
  })

  it('says search works by keywords without a model, offers only providers that can embed, and saves the choice', async () => {
    renderWithApp(<SettingsPage />, routerTransport(node.router))
    expect((await screen.findByTestId('keyword-only')).textContent).toMatch(/by keywords alone/)
    expect(screen.getByTestId('embedding-progress').textContent).toBe('Files: 0 processing · 0 ready · 0 failed')
    await userEvent.click(screen.getByLabelText('Provider', { selector: 'input' }))
    const options = await screen.findAllByRole('option', { hidden: true })
    expect(options.map((o) => o.textContent)).toEqual([expect.stringMatching(/^gpt/)]) // Claude cannot embed
    await userEvent.click(options[0]!)
    await userEvent.type(screen.getByRole('textbox', { name: 'Embedding model name' }), 'text-embedding-3-small')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(screen.getByTestId('embedding-current').textContent).toMatch(/text-embedding-3-small from gpt/))
    expect((await node.get('/v2/get_default_embedding_model')).body).toEqual({ provider_id: 'gpt', model: 'text-embedding-3-small' })
  })
})

describe('sourcesOf', () => {
  const message = (sources: unknown) => ({ job_message: { content: 'x', sources } }) as unknown as LastMessage
  it('reads job_message.sources and leaves out malformed entries', () => {
    const good = { path: '/a.txt', name: 'a.txt', node_id: 'n1', score: 0.5 }
    expect(sourcesOf(message([good, { path: 3 }]))).toEqual([good])
    expect(sourcesOf(message(undefined))).toEqual([])
  })
})
