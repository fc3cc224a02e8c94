// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { notifications } from '@mantine/notifications'
import { afterEach, expect, it } from 'vitest'
import type { Transport } from '../../src/renderer/src/api/transport'
import { InboxSidePanel } from '../../src/renderer/src/features/inboxes/InboxSidePanel'
import { addProvider, useJob, useTestNode } from '../support/node'
import { renderWithApp, routerTransport } from './render'
import { setWindowWidth } from './window-width'

// happy-dom has no document.fonts, which the prompt's auto-sizing textarea listens to.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true })

/*
 * A job config the node refused with a 400 naming a field: the "Config not saved" notice (a toast, not on
 * a field) said only "must be between 0 and 2", not which value. It keeps the node's field path. Real
 * in-process node; its answer to the save is the one a node with other ranges than this window gives.
 */
const node = useTestNode({ setup: (n) => addProvider(n, 'gpt') })
const job = useJob(node, 'gpt')
afterEach(() => {
  cleanup()
  notifications.clean()
})

it('"Config not saved" names the field the node refused (config.temperature), not only what is wrong with it', async () => {
  setWindowWidth(1600)
  const real = routerTransport(node.router)
  const transport: Transport = {
    ...real,
    request: (req) =>
      req.path === '/v2/update_job_config'
        ? Promise.resolve({
            status: 400,
            body: { code: 400, error: 'Bad Request', message: 'config.temperature: must be between 0 and 2' }
          })
        : real.request(req)
  }
  renderWithApp(<InboxSidePanel jobId={job.id} inbox={await job.inbox()} />, transport)
  await userEvent.click(screen.getByRole('button', { name: 'Edit config' }))
  const dialog = within(await screen.findByRole('dialog', { name: 'Job config' }))
  await userEvent.type(dialog.getByLabelText('System prompt'), ' Be brief.')
  await userEvent.click(dialog.getByRole('button', { name: 'Save' }))
  const title = await screen.findByText('Config not saved')
  const notice = title.closest<HTMLElement>('.mantine-Notification-root')!
  await waitFor(() => expect(within(notice).getByText('config.temperature: must be between 0 and 2')).toBeTruthy())
})
