/**
 * The quotas as the last /v1 response reported them. `own` is the signed-in
 * user's portal quota (RateLimit-*): the portal never spends the client's. For
 * admins the API also reports the client's API quota, which the client's
 * integrations spend (Client-RateLimit-*). A tiny external store, so the
 * shell's meter re-renders alone.
 */
export type Quota = { limit: number; remaining: number };
export type Quotas = { own: Quota | null; client: Quota | null };

let current: Quotas = { own: null, client: null };
const listeners = new Set<() => void>();

function readQuota(headers: Headers, prefix: string): Quota | null {
  if (!headers.has(`${prefix}-limit`)) return null;
  const limit = Number(headers.get(`${prefix}-limit`));
  const remaining = Number(headers.get(`${prefix}-remaining`));
  return Number.isFinite(limit) && Number.isFinite(remaining) ? { limit, remaining } : null;
}

export function recordQuota(headers: Headers): void {
  const own = readQuota(headers, "ratelimit");
  if (!own) return;
  current = { own, client: readQuota(headers, "client-ratelimit") ?? current.client };
  for (const listener of listeners) listener();
}

export function subscribeQuota(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getQuotas(): Quotas {
  return current;
}
