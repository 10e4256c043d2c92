/**
 * Harbour's TypeScript SDK (docs/quick-start.md). `sdk/client` alone is browser-safe; this entry adds the webhook
 * verifier, which needs Node's crypto.
 */
export { createHarbourClient, ok, type HarbourApi, type HarbourClient, type HarbourClientOptions } from "./client";
export { HarbourApiError, type ErrorBody, type HarbourErrorCode } from "./errors";
export { idempotencyKey, withIdempotencyKey, type IdempotentOptions } from "./idempotency";
export { paginate, type ItemOf, type ListPath } from "./pagination";
export { TokenExchangeError, type TokenSource } from "./token";
export { createWebhookVerifier, NonceMemory, type IncomingWebhook, type VerificationKeys, type VerificationResult } from "./webhooks";
export type { components, operations, paths } from "./schema";
