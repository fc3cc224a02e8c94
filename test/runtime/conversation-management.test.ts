import { describe, expect, it } from 'vitest'
import { addProvider, createJob, expectError, useTestNode, useFakeLlm } from '../support/node'
import { messages, recordEvents, waitForAnswers, waitForMessages, type Msg } from '../support/answers'

const fake = useFakeLlm()
const node = useTestNode({
  runtime: { timeouts: { firstChunkMs: 3000, idleMs: 3000 } },
  setup: (n) => addProvider(n, 'p1', { external_url: fake.url, api_key: 'sk-test' })
})
const inboxOf = (jobId: string) => `job_inbox::${jobId}::false`
const count = (sql: string, ...args: unknown[]) =>
  node.store.db
    .prepare(sql)
    .pluck()
    .get(...args) as number

describe('removing a job while its answer streams', () => {
  it('stops the answer, leaves nothing of the job (tables, search) and leaves the other inboxes untouched', async () => {
    const other = await createJob(node, 'p1')
    fake.behaviour = { type: 'reply', chunks: ['kept answer'] }
    await node.post('/v2/job_message', { job_id: other, content: 'other question' })
    await waitForAnswers(node, inboxOf(other), 1)
    const otherBefore = await messages(node, inboxOf(other))

    const gone = await createJob(node, 'p1')
    fake.behaviour = { type: 'stall', chunks: ['streaming ', 'xylophone '] }
    const events = recordEvents(node)
    const chat = fake.nextChat()
    await node.post('/v2/job_message', { job_id: gone, content: 'write about xylophones' })
    await chat
    await waitForMessages(node, inboxOf(gone), () => events.filter((e) => e.type === 'message_delta').length === 2)
    expect(node.runtime!.busy(inboxOf(gone))).toBe(true)

    expect(await node.post('/v2/remove_job', { job_id: gone })).toEqual({ status: 200, body: 'Successfully removed job' })
    await expect.poll(() => node.runtime!.busy(inboxOf(gone))).toBe(false)
    // Nothing was stored after the removal: no stopped answer resurrecting the inbox.
    await new Promise((r) => setTimeout(r, 100))
    for (const [table, column] of [
      ['jobs', 'id'],
      ['job_scopes', 'job_id'],
      ['inboxes', 'job_id']
    ]) {
      expect(count(`SELECT count(*) FROM ${table} WHERE ${column} = ?`, gone), table).toBe(0)
    }
    expect(count(`SELECT count(*) FROM messages WHERE inbox_id = ?`, inboxOf(gone))).toBe(0)
    expect(count(`SELECT count(*) FROM inbox_search WHERE inbox_search MATCH 'xylophones'`)).toBe(0)
    expect(count(`SELECT count(*) FROM inbox_search WHERE inbox_search MATCH '"write"'`)).toBe(0)
    const deltasAfter = events.slice(events.findIndex((e) => e.type === 'inbox_changed' && e.data.inbox === null) + 1)
    expect(deltasAfter.filter((e) => e.type === 'message_delta')).toEqual([])
    expect(events.filter((e) => e.type === 'inbox_changed' && e.data.inbox_id === inboxOf(gone)).at(-1)).toEqual({
      type: 'inbox_changed',
      data: { inbox_id: inboxOf(gone), inbox: null }
    })
    expect(await messages(node, inboxOf(other))).toEqual(otherBefore)
    expectError(await node.post('/v2/last_messages', { inbox_name: inboxOf(gone) }), 404)

    // The node keeps answering elsewhere.
    fake.behaviour = { type: 'reply', chunks: ['still here'] }
    await node.post('/v2/job_message', { job_id: other, content: 'again' })
    await waitForAnswers(node, inboxOf(other), 2)
  })
})

