import type { Database } from 'better-sqlite3'
import { compatForm, hasEmojiPart, searchFold, searchIndexForm } from '../../shared/search-fold'
import { foldAccentsV15, searchFoldV15 } from './search-fold-v15'
import { searchFoldV16 } from './search-fold-v16'
import { searchIndexFormV18 } from './search-fold-v18'
import { searchIndexFormV19 } from './search-fold-v19'

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
  },
  {
    version: 6,
    description: 'inboxes at scale: scopes apart from job rows, pinned, paged-list indexes and counts, full-text search',
    up: (db) =>
      db.exec(`
        -- Scopes can be megabytes: kept out of the jobs row, so reading a job's config or listing
        -- inboxes never walks scope bytes. version changes with each write (cache key of parsed scopes).
        CREATE TABLE job_scopes (
          job_id TEXT PRIMARY KEY REFERENCES jobs(id) ON DELETE CASCADE,
          version INTEGER NOT NULL DEFAULT 1,
          scope_json TEXT NOT NULL
        );
        INSERT INTO job_scopes (job_id, scope_json) SELECT id, scope_json FROM jobs ORDER BY seq;
        ALTER TABLE jobs DROP COLUMN scope_json;

        ALTER TABLE inboxes ADD COLUMN is_pinned INTEGER NOT NULL DEFAULT 0;
        -- Keyset pages for every filter of all_inboxes_paginated walk an index in list order.
        CREATE INDEX inboxes_visible_activity ON inboxes(is_hidden, activity DESC, seq DESC);
        CREATE INDEX inboxes_pinned_activity ON inboxes(is_pinned, activity DESC, seq DESC);
        CREATE INDEX inboxes_pinned_visible_activity ON inboxes(is_pinned, is_hidden, activity DESC, seq DESC);

        -- total_count without counting: one row per (hidden, pinned), kept by triggers in the writing transaction.
        CREATE TABLE inbox_counts (
          is_hidden INTEGER NOT NULL,
          is_pinned INTEGER NOT NULL,
          n INTEGER NOT NULL,
          PRIMARY KEY (is_hidden, is_pinned)
        ) WITHOUT ROWID;
        INSERT INTO inbox_counts (is_hidden, is_pinned, n)
          SELECT h.v, p.v, (SELECT count(*) FROM inboxes WHERE is_hidden = h.v AND is_pinned = p.v)
          FROM (SELECT 0 AS v UNION ALL SELECT 1) h, (SELECT 0 AS v UNION ALL SELECT 1) p;
        CREATE TRIGGER inbox_counts_insert AFTER INSERT ON inboxes BEGIN
          UPDATE inbox_counts SET n = n + 1 WHERE is_hidden = new.is_hidden AND is_pinned = new.is_pinned;
        END;
        CREATE TRIGGER inbox_counts_delete AFTER DELETE ON inboxes BEGIN
          UPDATE inbox_counts SET n = n - 1 WHERE is_hidden = old.is_hidden AND is_pinned = old.is_pinned;
        END;
        CREATE TRIGGER inbox_counts_update AFTER UPDATE OF is_hidden, is_pinned ON inboxes
          WHEN old.is_hidden IS NOT new.is_hidden OR old.is_pinned IS NOT new.is_pinned BEGIN
          UPDATE inbox_counts SET n = n - 1 WHERE is_hidden = old.is_hidden AND is_pinned = old.is_pinned;
          UPDATE inbox_counts SET n = n + 1 WHERE is_hidden = new.is_hidden AND is_pinned = new.is_pinned;
        END;

        -- Full-text search over inbox names (rowid -inbox seq) and message contents (rowid message
        -- seq). The text is not copied: FTS5 reads it back from this view for snippets. Triggers
        -- keep the index in step within every writing transaction.
        CREATE VIEW inbox_search_source (id, text) AS
          SELECT seq, json_extract(message_json, '$.job_message.content') FROM messages
          UNION ALL
          SELECT -seq, custom_name FROM inboxes;
        CREATE VIRTUAL TABLE inbox_search USING fts5(
          text,
          content = 'inbox_search_source',
          content_rowid = 'id',
          tokenize = 'unicode61 remove_diacritics 2',
          prefix = '2 3'
        );
        INSERT INTO inbox_search (inbox_search) VALUES ('rebuild');
        CREATE TRIGGER inbox_search_message_insert AFTER INSERT ON messages BEGIN
          INSERT INTO inbox_search (rowid, text) VALUES (new.seq, json_extract(new.message_json, '$.job_message.content'));
        END;
        CREATE TRIGGER inbox_search_message_delete AFTER DELETE ON messages BEGIN
          INSERT INTO inbox_search (inbox_search, rowid, text)
            VALUES ('delete', old.seq, json_extract(old.message_json, '$.job_message.content'));
        END;
        CREATE TRIGGER inbox_search_message_update AFTER UPDATE OF message_json ON messages BEGIN
          INSERT INTO inbox_search (inbox_search, rowid, text)
            VALUES ('delete', old.seq, json_extract(old.message_json, '$.job_message.content'));
          INSERT INTO inbox_search (rowid, text) VALUES (new.seq, json_extract(new.message_json, '$.job_message.content'));
        END;
        CREATE TRIGGER inbox_search_inbox_insert AFTER INSERT ON inboxes BEGIN
          INSERT INTO inbox_search (rowid, text) VALUES (-new.seq, new.custom_name);
        END;
        CREATE TRIGGER inbox_search_inbox_delete AFTER DELETE ON inboxes BEGIN
          INSERT INTO inbox_search (inbox_search, rowid, text) VALUES ('delete', -old.seq, old.custom_name);
        END;
        CREATE TRIGGER inbox_search_inbox_rename AFTER UPDATE OF custom_name ON inboxes BEGIN
          INSERT INTO inbox_search (inbox_search, rowid, text) VALUES ('delete', -old.seq, old.custom_name);
          INSERT INTO inbox_search (rowid, text) VALUES (-new.seq, new.custom_name);
        END;
      `)
  },
  {
    version: 7,
    description: "each provider's last check (check_llm_provider, or a test of exactly its settings): {ok, message, at} or NULL",
    up: (db) => db.exec(`ALTER TABLE providers ADD COLUMN last_check_json TEXT`)
  },
  {
    version: 8,
    description: 'removals under way: jobs whose rows are gone and whose messages are being deleted in slices',
    // A job's inbox, scope and job rows go at once; its messages (and their search rows) go in
    // slices that leave the node free between them. A row here outlives a crash, so the next start
    // finishes the removal.
    up: (db) => db.exec(`CREATE TABLE inbox_removals (seq INTEGER PRIMARY KEY, inbox_id TEXT NOT NULL UNIQUE)`)
  },
  {
    version: 9,
    description: "VectorFS: a folder's entries in the order its listing shows them (folders first, then by name)",
    // retrieve_path_simplified read a folder's rows through the (parent_id, name) index and sorted them:
    // at 20,000 files the sort was about a third of the listing's time.
    up: (db) => db.exec(`CREATE INDEX vfs_entries_listing ON vfs_entries(parent_id, is_folder DESC, name COLLATE NOCASE, name)`)
  },
  {
    version: 10,
    description: 'inbox search ignores the accents of every script (Greek, Cyrillic, ...), not only of Latin letters',
    // The index is built again from texts with their accents taken off (search_fold, search-fold.ts):
    // the same view and triggers as version 6, each text passed through it. Snippets are made from
    // the stored texts, never from the index. Built with the fold of versions 10 to 13, not the view's
    // (today's search_fold): migration 14 takes out entries with the text they were made from.
    up: (db) => {
      db.function('search_fold_v13', { deterministic: true }, (text: unknown) => (typeof text === 'string' ? foldAsVersion13(text) : text))
      db.exec(`
        DROP TRIGGER inbox_search_message_insert;
        DROP TRIGGER inbox_search_message_delete;
        DROP TRIGGER inbox_search_message_update;
        DROP TRIGGER inbox_search_inbox_insert;
        DROP TRIGGER inbox_search_inbox_delete;
        DROP TRIGGER inbox_search_inbox_rename;
        DROP TABLE inbox_search;
        DROP VIEW inbox_search_source;
        CREATE VIEW inbox_search_source (id, text) AS
          SELECT seq, search_fold(json_extract(message_json, '$.job_message.content')) FROM messages
          UNION ALL
          SELECT -seq, search_fold(custom_name) FROM inboxes;
        CREATE VIRTUAL TABLE inbox_search USING fts5(
          text,
          content = 'inbox_search_source',
          content_rowid = 'id',
          tokenize = 'unicode61 remove_diacritics 2',
          prefix = '2 3'
        );
        INSERT INTO inbox_search (rowid, text)
          SELECT seq, search_fold_v13(json_extract(message_json, '$.job_message.content')) FROM messages
          UNION ALL
          SELECT -seq, search_fold_v13(custom_name) FROM inboxes;
        CREATE TRIGGER inbox_search_message_insert AFTER INSERT ON messages BEGIN
          INSERT INTO inbox_search (rowid, text) VALUES (new.seq, search_fold(json_extract(new.message_json, '$.job_message.content')));
        END;
        CREATE TRIGGER inbox_search_message_delete AFTER DELETE ON messages BEGIN
          INSERT INTO inbox_search (inbox_search, rowid, text)
            VALUES ('delete', old.seq, search_fold(json_extract(old.message_json, '$.job_message.content')));
        END;
        CREATE TRIGGER inbox_search_message_update AFTER UPDATE OF message_json ON messages BEGIN
          INSERT INTO inbox_search (inbox_search, rowid, text)
            VALUES ('delete', old.seq, search_fold(json_extract(old.message_json, '$.job_message.content')));
          INSERT INTO inbox_search (rowid, text) VALUES (new.seq, search_fold(json_extract(new.message_json, '$.job_message.content')));
        END;
        CREATE TRIGGER inbox_search_inbox_insert AFTER INSERT ON inboxes BEGIN
          INSERT INTO inbox_search (rowid, text) VALUES (-new.seq, search_fold(new.custom_name));
        END;
        CREATE TRIGGER inbox_search_inbox_delete AFTER DELETE ON inboxes BEGIN
          INSERT INTO inbox_search (inbox_search, rowid, text) VALUES ('delete', -old.seq, search_fold(old.custom_name));
        END;
        CREATE TRIGGER inbox_search_inbox_rename AFTER UPDATE OF custom_name ON inboxes BEGIN
          INSERT INTO inbox_search (inbox_search, rowid, text) VALUES ('delete', -old.seq, search_fold(old.custom_name));
          INSERT INTO inbox_search (rowid, text) VALUES (-new.seq, search_fold(new.custom_name));
        END;
      `)
    }
  },
  {
    version: 11,
    description:
      "document search ignores the accents of every script too: a passage's text moves to vfs_passages, the keyword index holds it folded",
    // The FTS5 table held the passages' texts as well as their index, so what it indexed was what
    // search results and prompts showed. The texts now live in vfs_passages, and the index is
    // contentless (contentless_delete: rows go by rowid) over each text passed through search_fold,
    // as the inbox search's (version 10). Queries are folded the same way (passage-index.ts).
    up: (db) =>
      db.exec(`
        ALTER TABLE vfs_passages ADD COLUMN text TEXT NOT NULL DEFAULT '';
        UPDATE vfs_passages SET text = coalesce((SELECT f.text FROM vfs_passages_fts f WHERE f.rowid = vfs_passages.id), '');
        DROP TABLE vfs_passages_fts;
        CREATE VIRTUAL TABLE vfs_passages_fts USING fts5(
          text,
          content = '',
          contentless_delete = 1,
          tokenize = 'unicode61 remove_diacritics 2'
        );
        INSERT INTO vfs_passages_fts (rowid, text) SELECT id, search_fold(text) FROM vfs_passages;
      `)
  },
  {
    version: 12,
    description: 'a question asked again (Retry, Regenerate) waits behind the questions already waiting, not before them',
    // The queue was ordered by seq, the question's own place in its inbox: a question answered again
    // went back to its old place, ahead of the later questions still waiting. `queued` is its place
    // in the queue when asked again (messages.ts: requeue: a number from the messages' own sequence, which
    // no message then gets), NULL for a question waiting since it was sent.
    up: (db) =>
      db.exec(`
        ALTER TABLE messages ADD COLUMN queued INTEGER;
        DROP INDEX messages_needs_answer;
        CREATE INDEX messages_needs_answer ON messages(inbox_id, coalesce(queued, seq)) WHERE needs_answer = 1;
      `)
  },
  {
    version: 13,
    description: 'VectorFS: a folder outside the tree where an upload keeps its file until its last passage is stored',
    // A large file's passages are stored a slice at a time (one transaction held the node 18 s for
    // 200 MB). Until the last slice the file lies in this folder, which no path reaches (its parent
    // is NULL, like the root's), and is then moved into its own folder in one short transaction.
    up: (db) =>
      db.exec(`
        INSERT INTO vfs_entries (parent_id, name, is_folder, created_time, modified_time)
          VALUES (NULL, 'uploads in progress', 1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
      `)
  },
  {
    version: 14,
    description: 'search: each emoji is a word of its own, so a search for 🚀 finds the texts that hold it (search_fold)',
    // Only texts with an emoji part fold otherwise now (hasEmojiPart): their entries in the two
    // keyword indexes are taken out and put back folded anew; the rest of the indexes stays as it is.
    // The inbox index is external-content: an entry is taken out with the text it was made from,
    // folded as it was then (foldAsVersion13). The document index is contentless_delete: by rowid.
    up: (db) => {
      db.function('search_has_emoji', { deterministic: true }, (text: unknown) => (typeof text === 'string' && hasEmojiPart(text) ? 1 : 0))
      // Frozen as versions 14 and 15 fold (search-fold-v15.ts): a later fold's migration takes it out with it.
      refoldInboxEntries(db, inboxTextIds(db, 'search_has_emoji'), foldAsVersion13, searchFoldV15)
      refoldPassages(db, 'search_has_emoji', searchFold)
    }
  },
  {
    version: 15,
    description:
      'document search: passages are indexed in compatibility form, as queries are, so ﬁ ligatures and full-width letters are found',
    // Queries were put in compatibility form (ﬁnance is finance) and passages were not: a passage
    // holding a ligature was found by no query. Only those passages change; the index is contentless_delete.
    up: (db) => {
      db.function('search_has_compat_form', { deterministic: true }, (text: unknown) =>
        typeof text === 'string' && compatForm(text) !== text ? 1 : 0
      )
      refoldPassages(db, 'search_has_compat_form', searchIndexForm)
    }
  },
  {
    version: 16,
    description: 'search: stroked letters (ł ø đ ħ ŧ ı ŀ ð) and ß æ œ þ are found by their plain letters, so "lodz" finds "Łódź"',
    // Only the texts that fold otherwise now are taken out and put back. The inbox index is
    // external-content: an entry goes with the text it was made from, folded as version 15 did
    // (searchFoldV15); the document index is contentless_delete: by rowid. Entries are made with this
    // version's fold, frozen (searchFoldV16): version 18 takes them out with it.
    up: (db) => {
      const changed = (text: unknown) => typeof text === 'string' && searchFoldV16(text) !== searchFoldV15(text)
      db.function('search_fold_changed', { deterministic: true }, (text: unknown) => (changed(text) ? 1 : 0))
      // A passage is indexed in compatibility form (ℏ is ħ there), so that is the form compared.
      db.function('search_passage_fold_changed', { deterministic: true }, (text: unknown) =>
        typeof text === 'string' && changed(compatForm(text)) ? 1 : 0
      )
      refoldInboxEntries(db, inboxTextIds(db, 'search_fold_changed'), searchFoldV15, searchFoldV16)
      refoldPassages(db, 'search_passage_fold_changed', searchIndexForm)
    }
  },
  {
    version: 17,
    description: 'retry_message: each retry of a question gets its own answer, also while an earlier one is pending',
    // needs_answer is a flag: a retry while the question waited (or was being answered) set it again, and
    // one answer served both. Such a retry is an answer owed, kept at the place in the queue it was asked.
    up: (db) =>
      db.exec(`
        CREATE TABLE answer_retries (
          place INTEGER PRIMARY KEY,
          message_seq INTEGER NOT NULL REFERENCES messages(seq) ON DELETE CASCADE
        );
        CREATE INDEX answer_retries_message ON answer_retries(message_seq, place);
      `)
  },
  {
    version: 18,
    description:
      'inbox search: names and messages are indexed in compatibility form, as documents are, so ﬁ ligatures, full-width letters and ① are found by plain words; ŀ is l in both indexes',
    // Only the inbox texts whose form changes are taken out (with the text folded as version 16 made
    // the entry, searchFoldV16: the index is external-content) and put back. Documents were already in
    // compatibility form; only those holding ŀ (written l· by it until now) change, out by rowid.
    up: (db) => {
      // Version 18's own form, frozen: version 19 takes these entries out with it (today's form would
      // space Chinese and Japanese apart, and version 20 could no longer take them out).
      db.function('search_index_form_changed', { deterministic: true }, (text: unknown) =>
        typeof text === 'string' && searchIndexFormV18(text) !== searchFoldV16(text) ? 1 : 0
      )
      db.function('search_has_l_middle_dot', { deterministic: true }, (text: unknown) =>
        typeof text === 'string' && /[ŀĿ]/u.test(text) ? 1 : 0
      )
      refoldInboxEntries(db, inboxTextIds(db, 'search_index_form_changed'), searchFoldV16, searchIndexFormV18)
      refoldPassages(db, 'search_has_l_middle_dot', searchIndexForm)
    }
  },
  {
    version: 19,
    description: 'search: Catalan "l·l" is found without its dot, so "colleccio" finds "col·lecció" and "intelligent" "intel·ligent"',
    // Only texts with a middle dot between two l's change: out of the inbox index with the form version 18
    // made the entry with (searchIndexFormV18: the index is external-content), out of the documents' by rowid.
    up: (db) => {
      db.function('search_catalan_dot_changed', { deterministic: true }, (text: unknown) =>
        typeof text === 'string' && /[\u00b7\u0387]/u.test(text) && searchIndexFormV19(text) !== searchIndexFormV18(text) ? 1 : 0
      )
      // Written in version 19's own form, frozen: version 20 takes the entries out with it.
      refoldInboxEntries(db, inboxTextIds(db, 'search_catalan_dot_changed'), searchIndexFormV18, searchIndexFormV19)
      refoldPassages(db, 'search_catalan_dot_changed', searchIndexForm)
    }
  },
  {
    version: 20,
    description:
      'search: each Chinese and Japanese character is a word of its own, so "テキスト" finds "日本語のテキスト" and "数据" "我们的数据库"',
    // Only texts holding such a character change: out of the inbox index with the form version 19 made the
    // entry with (searchIndexFormV19: the index is external-content), out of the documents' by rowid.
    up: (db) => {
      db.function('search_cjk_changed', { deterministic: true }, (text: unknown) =>
        typeof text === 'string' && searchIndexForm(text) !== searchIndexFormV19(text) ? 1 : 0
      )
      refoldInboxEntries(db, inboxTextIds(db, 'search_cjk_changed'), searchIndexFormV19, searchIndexForm)
      refoldPassages(db, 'search_cjk_changed', searchIndexForm)
    }
  },
  {
    version: 21,
    description: "library paths each job's scope names, so a file's or folder's delete can say which jobs use it",
    up: (db) =>
      db.exec(`
        -- One row per library path a scope names (vector_fs_items: is_folder 0, vector_fs_folders: 1), as
        -- '/a/b'; kept in step with job_scopes by the writes of jobs.ts and job-removals.ts.
        CREATE TABLE job_scope_refs (
          path TEXT NOT NULL,
          is_folder INTEGER NOT NULL,
          job_id TEXT NOT NULL,
          PRIMARY KEY (path, is_folder, job_id)
        ) WITHOUT ROWID;
        CREATE INDEX job_scope_refs_job ON job_scope_refs(job_id);
        INSERT OR IGNORE INTO job_scope_refs (path, is_folder, job_id)
          SELECT '/' || coalesce((SELECT group_concat(p.value, '/' ORDER BY p.key) FROM json_each(e.value, '$.path.path_ids') p), ''),
                 0, s.job_id
          FROM job_scopes s JOIN jobs j ON j.id = s.job_id, json_each(s.scope_json, '$.vector_fs_items') e
          UNION ALL
          SELECT '/' || coalesce((SELECT group_concat(p.value, '/' ORDER BY p.key) FROM json_each(e.value, '$.path.path_ids') p), ''),
                 1, s.job_id
          FROM job_scopes s JOIN jobs j ON j.id = s.job_id, json_each(s.scope_json, '$.vector_fs_folders') e;
      `)
  },
  {
    version: 22,
    description: "the library paths jobs' scopes name, in one Unicode form (NFC), as a delete asks for them",
    up: (db) => {
      // A scope may spell a name decomposed (e\u0301) where the library has it composed (é), or the other way;
      // the library takes them as one name, and so must the count of jobs a delete would leave without it.
      // Only paths with other than ASCII may differ (as many bytes as characters: ASCII).
      const rows = db
        .prepare<[], { path: string; is_folder: number; job_id: string }>(
          `SELECT path, is_folder, job_id FROM job_scope_refs WHERE length(CAST(path AS BLOB)) <> length(path)`
        )
        .all()
      const drop = db.prepare(`DELETE FROM job_scope_refs WHERE path = ? AND is_folder = ? AND job_id = ?`)
      const add = db.prepare(`INSERT OR IGNORE INTO job_scope_refs (path, is_folder, job_id) VALUES (?, ?, ?)`)
      for (const r of rows) {
        const nfc = r.path.normalize('NFC')
        if (nfc === r.path) continue
        drop.run(r.path, r.is_folder, r.job_id)
        add.run(nfc, r.is_folder, r.job_id)
      }
    }
  }
]

