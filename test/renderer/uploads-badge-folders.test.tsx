// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, expect, it } from 'vitest'
import { createClient } from '../../src/renderer/src/api/client'
import { AppLayout } from '../../src/renderer/src/app/AppLayout'
import { folderMakingFor } from '../../src/renderer/src/features/files/shared-upload-queue'
import { useTestNode } from '../support/node'
import { renderWithApp, routerTransport } from './render'

/*
 * The navigation counts the uploads under way beside Files, for the operator elsewhere in the window.
 * A large folder picked has its folders made first, which takes a while before any file is queued:
 * the count said nothing meanwhile, as if no upload were going on.
 */

const node = useTestNode()
afterEach(cleanup)

it('counts a picked folder whose folders are being made as an upload under way, and stops counting it once made', async () => {
  const transport = routerTransport(node.router)
  const client = createClient(transport)
  renderWithApp(
    <AppLayout route={{ name: 'inboxes' }}>
      <p>page</p>
    </AppLayout>,
    transport,
    { client }
  )
  expect(screen.queryByTestId('uploads-under-way')).toBeNull()
  const folders = ['/Archive', ...Array.from({ length: 60 }, (_, i) => `/Archive/box-${i}`)]
  const making = folderMakingFor(client).make('Archive', '/', folders)
  expect((await screen.findByTestId('uploads-under-way')).getAttribute('title')).toBe('1 upload under way')
  expect((await making).finished).toBe(true)
  await waitFor(() => expect(screen.queryByTestId('uploads-under-way')).toBeNull())
})