describe('retry_message', () => {
  it('appends a new answer to the same question, without repeating the question or showing the old answer to the model', async () => {
    const jobId = await createJob(node, 'p1')
    fake.behaviour = { type: 'reply', chunks: ['first answer'] }
    await node.post('/v2/job_message', { job_id: jobId, content: 'Name a colour' })
    const [question, first] = await waitForAnswers(node, inboxOf(jobId), 1)
    fake.behaviour = { type: 'reply', chunks: ['second answer'] }
    const chat = fake.nextChat()
    expect(
      await node.post('/v2/retry_message', { inbox_name: inboxOf(jobId), message_id: first!.node_api_data.node_message_hash })
    ).toEqual({
      status: 200,
      body: 'Successfully queued'
    })
    const sent = await chat
    const ms = await waitForAnswers(node, inboxOf(jobId), 2)
    expect(ms.map((m) => m.job_message.content)).toEqual(['Name a colour', 'first answer', 'second answer'])
    expect(ms[2]!.job_message.parent).toBe(question!.node_api_data.node_message_hash)
    expect(ms[2]!.node_api_data.parent_hash).toBe(first!.node_api_data.node_message_hash)
    const prompt = JSON.stringify(sent.body)
    expect(prompt).toContain('Name a colour')
    expect(prompt).not.toContain('first answer')
    expect(node.store.messages.nextPending(inboxOf(jobId))).toBeUndefined()
  })

  it('an earlier answer regenerated: the model sees the conversation up to that question, not what came after it', async () => {
    const jobId = await createJob(node, 'p1')
    fake.behaviour = { type: 'reply', chunks: ['Blue.'] }
    await node.post('/v2/job_message', { job_id: jobId, content: 'Name a colour' })
    await waitForAnswers(node, inboxOf(jobId), 1)
    fake.behaviour = { type: 'reply', chunks: ['Paris.'] }
    await node.post('/v2/job_message', { job_id: jobId, content: 'Name a city' })
    const [, first] = await waitForAnswers(node, inboxOf(jobId), 2)
    fake.behaviour = { type: 'reply', chunks: ['Green.'] }
    const chat = fake.nextChat()
    await node.post('/v2/retry_message', { inbox_name: inboxOf(jobId), message_id: first!.node_api_data.node_message_hash })
    expect((await chat).body!.messages).toEqual([{ role: 'user', content: 'Name a colour' }])
    await waitForAnswers(node, inboxOf(jobId), 3)

    // The next question: each earlier question with the answer the operator sees now (the latest), once.
    fake.behaviour = { type: 'reply', chunks: ['Oak.'] }
    const next = fake.nextChat()
    await node.post('/v2/job_message', { job_id: jobId, content: 'Name a tree' })
    expect((await next).body!.messages).toEqual([
      { role: 'user', content: 'Name a colour' },
      { role: 'assistant', content: 'Green.' },
      { role: 'user', content: 'Name a city' },
      { role: 'assistant', content: 'Paris.' },
      { role: 'user', content: 'Name a tree' }
    ])
  })

  it('questions asked again wait behind the questions already waiting, in the order asked, before the ones sent after', async () => {
    const jobId = await createJob(node, 'p1')
    const inbox = inboxOf(jobId)
    fake.behaviour = { type: 'reply', chunks: ['Answer.'] }
    const answers: Msg[] = []
    for (const q of ['Q1', 'Q2', 'Q3']) {
      await node.post('/v2/job_message', { job_id: jobId, content: q })
      answers.push((await waitForAnswers(node, inbox, answers.length + 1)).at(-1)!)
    }
    // Q4 is being answered, held until the rest is queued: nothing is stored meanwhile.
    let release!: () => void
    fake.queue = [{ type: 'keepalive', chunks: ['Held.'], everyMs: 100, until: new Promise<void>((r) => (release = r)) }]
    const asked = fake.requests.length
    const q4 = fake.nextChat()
    await node.post('/v2/job_message', { job_id: jobId, content: 'Q4' })
    await q4
    await node.post('/v2/job_message', { job_id: jobId, content: 'Q5' })
    const retry = async (i: number) =>
      expect(
        (await node.post('/v2/retry_message', { inbox_name: inbox, message_id: answers[i]!.node_api_data.node_message_hash })).status
      ).toBe(200)
    // Three answers regenerated, the first twice (asked again while it waits: a second answer, at the place asked), then Q6 sent.
    await retry(2)
    await retry(0)
    await retry(1)
    await retry(2)
    await node.post('/v2/job_message', { job_id: jobId, content: 'Q6' })
    release()
    await waitForAnswers(node, inbox, 10)
    const lastQuestion = (body: Record<string, unknown> | undefined) =>
      (body!.messages as { role: string; content: string }[]).filter((m) => m.role === 'user').at(-1)!.content
    expect(
      fake.requests
        .slice(asked)
        .filter((r) => r.path.includes('chat'))
        .map((r) => lastQuestion(r.body))
    ).toEqual(['Q4', 'Q5', 'Q3', 'Q1', 'Q2', 'Q3', 'Q6'])
  })

  it('two retries of one answer at once: each appends its own answer to the question', async () => {
    const jobId = await createJob(node, 'p1')
    const inbox = inboxOf(jobId)
    fake.behaviour = { type: 'reply', chunks: ['First.'] }
    await node.post('/v2/job_message', { job_id: jobId, content: 'Name a colour' })
    const [question, first] = await waitForAnswers(node, inbox, 1)
    fake.behaviour = { type: 'reply', chunks: ['Again.'] }
    const body = { inbox_name: inbox, message_id: first!.node_api_data.node_message_hash }
    const both = await Promise.all([node.post('/v2/retry_message', body), node.post('/v2/retry_message', body)])
    expect(both).toEqual([
      { status: 200, body: 'Successfully queued' },
      { status: 200, body: 'Successfully queued' }
    ])
    // Before: the second retry joined the first, and one answer came.
    const ms = await waitForAnswers(node, inbox, 3)
    expect(ms.map((m) => m.job_message.content)).toEqual(['Name a colour', 'First.', 'Again.', 'Again.'])
    for (const m of ms.slice(1)) expect(m.job_message.parent).toBe(question!.node_api_data.node_message_hash)
    await new Promise((r) => setTimeout(r, 200))
    expect(await messages(node, inbox)).toHaveLength(4)
    expect(node.store.messages.nextPending(inbox)).toBeUndefined()
    expect(count(`SELECT count(*) FROM answer_retries`)).toBe(0)
  })

  it('a retry while the new answer to that question is being written: another answer follows it', async () => {
    const jobId = await createJob(node, 'p1')
    const inbox = inboxOf(jobId)
    fake.behaviour = { type: 'reply', chunks: ['First.'] }
    await node.post('/v2/job_message', { job_id: jobId, content: 'Name a colour' })
    const [question, first] = await waitForAnswers(node, inbox, 1)
    let release!: () => void
    fake.queue = [{ type: 'keepalive', chunks: ['Being written.'], everyMs: 100, until: new Promise<void>((r) => (release = r)) }]
    fake.behaviour = { type: 'reply', chunks: ['Third.'] }
    const writing = fake.nextChat()
    const body = { inbox_name: inbox, message_id: first!.node_api_data.node_message_hash }
    expect((await node.post('/v2/retry_message', body)).status).toBe(200)
    await writing
    // Before: this retry was cleared with the answer being written, and no third answer came.
    expect((await node.post('/v2/retry_message', body)).status).toBe(200)
    release()
    const ms = await waitForAnswers(node, inbox, 3)
    expect(ms.map((m) => m.job_message.content)).toEqual(['Name a colour', 'First.', 'Being written.', 'Third.'])
    expect(ms[3]!.job_message.parent).toBe(question!.node_api_data.node_message_hash)
    expect(node.store.messages.nextPending(inbox)).toBeUndefined()
  })

  it('retries an error note', async () => {
    const jobId = await createJob(node, 'p1')
    fake.behaviour = { type: 'status', status: 500, body: { error: { message: 'boom' } } }
    await node.post('/v2/job_message', { job_id: jobId, content: 'try me' })
    const [, note] = await waitForAnswers(node, inboxOf(jobId), 1)
    expect(note!.job_message.error).toBeTruthy()
    fake.behaviour = { type: 'reply', chunks: ['worked'] }
    expect(
      (await node.post('/v2/retry_message', { inbox_name: inboxOf(jobId), message_id: note!.node_api_data.node_message_hash })).status
    ).toBe(200)
    const ms = await waitForAnswers(node, inboxOf(jobId), 2)
    expect(ms.map((m) => m.job_message.content).filter((c) => c === 'try me')).toHaveLength(1)
    expect(ms.at(-1)!.job_message.content).toBe('worked')
  })
})

