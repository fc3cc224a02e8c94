import { parseExactJson } from '../../../../shared/exact-json'
import { formatIssues } from '../../../../shared/contract/field-errors'
import { fullIdentityName } from '../../../../shared/contract/identity'
import {
  emptyScope,
  LocalVrkaiEntrySchema,
  LocalVrpackEntrySchema,
  type DocumentResource,
  type JobScope,
  type LocalVrkaiEntry,
  type LocalVrpackEntry,
  type NetworkFolder,
  type Source,
  type VectorFsFolder,
  type VectorFsItem
} from '../../../../shared/contract/scope'

export { emptyScope }
export type ScopeSection = 'local_vrkai' | 'local_vrpack' | 'network_folders' | 'vector_fs_folders' | 'vector_fs_items'
type EntryOf<K extends ScopeSection> = JobScope[K] extends readonly (infer E)[] ? E : never

/**
 * Each kind of scope entry in the operator's words, wherever a scope is shown (New job's editor, the
 * job's details beside a conversation): the Files page calls the document store "the library" and holds
 * folders and files; .vrkai and .vrpack files are imported. "VectorFS items" was the API's word.
 */
export const SCOPE_SECTIONS: readonly { key: ScopeSection; label: string }[] = [
  { key: 'vector_fs_folders', label: 'Library folders' },
  { key: 'vector_fs_items', label: 'Library files' },
  { key: 'network_folders', label: 'Folders on other nodes' },
  { key: 'local_vrkai', label: 'Imported documents' },
  { key: 'local_vrpack', label: 'Imported packs' }
]

/** The title of New job's section for imported documents and packs, from the same words. */
export const IMPORTED_SECTION_TITLE = 'Imported documents and packs'

export const FILE_TYPES = ['Pdf', 'Txt', 'Md', 'Docx', 'Html', 'Csv', 'Json'] as const
export const CHUNKING_STRATEGIES = ['V1'] as const

export function fileSource(fileName: string, fileType: string, chunking: string): Source {
  return { Standard: { FileRef: { file_name: fileName, file_type: { Document: fileType }, text_chunking_strategy: chunking } } }
}

export const vectorFsFolder = (name: string, pathIds: readonly string[]): VectorFsFolder => ({ name, path: { path_ids: [...pathIds] } })

export const vectorFsItem = (name: string, pathIds: readonly string[], source: Source): VectorFsItem => ({
  name,
  path: { path_ids: [...pathIds] },
  source
})

export const networkFolder = (
  identity: { nodeName: string; profileName: string; agentName: string },
  name: string,
  pathIds: readonly string[]
): NetworkFolder => ({
  external_identity: fullIdentityName(identity.nodeName, identity.profileName, identity.agentName),
  name,
  path: { path_ids: [...pathIds] }
})

/** What a network folder's fields are checked for as they are typed (the node takes any text, but no remote node would answer). */
export interface NetworkFields {
  readonly nodeName: string
  readonly profileName: string
  readonly agentName: string
  readonly name: string
}

/** A node's name as nodes give theirs: @@, then letters, digits, dots, dashes or underscores (@@other.sep-shinkai). */
const NODE_NAME = /^@@[A-Za-z0-9._-]+$/
/** A profile's or an agent's name: letters, digits, dashes and underscores. */
const PART_NAME = /^[A-Za-z0-9_-]+$/

/** The sentence for each field typed in a way no remote node's address takes; empty fields are left to the Add button. */
export function networkFieldProblems(f: NetworkFields): Partial<Record<keyof NetworkFields, string>> {
  const problems: Partial<Record<keyof NetworkFields, string>> = {}
  const node = f.nodeName.trim()
  if (node && !NODE_NAME.test(node))
    problems.nodeName = 'A node’s name starts with @@ and has letters, digits, dots, dashes or underscores only, as @@other.sep-shinkai.'
  for (const key of ['profileName', 'agentName'] as const) {
    const v = f[key].trim()
    if (v && !PART_NAME.test(v)) problems[key] = 'Letters, digits, dashes and underscores only.'
  }
  if (f.name.includes('/')) problems.name = 'A folder’s name cannot contain “/”: the path says where it is.'
  return problems
}

/** A path typed as folder names: each split at `/` (a name holds none), without the empty ones. */
export function pathSegments(typed: readonly string[]): string[] {
  return typed.flatMap((s) => s.split('/')).flatMap((s) => (s.trim() ? [s.trim()] : []))
}

/** Why a network folder's path cannot be a path (a `.` or `..` in it: no folder is named so), or undefined. */
export function networkPathProblem(path: readonly string[]): string | undefined {
  const bad = path.find((s) => s === '.' || s === '..')
  return bad === undefined ? undefined : `“${bad}” is not a folder’s name: type the path from the root, one folder at a time.`
}

