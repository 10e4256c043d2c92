/**
 * The client's API quota as the last /v1 response reported it (RateLimit-*
 * headers). A tiny external store, so the shell's meter re-renders alone.
 */
export type Quota = { limit: number; remaining: number; resetAt: number };

let current: Quota | null = null;
const listeners = new Set<() => void>();

export function recordQuota(headers: Headers, now = Date.now()): void {
  const limit = Number(headers.get("ratelimit-limit"));
  const remaining = Number(headers.get("ratelimit-remaining"));
  const reset = Number(headers.get("ratelimit-reset"));
  if (!headers.has("ratelimit-limit") || !Number.isFinite(limit) || !Number.isFinite(remaining)) return;
  current = { limit, remaining, resetAt: now + (Number.isFinite(reset) ? reset : 0) * 1000 };
  for (const listener of listeners) listener();
}

export function subscribeQuota(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getQuota(): Quota | null {
  return current;
}