/**
 * The inbox index's entries whose text the SQL function `selects` picks: messages by their seq, inbox names
 * by their inbox's -seq. The ids first, each text read on its own later: they may be more than fits in memory.
 * Every fold leaves ASCII as it is, and most texts are ASCII: those are passed over in SQL (as many
 * bytes as characters), never handed to `selects` (a CASE, as SQLite may test the terms of an AND in
 * either order: with an AND it still called the fold for every one of 300,000 texts).
 */
function inboxTextIds(db: Database, selects: string): number[] {
  return db
    .prepare<[], number>(
      `SELECT id FROM (
         SELECT seq AS id, json_extract(message_json, '$.job_message.content') AS text FROM messages
         UNION ALL SELECT -seq, custom_name FROM inboxes)
       WHERE CASE WHEN length(CAST(text AS BLOB)) = length(text) THEN 0 ELSE ${selects}(text) END`
    )
    .pluck()
    .all()
}

/**
 * Takes the inbox index's entries `ids` out and puts them back folded anew. The index is external-content:
 * an entry is taken out with the text it was made from, folded as it was then (`before`), or its words stay.
 */
function refoldInboxEntries(db: Database, ids: readonly number[], before: (text: string) => string, after: (text: string) => string): void {
  const messageText = db
    .prepare<[number], string>(`SELECT json_extract(message_json, '$.job_message.content') FROM messages WHERE seq = ?`)
    .pluck()
  const nameText = db.prepare<[number], string>(`SELECT custom_name FROM inboxes WHERE seq = ?`).pluck()
  const drop = db.prepare(`INSERT INTO inbox_search (inbox_search, rowid, text) VALUES ('delete', ?, ?)`)
  const add = db.prepare(`INSERT INTO inbox_search (rowid, text) VALUES (?, ?)`)
  for (const id of ids) {
    const text = id > 0 ? messageText.get(id)! : nameText.get(-id)!
    drop.run(id, before(text))
    add.run(id, after(text))
  }
}