describe('retries owed when the node stops or the job goes', () => {
  /** A question answered once, then retried twice while the provider stalls on the first retry. */
  async function twoRetriesOwed() {
    const jobId = await createJob(node, 'p1')
    const inbox = inboxOf(jobId)
    fake.behaviour = { type: 'reply', chunks: ['First.'] }
    await node.post('/v2/job_message', { job_id: jobId, content: 'Name a colour' })
    const [, first] = await waitForAnswers(node, inbox, 1)
    fake.behaviour = { type: 'stall', chunks: ['half'] }
    const chat = fake.nextChat()
    const body = { inbox_name: inbox, message_id: first!.node_api_data.node_message_hash }
    expect((await node.post('/v2/retry_message', body)).status).toBe(200)
    await chat
    expect((await node.post('/v2/retry_message', body)).status).toBe(200)
    expect(count(`SELECT count(*) FROM answer_retries`)).toBe(1)
    return { jobId, inbox }
  }

  it('a restart mid-answer gives each retry accepted before it its answer, once', async () => {
    const { inbox } = await twoRetriesOwed()
    fake.behaviour = { type: 'reply', chunks: ['Again.'] }
    node.reopen()
    const ms = await waitForAnswers(node, inbox, 3)
    expect(ms.map((m) => m.job_message.content)).toEqual(['Name a colour', 'First.', 'Again.', 'Again.'])
    await expect.poll(() => [node.runtime!.busy(inbox), node.store.messages.pendingInboxes()]).toEqual([false, []])
    expect(await messages(node, inbox)).toHaveLength(4)
    expect(count(`SELECT count(*) FROM answer_retries`)).toBe(0)
  })

  it('removing the job leaves no retry owed, and no answer comes', async () => {
    const { jobId, inbox } = await twoRetriesOwed()
    expect((await node.post('/v2/remove_job', { job_id: jobId })).status).toBe(200)
    await expect.poll(() => count(`SELECT count(*) FROM messages WHERE inbox_id = ?`, inbox)).toBe(0)
    expect(count(`SELECT count(*) FROM answer_retries`)).toBe(0)
    expect(node.store.messages.pendingInboxes()).toEqual([])
  })
})
