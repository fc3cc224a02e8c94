/*
 * What the VectorFS needs from an embedding provider. The runtime implements it (provider
 * adapters, keys and the AI SDK live there); the VectorFS only calls it.
 */

export interface Embedder {
  /** One vector per text, in order. Throws EmbeddingFailure. */
  embed(texts: readonly string[], signal: AbortSignal): Promise<number[][]>
}

/** Makes the embedder for a stored provider and model; throws EmbeddingFailure when it cannot (no provider, no key). */
export type EmbedderFactory = (providerId: string, model: string) => Embedder

export class EmbeddingFailure extends Error {
  constructor(
    message: string,
    /** 429 and 5xx, or a network failure: worth another try. */
    readonly retryable: boolean,
    /** What the provider asked for (Retry-After), if anything. */
    readonly retryAfterMs?: number,
    /**
     * The server could not be reached at all (connection refused, no such host, connection reset):
     * every other call would fail the same way until the operator starts it or fixes its address.
     */
    readonly unreachable = false
  ) {
    super(message)
  }
}

/** For nodes without providers (tests of the tree alone): every call fails plainly. */
export const noEmbedders: EmbedderFactory = () => ({
  embed: () => Promise.reject(new EmbeddingFailure('no embedding provider is wired into this node', false))
})

export interface VfsLogger {
  info(line: string): void
  error(line: string, err?: unknown): void
}
