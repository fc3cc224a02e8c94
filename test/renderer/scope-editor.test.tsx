// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { ScopeEditor } from '../../src/renderer/src/features/jobs/ScopeEditor'
import { parseLocalEntry } from '../../src/renderer/src/features/jobs/scope-entries'
import { emptyScope, JobScopeSchema, type JobScope } from '../../src/shared/contract/scope'
import { documentResource } from '../support/fixtures'
import { renderWithApp } from './render'

afterEach(cleanup)

const vrkai = {
  vrkai: { metadata: {}, resource: { Document: documentResource('handbook') }, version: 'V1', sfm: { map: {}, source_files_count: 0 } }
}
const vrpack = {
  vrpack: {
    embedding_models_used: {},
    folder_count: 1,
    metadata: {},
    name: 'Pack',
    resource: { Document: documentResource('root') },
    version: 'V1',
    vrkai_count: 1
  }
}

function Harness({ onScope }: { onScope: (s: JobScope) => void }) {
  const [scope, setScope] = useState<JobScope>(emptyScope())
  return (
    <ScopeEditor
      value={scope}
      onChange={(s) => {
        setScope(s)
        onScope(s)
      }}
    />
  )
}

async function typeSegments(region: HTMLElement, segments: string[]) {
  const input = within(region).getByRole('combobox', { name: 'Path' })
  for (const s of segments) await userEvent.type(input, `${s}{Enter}`)
}

describe('ScopeEditor', () => {
  it('adding one entry of each kind, then removing some, gives exactly the seed JobScope shape', async () => {
    let scope: JobScope = emptyScope()
    renderWithApp(<Harness onScope={(s) => (scope = s)} />)

    const folders = screen.getByRole('region', { name: 'VectorFS folders' })
    await userEvent.type(within(folders).getByLabelText('Folder name'), 'Contracts')
    await typeSegments(folders, ['My Files', 'Contracts'])
    await userEvent.click(within(folders).getByRole('button', { name: 'Add folder' }))

    const items = screen.getByRole('region', { name: 'VectorFS items' })
    await userEvent.type(within(items).getByLabelText('Item name'), 'Q3.pdf')
    await typeSegments(items, ['My Files'])
    await userEvent.click(within(items).getByRole('button', { name: 'Add item' }))

    const network = screen.getByRole('region', { name: 'Network folders' })
    await userEvent.type(within(network).getByLabelText('Remote node'), '@@other.sep-shinkai')
    await userEvent.type(within(network).getByLabelText('Remote agent'), 'remote')
    await userEvent.type(within(network).getByLabelText('Shared folder name'), 'Shared')
    await userEvent.click(within(network).getByRole('button', { name: 'Add network folder' }))

    const local = screen.getByRole('region', { name: 'Local documents and packs' })
    const file = (name: string, json: unknown) => new File([JSON.stringify(json)], name, { type: 'application/json' })
    act(() => {
      fireEvent.change(local.querySelector('input[type=file]')!, {
        target: { files: [file('a.json', vrkai), file('b.json', vrpack), file('bad.json', { nope: 1 })] }
      })
    })
    // The files are read asynchronously; the import reports its problems and the new scope together.
    expect(await within(local).findByText(/bad\.json: neither a vrkai nor a vrpack/)).toBeTruthy()

    expect(scope).toEqual({
      local_vrkai: [vrkai],
      local_vrpack: [vrpack],
      network_folders: [
        {
          external_identity: {
            full_name: '@@other.sep-shinkai/main/agent/remote',
            node_name: '@@other.sep-shinkai',
            profile_name: 'main',
            subidentity_name: 'remote',
            subidentity_type: 'Agent'
          },
          name: 'Shared',
          path: { path_ids: [] }
        }
      ],
      vector_fs_folders: [{ name: 'Contracts', path: { path_ids: ['My Files', 'Contracts'] } }],
      vector_fs_items: [
        {
          name: 'Q3.pdf',
          path: { path_ids: ['My Files'] },
          source: { Standard: { FileRef: { file_name: 'Q3.pdf', file_type: { Document: 'Pdf' }, text_chunking_strategy: 'V1' } } }
        }
      ]
    })
    expect(JobScopeSchema.safeParse(scope).success).toBe(true)
    expect(
      within(local)
        .getAllByTestId('local-entry')
        .map((c) => c.textContent)
    ).toEqual([expect.stringContaining('handbook2 nodes · snowflake-arctic-embed:xs'), expect.stringContaining('Pack2 nodes')])

    await userEvent.click(within(folders).getByRole('button', { name: 'Remove Contracts' }))
    await userEvent.click(within(local).getByRole('button', { name: 'Remove handbook' }))
    expect(scope.vector_fs_folders).toEqual([])
    expect(scope.local_vrkai).toEqual([])
    expect(scope.local_vrpack).toEqual([vrpack])
  })

  it('add buttons stay disabled until the required fields are filled', () => {
    renderWithApp(<Harness onScope={() => {}} />)
    expect(screen.getByRole('button', { name: 'Add folder' }).hasAttribute('disabled')).toBe(true)
    expect(screen.getByRole('button', { name: 'Add item' }).hasAttribute('disabled')).toBe(true)
    expect(screen.getByRole('button', { name: 'Add network folder' }).hasAttribute('disabled')).toBe(true)
  })
})

describe('parseLocalEntry', () => {
  it('accepts the entry or the bare resource, and names the bad field otherwise', () => {
    expect(parseLocalEntry(JSON.stringify(vrkai))).toMatchObject({ ok: true, section: 'local_vrkai' })
    expect(parseLocalEntry(JSON.stringify(vrkai.vrkai))).toEqual({ ok: true, section: 'local_vrkai', entry: vrkai })
    expect(parseLocalEntry(JSON.stringify(vrpack.vrpack))).toEqual({ ok: true, section: 'local_vrpack', entry: vrpack })
    const broken = structuredClone(vrkai) as { vrkai: { resource: { Document: { node_count: unknown } } } }
    broken.vrkai.resource.Document.node_count = 'many'
    expect(parseLocalEntry(JSON.stringify(broken))).toEqual({
      ok: false,
      error: 'vrkai.resource.Document.node_count: expected number, got string'
    })
    expect(parseLocalEntry('{')).toMatchObject({ ok: false, error: expect.stringMatching(/^not JSON/) })
  })
})
