/** A response that is a file's bytes (read from disk by the transport), not JSON. */
export class FileBody {
  constructor(
    /** Absolute path of the file to send. */
    readonly file: string,
    readonly contentType: string,
    /** The name the user knows it by (Content-Disposition). */
    readonly filename: string,
    readonly size: number
  ) {}
}

/** An upload's file, already streamed to disk by the HTTP transport (never set from IPC input). */
export interface StagedUpload {
  readonly file: string
  readonly size: number
  /** When the request began (`performance.now()`): the folder it names is the one at that path then. */
  readonly began?: number
}
