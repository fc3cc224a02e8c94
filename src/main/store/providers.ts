import type { Db } from './db'
import type { UrlSecretSeal } from './url-secret-seal'
import { PROVIDER_USAGE_NAMED } from '../../shared/contract/provider-usage'

export interface ProviderRow {
  readonly id: string
  /** The provider as the operator gave it, without api_key. */
  readonly provider_json: string
  /** `{full_identity_name, id, model}`: the inbox's `agent`, kept ready to splice. */
  readonly agent_json: string
  readonly api_key: Buffer | null
  /** `{ok, message, at}` of the provider's last check, or null when never checked. */
  readonly last_check_json: string | null
}

export interface ProviderWrite {
  readonly id: string
  readonly providerJson: string
  readonly agentJson: string
  /** Sealed key; on update `undefined` keeps the stored one. */
  readonly apiKey: Buffer | null | undefined
  readonly now: string
  /** The check that applies to exactly these settings; on update `undefined` keeps the stored one. */
  readonly lastCheckJson?: string | null
}

/** `urlSecrets`: the provider's address secrets are sealed as written and opened as read (url-secret-seal.ts). */
export function providersRepo(db: Db, urlSecrets?: UrlSecretSeal) {
  const insert = db.prepare(
    `INSERT INTO providers (id, provider_json, agent_json, api_key, last_check_json, created_at, updated_at)
     VALUES (@id, @providerJson, @agentJson, @apiKey, @lastCheckJson, @now, @now)`
  )
  const update = db.prepare(`UPDATE providers SET provider_json = @providerJson, agent_json = @agentJson, updated_at = @now WHERE id = @id`)
  const updateKey = db.prepare(`UPDATE providers SET api_key = ? WHERE id = ?`)
  const updateCheck = db.prepare(`UPDATE providers SET last_check_json = ? WHERE id = ?`)
  const getStored = db.prepare<[string], ProviderRow>(
    `SELECT id, provider_json, agent_json, api_key, last_check_json FROM providers WHERE id = ?`
  )
  const listStored = db.prepare<[], ProviderRow>(
    `SELECT id, provider_json, agent_json, api_key, last_check_json FROM providers ORDER BY seq`
  )
  const updateJson = db.prepare(`UPDATE providers SET provider_json = ? WHERE id = ?`)
  const opened = (row: ProviderRow | undefined): ProviderRow | undefined =>
    row && urlSecrets ? { ...row, provider_json: urlSecrets.open(row.provider_json) } : row
  const sealed = <T extends { providerJson: string }>(p: T): T => (urlSecrets ? { ...p, providerJson: urlSecrets.seal(p.providerJson) } : p)
  const get = { get: (id: string) => opened(getStored.get(id)) }
  const sealAll = db.transaction((seal: UrlSecretSeal): number => {
    let n = 0
    for (const row of listStored.all()) {
      if (!seal.unsealed(row.provider_json)) continue
      updateJson.run(seal.seal(row.provider_json), row.id)
      n++
    }
    return n
  })
  const remove = db.prepare(`DELETE FROM providers WHERE id = ?`)
  const jobCount = db.prepare<[string], { n: number }>(`SELECT count(*) AS n FROM jobs WHERE provider_id = ?`)
  const recentJobs = db.prepare<[string], { inbox_id: string; custom_name: string; is_hidden: number }>(
    // Newest jobs first, in the provider index's own order: by activity, 90,000 jobs of one provider were
    // each joined to their inbox and sorted (38 ms on the node's main thread); this reads five.
    `SELECT i.id AS inbox_id, i.custom_name, i.is_hidden FROM jobs j JOIN inboxes i ON i.job_id = j.id
     WHERE j.provider_id = ? ORDER BY j.seq DESC LIMIT ${PROVIDER_USAGE_NAMED}`
  )

  return {
    /** false when a provider with this id exists (and then nothing is written, not even a sequence bump). */
    insert: db.transaction((p: ProviderWrite): boolean => {
      if (get.get(p.id)) return false
      return insert.run({ ...sealed(p), apiKey: p.apiKey ?? null, lastCheckJson: p.lastCheckJson ?? null }).changes === 1
    }),
    /**
     * All or nothing: the id of the first provider that already exists (and then nothing is
     * written), or undefined once every one is stored.
     */
    insertAll: db.transaction((ps: readonly ProviderWrite[]): string | undefined => {
      const existing = ps.find((p) => get.get(p.id))
      if (existing) return existing.id
      for (const p of ps) insert.run({ ...sealed(p), apiKey: p.apiKey ?? null, lastCheckJson: p.lastCheckJson ?? null })
      return undefined
    }),
    /** false when no provider has this id. */
    update: db.transaction((p: ProviderWrite): boolean => {
      const { lastCheckJson, ...fields } = sealed(p)
      if (update.run(fields).changes !== 1) return false
      if (p.apiKey !== undefined) updateKey.run(p.apiKey, p.id)
      if (lastCheckJson !== undefined) updateCheck.run(lastCheckJson, p.id)
      return true
    }),
    /**
     * Keeps a check's result, only if the provider still holds the settings that were checked
     * (an edit made while the check ran makes its result moot). false otherwise.
     */
    recordCheck: db.transaction((id: string, checked: ProviderRow, lastCheckJson: string): boolean => {
      const now = get.get(id)
      if (!now || now.provider_json !== checked.provider_json) return false
      if ((now.api_key === null) !== (checked.api_key === null) || (now.api_key && !now.api_key.equals(checked.api_key!))) return false
      return updateCheck.run(lastCheckJson, id).changes === 1
    }),
    get: (id: string) => get.get(id),
    list: () => (urlSecrets ? listStored.all().map((r) => opened(r)!) : listStored.all()),
    /**
     * Seals the address secrets of providers written before they were sealed at rest. Answers how many.
     * The rows are rewritten with secure_delete on: else the values as typed stayed in the free space
     * of the pages they were in, and the SQLite file still held them after the seal.
     */
    sealUrlSecrets: (): number => {
      if (!urlSecrets || !listStored.all().some((row) => urlSecrets.unsealed(row.provider_json))) return 0
      const secureDelete = db.pragma('secure_delete', { simple: true }) as number
      db.pragma('secure_delete = ON')
      try {
        return sealAll(urlSecrets)
      } finally {
        db.pragma(`secure_delete = ${secureDelete}`)
      }
    },
    jobCount: (id: string) => jobCount.get(id)!.n,
    /** What a removal would meet: the jobs using the provider, and the newest few of them; undefined when there is no such provider. */
    usage: db.transaction((id: string) => {
      if (!get.get(id)) return undefined
      const recent = recentJobs.all(id).map((r) => ({ inbox_id: r.inbox_id, custom_name: r.custom_name, is_hidden: r.is_hidden === 1 }))
      return { jobs: jobCount.get(id)!.n, recent }
    }),
    /**
     * Removes the provider unless a job uses it, deciding and deleting in one transaction.
     * 'missing' when there is no such provider; the number of jobs using it when it stays.
     */
    removeUnused: db.transaction((id: string): 'removed' | 'missing' | { readonly jobs: number } => {
      if (!get.get(id)) return 'missing'
      const jobs = jobCount.get(id)!.n
      if (jobs > 0) return { jobs }
      return remove.run(id).changes === 1 ? 'removed' : 'missing'
    })
  }
}
export type ProvidersRepo = ReturnType<typeof providersRepo>
