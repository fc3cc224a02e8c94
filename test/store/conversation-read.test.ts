import { NO_SCOPE_PATHS } from '../../src/main/store/jobs'
import { expect, it } from 'vitest'
import fc from 'fast-check'
import { openStore } from '../../src/main/store'
import { aesFileSecretBox } from '../../src/main/store/secret-box'
import { tempDir } from '../support/node'
import { join } from 'node:path'

/**
 * The conversation a question is answered with, read in pages: the same messages in the same
 * order as one query over the whole inbox (kept here as the reference) for every question of
 * random conversations longer than a page, with answers regenerated after later questions.
 */
it('conversationFor reads what the whole-inbox query reads, in order, page boundaries included', () => {
  const t = tempDir()
  const store = openStore(t.dir, aesFileSecretBox(join(t.dir, 'secret.key')))
  store.db.pragma('foreign_keys = OFF') // no provider row: the job only needs its inbox here
  const reference = store.db
    .prepare<[string, number, number], string>(
      `SELECT m.message_json FROM messages m WHERE m.inbox_id = ? AND (m.seq <= ? OR (m.role <> 'operator' AND EXISTS (
         SELECT 1 FROM messages q WHERE q.hash = json_extract(m.message_json, '$.job_message.parent') AND q.inbox_id = m.inbox_id AND q.seq <= ?)))
       ORDER BY m.seq DESC`
    )
    .pluck()
  const seqOf = store.db.prepare<[string], number>(`SELECT seq FROM messages WHERE hash = ?`).pluck()
  let run = 0
  try {
    fc.assert(
      fc.property(
        // Each step: a question (null) or an answer to the n-th question asked so far (modulo); up to 160
        // messages, so questions sit past the first pages of 32 and 64.
        fc.array(fc.option(fc.nat(), { freq: 2 }), { minLength: 1, maxLength: 160, size: 'max' }),
        (steps) => {
          run++
          const jobId = `job-${run}`
          const inboxId = `job_inbox::${jobId}::false`
          const now = new Date(0).toISOString()
          store.jobs.create({
            jobId,
            inboxId,
            providerId: 'p',
            configJson: '{}',
            scopeJson: '{}',
            scopePaths: NO_SCOPE_PATHS,
            associatedUiJson: 'null',
            isHidden: false,
            now,
            customName: 'c'
          })
          const questions: string[] = []
          steps.forEach((step, i) => {
            const hash = `${run}-${i}`
            const parent = step === null || questions.length === 0 ? '' : questions[step % questions.length]!
            const json = JSON.stringify({ job_message: { content: `m${i}`, parent }, node_api_data: { node_message_hash: hash } })
            store.messages.append(inboxId, parent ? 'answer' : 'operator', () => ({ hash, timestamp: now, json }), {})
            if (!parent) questions.push(hash)
          })
          for (const q of questions) {
            const seq = seqOf.get(q)!
            expect([...store.messages.conversationFor(inboxId, seq)]).toEqual(
              reference.all(inboxId, seq, seq).map((json): unknown => JSON.parse(json))
            )
          }
        }
      ),
      { numRuns: 60 }
    )
  } finally {
    store.close()
    t.cleanup()
  }
})
