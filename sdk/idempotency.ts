import { HarbourApiError } from "./errors";

/** A new Idempotency-Key (a UUID, decisions §3): one per payment you mean to make, reused for each retry of it. */
export function idempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}

export type IdempotentOptions = {
  /** Your own key (say, stored with the invoice before the first attempt); default: a new one. */
  key?: string;
  /** Tries in all, the first included. */
  attempts?: number;
  /** The first wait; it doubles each retry unless the bank says how long (`Retry-After`). */
  delayMs?: number;
};

/**
 * Sends a write with an Idempotency-Key and retries it with the same key when the outcome is unknown or
 * transient: the network failed, the bank is still processing the first try (409 REQUEST_IN_PROGRESS), it is
 * rate-limited (429) or unavailable (5xx). The bank acts at most once per key; a retry of a request that did
 * succeed gets the stored answer back (`Idempotent-Replayed: true`). Any other error is thrown at once.
 *
 *   const payment = await withIdempotencyKey((header) => ok(harbour.api.POST("/v1/payments/internal", { params: { header }, body })));
 */
export async function withIdempotencyKey<T>(send: (header: { "Idempotency-Key": string }) => Promise<T>, options: IdempotentOptions = {}): Promise<T> {
  const header = { "Idempotency-Key": options.key ?? idempotencyKey() };
  const attempts = Math.max(1, options.attempts ?? 3);
  let delay = options.delayMs ?? 250;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await send(header);
    } catch (error) {
      if (attempt >= attempts || !retryable(error)) throw error;
      const told = error instanceof HarbourApiError ? error.retryAfterSeconds : undefined;
      await new Promise((resolve) => setTimeout(resolve, told !== undefined ? told * 1000 : delay));
      delay *= 2;
    }
  }
}

function retryable(error: unknown): boolean {
  if (!(error instanceof HarbourApiError)) return error instanceof TypeError; // fetch's network failure
  return error.code === "REQUEST_IN_PROGRESS" || error.status === 429 || error.status >= 500;
}