/** The fields a network folder needs, in the form's order. */
export const NETWORK_FIELDS = ['nodeName', 'profileName', 'agentName', 'name'] as const

/** The sentence for each field left empty: said once Add was pressed, rather than a disabled Add that says nothing. */
export function networkFieldsMissing(f: NetworkFields): Partial<Record<keyof NetworkFields, string>> {
  const needed: Record<keyof NetworkFields, string> = {
    nodeName: 'Name the remote node, as @@other.sep-shinkai.',
    profileName: 'Name the profile on that node (usually main).',
    agentName: 'Name the agent on that node that shares the folder.',
    name: 'Name the folder that node shares.'
  }
  return Object.fromEntries(NETWORK_FIELDS.filter((k) => !f[k].trim()).map((k) => [k, needed[k]]))
}

export function addEntry<K extends ScopeSection>(scope: JobScope, key: K, entry: EntryOf<K>): JobScope {
  return { ...scope, [key]: [...(scope[key] as EntryOf<K>[]), entry] }
}

export function removeEntry(scope: JobScope, key: ScopeSection, index: number): JobScope {
  return { ...scope, [key]: (scope[key] as unknown[]).filter((_, i) => i !== index) }
}

/** The scope without the given entries (each named by its section and its index there), in one change. */
export function removeEntries(scope: JobScope, entries: readonly { section: ScopeSection; index: number }[]): JobScope {
  const out = { ...scope }
  for (const key of new Set(entries.map((e) => e.section))) {
    const gone = new Set(entries.filter((e) => e.section === key).map((e) => e.index))
    Object.assign(out, { [key]: (scope[key] as unknown[]).filter((_, i) => !gone.has(i)) })
  }
  return out
}

export type ImportedEntry =
  | { readonly ok: true; readonly section: 'local_vrkai'; readonly entry: LocalVrkaiEntry }
  | { readonly ok: true; readonly section: 'local_vrpack'; readonly entry: LocalVrpackEntry }
  | { readonly ok: false; readonly error: string }

/**
 * A `.json` file holding a vrkai or vrpack: either the scope entry (`{"vrkai": {...}}`) or the
 * bare resource (with `sfm`, or with `vrkai_count`). Validated with the contract's schemas.
 */
export function parseLocalEntry(text: string): ImportedEntry {
  let data: unknown
  try {
    // Exactly: a whole number past 2^53 in the entry's metadata is kept as written (shared/exact-json.ts).
    data = parseExactJson(text)
  } catch (err) {
    return { ok: false, error: `not JSON (${(err as Error).message})` }
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) return { ok: false, error: 'expected a JSON object' }
  const o = data as Record<string, unknown>
  const wrapped = 'vrkai' in o || 'vrpack' in o ? o : 'vrkai_count' in o ? { vrpack: o } : 'sfm' in o ? { vrkai: o } : o
  if ('vrkai' in wrapped) {
    const r = LocalVrkaiEntrySchema.safeParse(wrapped)
    return r.success
      ? { ok: true, section: 'local_vrkai', entry: wrapped as LocalVrkaiEntry }
      : { ok: false, error: formatIssues(r.error.issues, wrapped) }
  }
  if ('vrpack' in wrapped) {
    const r = LocalVrpackEntrySchema.safeParse(wrapped)
    return r.success
      ? { ok: true, section: 'local_vrpack', entry: wrapped as LocalVrpackEntry }
      : { ok: false, error: formatIssues(r.error.issues, wrapped) }
  }
  return {
    ok: false,
    error: 'neither a vrkai nor a vrpack (expected a "vrkai" or "vrpack" key, or a resource with "sfm" or "vrkai_count")'
  }
}

export interface LocalSummary {
  readonly name: string
  readonly nodeCount: number
  readonly embeddingModel: string
}

export function summarizeLocal(entry: LocalVrkaiEntry | LocalVrpackEntry): LocalSummary {
  const vrkai = (entry as LocalVrkaiEntry).vrkai as LocalVrkaiEntry['vrkai'] | undefined
  const vrpack = (entry as LocalVrpackEntry).vrpack as LocalVrpackEntry['vrpack'] | undefined
  const doc: DocumentResource = vrkai ? vrkai.resource.Document : vrpack!.resource.Document
  const name = vrpack ? vrpack.name : doc.name
  return { name, nodeCount: doc.node_count, embeddingModel: doc.embedding_model_used_string }
}

export const scopeCount = (scope: JobScope) => SCOPE_SECTIONS.reduce((n, s) => n + (scope[s.key] as unknown[]).length, 0)
