// The throughput bench's floors, each in a process of its own as the node is (bench/throughput.ts):
//   node bench/floor-server.mjs insert <db file>
//     a bare HTTP server doing one better-sqlite3 insert (WAL, synchronous=FULL) per request;
//   node bench/floor-server.mjs answering <db file> <provider url>
//     the least a question and its answer take: the question inserted (group commit, as the node
//     does) and acknowledged, one streamed chat completion from the provider (4 at once, as the
//     node's default per server), the answer inserted. GET answers {"unanswered": n}.
//   node bench/floor-server.mjs page <json file>
//     the UI bench's floor (bench/ui.ts): the least a page showing the first inbox rows does. `/` is a
//     small HTML page whose one script trades a code for a cookie (POST /session, as the app's page
//     does) and then reads the file's bytes (GET /page.json, the node's own first page, captured),
//     and adds a row to the DOM for each of its inboxes. No framework, no stylesheet.
// Prints "listening <url>" once it accepts requests. Plain JavaScript: no loader of any kind.
import Database from 'better-sqlite3'
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'

const [mode, file, providerUrl] = process.argv.slice(2)
const openMessages = () => {
  const db = new Database(file)
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = FULL')
  db.exec(
    `CREATE TABLE IF NOT EXISTS messages (seq INTEGER PRIMARY KEY, inbox_id TEXT NOT NULL, hash TEXT NOT NULL UNIQUE, message_json TEXT NOT NULL)`
  )
  return { db, insertOne: db.prepare(`INSERT INTO messages (inbox_id, hash, message_json) VALUES (?, ?, ?)`) }
}

const readBody = (req) =>
  new Promise((done) => {
    const chunks = []
    req.on('data', (c) => chunks.push(c))
    req.on('end', () => done(JSON.parse(Buffer.concat(chunks).toString('utf8'))))
  })
const ok = (res) => {
  res.writeHead(200, { 'Content-Type': 'application/json' })
  res.end('{"ok":true}')
}

let handle
if (mode === 'insert') {
  const { insertOne } = openMessages()
  handle = async (req, res) => {
    const body = await readBody(req)
    insertOne.run(body.job_id, randomUUID(), JSON.stringify(body))
    ok(res)
  }
} else if (mode === 'answering') {
  const { db, insertOne } = openMessages()
  // The inserts of one event-loop turn share a transaction; each resolves once it is committed.
  const commit = db.transaction((rows) => {
    for (const [inbox, json] of rows) insertOne.run(inbox, randomUUID(), json)
  })
  let queued = []
  const insert = (inbox, json) =>
    new Promise((done) => {
      if (queued.length === 0)
        setImmediate(() => {
          const batch = queued
          queued = []
          commit(batch.map((q) => q.row))
          for (const q of batch) q.done()
        })
      queued.push({ row: [inbox, json], done })
    })
  const waiting = []
  let active = 0
  let unanswered = 0
  const answer = async (q) => {
    const res = await fetch(`${providerUrl}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer k' },
      body: JSON.stringify({ model: 'gpt-4o-mini', stream: true, messages: [{ role: 'user', content: q.content }] })
    })
    let text = ''
    for (const line of (await res.text()).split('\n')) {
      if (!line.startsWith('data: ') || line === 'data: [DONE]') continue
      text += JSON.parse(line.slice(6)).choices[0]?.delta.content ?? ''
    }
    await insert(q.job_id, JSON.stringify({ answer: text }))
  }
  const pump = () => {
    while (active < 4 && waiting.length) {
      active++
      void answer(waiting.shift()).finally(() => {
        active--
        unanswered--
        pump()
      })
    }
  }
  handle = async (req, res) => {
    if (req.method === 'GET') {
      res.writeHead(200, { 'Content-Type': 'application/json' })
      res.end(JSON.stringify({ unanswered }))
      return
    }
    const body = await readBody(req)
    unanswered++
    await insert(body.job_id, JSON.stringify(body))
    ok(res)
    waiting.push(body)
    pump()
  }
} else if (mode === 'page') {
  const page = readFileSync(file)
  const html = `<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>floor</title>
<script type="module" src="./floor.js"></script></head><body><div id="root"></div></body></html>`
  const script = `
await fetch('/session', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"code":"x"}' }).then((r) => r.arrayBuffer())
const { inboxes } = await (await fetch('/page.json')).json()
const list = document.createElement('ul')
for (const inbox of inboxes) {
  const row = document.createElement('li')
  row.dataset.testid = 'inbox-row'
  const name = document.createElement('strong')
  name.textContent = inbox.custom_name || inbox.inbox_id
  const last = document.createElement('span')
  last.textContent = inbox.last_message?.job_message?.content ?? ''
  row.append(name, ' ', last)
  list.append(row)
}
document.getElementById('root').append(list)
`
  handle = (req, res) => {
    const send = (type, body, headers = {}) => {
      res.writeHead(200, { 'Content-Type': type, ...headers })
      res.end(body)
    }
    if (req.url === '/session') return send('application/json', '"ok"', { 'Set-Cookie': 'floor=1; HttpOnly; SameSite=Strict; Path=/' })
    if (req.url === '/floor.js') return send('text/javascript', script)
    if (req.url === '/page.json') return send('application/json', page)
    send('text/html; charset=utf-8', html)
  }
} else {
  throw new Error(`unknown floor ${mode}`)
}

const server = createServer((req, res) => void handle(req, res))
server.listen(0, '127.0.0.1', () => console.log(`listening http://127.0.0.1:${server.address().port}/`))
process.on('SIGTERM', () => server.close(() => process.exit(0)))
