/**
 * A response body that is already JSON text, typed by what it encodes. Hot paths (all_inboxes,
 * get_job_scope) splice stored JSON instead of parsing and re-serialising it.
 */
export class RawJson<T = unknown> {
  declare readonly __type?: T
  constructor(readonly json: string) {}
}
