import type { Database } from 'better-sqlite3'

export interface Migration {
  readonly version: number
  readonly description: string
  readonly up: (db: Database) => void
}

/**
 * Versioned schema. Each step runs in its own transaction and bumps `PRAGMA user_version`;
 * never edit a step that has shipped, add a new one.
 */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    description: 'providers, jobs, inboxes, messages',
    up: (db) =>
      db.exec(`
        CREATE TABLE providers (
          seq INTEGER PRIMARY KEY AUTOINCREMENT,
          id TEXT NOT NULL UNIQUE,
          provider_json TEXT NOT NULL,
          agent_json TEXT NOT NULL,
          api_key BLOB,
          created_at TEXT NOT NULL,
          updated_at TEXT NOT NULL
        );
        CREATE TABLE jobs (
          seq INTEGER PRIMARY KEY AUTOINCREMENT,
          id TEXT NOT NULL UNIQUE,
          provider_id TEXT NOT NULL REFERENCES providers(id) ON DELETE RESTRICT,
          scope_json TEXT NOT NULL,
          config_json TEXT NOT NULL,
          associated_ui_json TEXT,
          is_hidden INTEGER NOT NULL DEFAULT 0,
          created_at TEXT NOT NULL
        );
        CREATE INDEX jobs_provider ON jobs(provider_id);
        CREATE TABLE inboxes (
          seq INTEGER PRIMARY KEY AUTOINCREMENT,
          id TEXT NOT NULL UNIQUE,
          job_id TEXT NOT NULL UNIQUE REFERENCES jobs(id) ON DELETE CASCADE,
          custom_name TEXT NOT NULL,
          name_is_default INTEGER NOT NULL DEFAULT 1,
          is_finished INTEGER NOT NULL DEFAULT 0,
          datetime_created TEXT NOT NULL
        );
        CREATE TABLE messages (
          seq INTEGER PRIMARY KEY AUTOINCREMENT,
          inbox_id TEXT NOT NULL REFERENCES inboxes(id) ON DELETE CASCADE,
          hash TEXT NOT NULL UNIQUE,
          node_timestamp TEXT NOT NULL,
          message_json TEXT NOT NULL
        );
        CREATE INDEX messages_inbox ON messages(inbox_id, seq);
      `)
  },
  {
    version: 2,
    description: "denormalise each inbox's last message and activity time for all_inboxes",
    up: (db) =>
      db.exec(`
        ALTER TABLE inboxes ADD COLUMN last_message_json TEXT;
        ALTER TABLE inboxes ADD COLUMN last_hash TEXT NOT NULL DEFAULT '';
        ALTER TABLE inboxes ADD COLUMN last_timestamp TEXT;
        ALTER TABLE inboxes ADD COLUMN activity TEXT NOT NULL DEFAULT '';
        ALTER TABLE inboxes ADD COLUMN is_hidden INTEGER NOT NULL DEFAULT 0;
        UPDATE inboxes SET
          last_message_json = (SELECT m.message_json FROM messages m WHERE m.inbox_id = inboxes.id ORDER BY m.seq DESC LIMIT 1),
          last_hash = coalesce((SELECT m.hash FROM messages m WHERE m.inbox_id = inboxes.id ORDER BY m.seq DESC LIMIT 1), ''),
          last_timestamp = (SELECT m.node_timestamp FROM messages m WHERE m.inbox_id = inboxes.id ORDER BY m.seq DESC LIMIT 1),
          is_hidden = (SELECT j.is_hidden FROM jobs j WHERE j.id = inboxes.job_id);
        UPDATE inboxes SET activity = coalesce(last_timestamp, datetime_created);
        CREATE INDEX inboxes_activity ON inboxes(activity DESC, seq DESC);
      `)
  },
  {
    version: 3,
    description: 'answer queue: operator messages waiting for the provider, kept across restarts',
    up: (db) =>
      db.exec(`
        ALTER TABLE messages ADD COLUMN needs_answer INTEGER NOT NULL DEFAULT 0;
        CREATE INDEX messages_needs_answer ON messages(inbox_id, seq) WHERE needs_answer = 1;
      `)
  },
  {
    version: 4,
    description: "message role as data (operator, answer, stopped, error), read once from each stored message's JSON",
    // The same rule as src/shared/message-role.ts: a reply comes from an `<profile>/agent/<id>` subidentity.
    up: (db) =>
      db.exec(`
        ALTER TABLE messages ADD COLUMN role TEXT NOT NULL DEFAULT 'operator'
          CHECK (role IN ('operator', 'answer', 'stopped', 'error'));
        UPDATE messages SET role = CASE
          WHEN coalesce(instr(json_extract(message_json, '$.sender_subidentity'), '/agent/'), 0) = 0 THEN 'operator'
          WHEN coalesce(json_type(message_json, '$.job_message.error'), 'null') <> 'null' THEN 'error'
          WHEN json_type(message_json, '$.job_message.stopped') = 'true' THEN 'stopped'
          ELSE 'answer'
        END;
      `)
  },
  {
    version: 5,
    description: 'VectorFS: folders and files (row 1 is the root), their passages with a keyword index, settings',
    up: (db) =>
      db.exec(`
        CREATE TABLE vfs_entries (
          id INTEGER PRIMARY KEY,
          parent_id INTEGER REFERENCES vfs_entries(id),
          name TEXT NOT NULL,
          is_folder INTEGER NOT NULL,
          created_time TEXT NOT NULL,
          modified_time TEXT NOT NULL,
          sha256 TEXT,
          size INTEGER NOT NULL DEFAULT 0,
          file_type TEXT,
          status TEXT,
          embedded_model TEXT,
          resource_json TEXT,
          UNIQUE (parent_id, name)
        );
        INSERT INTO vfs_entries (id, parent_id, name, is_folder, created_time, modified_time)
          VALUES (1, NULL, '', 1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
        CREATE INDEX vfs_entries_sha256 ON vfs_entries(sha256) WHERE sha256 IS NOT NULL;
        CREATE TABLE vfs_passages (
          id INTEGER PRIMARY KEY,
          item_id INTEGER NOT NULL REFERENCES vfs_entries(id),
          ord INTEGER NOT NULL,
          node_id TEXT NOT NULL,
          pending_embedding INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX vfs_passages_item ON vfs_passages(item_id, ord);
        CREATE INDEX vfs_passages_pending ON vfs_passages(id) WHERE pending_embedding = 1;
        CREATE VIRTUAL TABLE vfs_passages_fts USING fts5(text, tokenize = 'unicode61 remove_diacritics 2');
        CREATE TABLE vfs_settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      `)
  }
]

export const LATEST_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version