/** Puts the passages the SQL function `selects` picks back in the document index as `form` writes them (contentless_delete: out by rowid). */
function refoldPassages(db: Database, selects: string, form: (text: string) => string): void {
  // ASCII passages passed over in SQL, as in inboxTextIds.
  const ids = db
    .prepare<[], number>(
      `SELECT id FROM vfs_passages WHERE CASE WHEN length(CAST(text AS BLOB)) = length(text) THEN 0 ELSE ${selects}(text) END`
    )
    .pluck()
    .all()
  const textOf = db.prepare<[number], string>(`SELECT text FROM vfs_passages WHERE id = ?`).pluck()
  const drop = db.prepare(`DELETE FROM vfs_passages_fts WHERE rowid = ?`)
  const add = db.prepare(`INSERT INTO vfs_passages_fts (rowid, text) VALUES (?, ?)`)
  for (const id of ids) {
    drop.run(id)
    add.run(id, form(textOf.get(id)!))
  }
}

/**
 * search_fold as versions 10 to 13 had it: accents off, the keycap's mark (U+20E3) with them, as one of
 * the symbols' accents. Taken out with today's fold instead, an entry of '2⃣3⃣' (the word '23') or of
 * '1⃣go' ('1go') was not found in the index: its words stayed, and the index no longer agreed with
 * the texts (SQLite then reports the database as malformed).
 */
function foldAsVersion13(text: string): string {
  return foldAccentsV15(text.replace(/\u20E3/gu, ''))
}

export const LATEST_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version
