import "server-only";
import { isIP } from "node:net";
import type { Principal } from "@/lib/server/core/auth/tokens";
import type { Queryable } from "@/lib/server/core/db/types";
import { toClaimOutcome, type ClaimJson, type ClaimOutcome, type ClaimRequest } from "@/lib/server/core/idempotency/repo";

export type Admission = {
  /** The client exists and the address is on its allow-list (or it has none). */
  ipAllowed: boolean;
  clientKnown: boolean;
  /** The token's `cif` is the client's own (a token naming another customer is refused). */
  cifMatches: boolean;
  /** For a portal token, its session (portal_sessions) is still live; always true for other tokens. */
  sessionLive: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the current window ends. */
  resetSeconds: number;
  limited: boolean;
  /**
   * Requests the client's own API bucket has counted in this window, read (not
   * counted) when another bucket was charged: what a portal admin sees of the
   * quota the client's integrations spend.
   */
  clientHits: number | null;
  /** The Idempotency-Key claim, when one was asked for and the request admitted. */
  claim: ClaimOutcome | null;
};

/** The client's API quota (decisions §1); integrations spend it. */
export const CLIENT_BUCKET = "";

/** A portal user's own quota: the portal's calls never spend the client's. */
export function portalBucket(userId: string): string {
  return `portal:${userId}`;
}

export type Quota = { max: number; windowSeconds: number; bucket?: string };

/**
 * One round trip checks the client's IP allow-list (a suspended client is not found: 401), counts the request in a
 * fixed window shared by all instances (decisions §1) in the quota's bucket and, for a keyed
 * idempotent request within its quota, claims the Idempotency-Key. A refused
 * address is not counted against the quota; a refused request claims nothing.
 * The same round trip checks what only the database knows about the token:
 * its `cif` is the client's, and a portal token's session is still live.
 */
const ADMIT_SQL = `
WITH c AS (
  SELECT coalesce(cardinality(ip_allow_list) = 0 OR $3::inet <<= ANY (ip_allow_list), false) AS allowed,
    cif = $12::text AS cif_matches,
    ($13::uuid IS NULL OR EXISTS (SELECT 1 FROM portal_sessions s
      WHERE s.session_id = $13::uuid AND s.ended_at IS NULL AND s.expires_at > now())) AS session_live
  FROM clients WHERE client_id = $1 AND suspended_at IS NULL
), hit AS (
  INSERT INTO rate_limit_windows (client_id, bucket, window_start, hits)
  SELECT $1, $11, $2, 1 FROM c WHERE c.allowed AND c.cif_matches AND c.session_live
  ON CONFLICT (client_id, bucket, window_start) DO UPDATE SET hits = rate_limit_windows.hits + 1
  RETURNING hits
)
SELECT c.allowed, c.cif_matches, c.session_live, (SELECT hits FROM hit) AS hits,
  CASE WHEN $11 <> '' THEN coalesce((SELECT w.hits FROM rate_limit_windows w
    WHERE w.client_id = $1 AND w.bucket = '' AND w.window_start = $2), 0) END AS client_hits,
  CASE WHEN $4::text IS NOT NULL AND (SELECT hits FROM hit) <= $5::integer
    THEN claim_idempotency_key($1, $6::text, $7::text, $4::text, $8::uuid, $9::integer, $10::integer) END AS claim
FROM c`;

/** What the token claims that admission checks against the database. */
export type Caller = Pick<Principal, "clientId" | "cif" | "portalUser">;

export async function admitRequest(
  db: Queryable,
  caller: Caller,
  ip: string | null,
  quota: Quota,
  /** Made only when the request is admitted; its slot is the client's own (clientId). */
  claim: ClaimRequest | null = null,
  now = Date.now(),
): Promise<Admission> {
  const nowSeconds = Math.floor(now / 1000);
  const windowStart = nowSeconds - (nowSeconds % quota.windowSeconds);
  const resetSeconds = windowStart + quota.windowSeconds - nowSeconds;
  const safeIp = ip && isIP(ip) ? ip : null;
  const { rows } = await db.query<{
    allowed: boolean;
    cif_matches: boolean;
    session_live: boolean;
    hits: number | null;
    client_hits: number | null;
    claim: ClaimJson | null;
  }>({
    name: "admit-request",
    text: ADMIT_SQL,
    values: [
      caller.clientId,
      windowStart,
      safeIp,
      claim?.slot.key ?? null,
      quota.max,
      claim?.slot.method ?? null,
      claim?.slot.path ?? null,
      claim?.slot.token ?? null,
      claim?.slot.ttlSeconds ?? null,
      claim?.staleSeconds ?? null,
      quota.bucket ?? CLIENT_BUCKET,
      caller.cif,
      caller.portalUser?.sessionId ?? null,
    ],
  });
  const row = rows[0];
  const hits = row?.hits ?? 0;
  return {
    clientKnown: Boolean(row),
    ipAllowed: Boolean(row?.allowed),
    cifMatches: Boolean(row?.cif_matches),
    sessionLive: Boolean(row?.session_live),
    limit: quota.max,
    remaining: Math.max(0, quota.max - hits),
    resetSeconds,
    limited: hits > quota.max,
    clientHits: row?.client_hits ?? null,
    claim: row?.claim ? toClaimOutcome(row.claim) : null,
  };
}

/** Windows older than the current one are never read again. */
export async function purgeRateLimitWindows(db: Queryable, windowSeconds: number, now = Date.now()): Promise<number> {
  const nowSeconds = Math.floor(now / 1000);
  const { rowCount } = await db.query("DELETE FROM rate_limit_windows WHERE window_start < $1", [nowSeconds - (nowSeconds % windowSeconds)]);
  return rowCount ?? 0;
}

export type QuotaUse = { limit: number; used: number; remaining: number; resetSeconds: number; exhausted: boolean };

/** A bucket's use in the current window, without counting a request (the status monitor's view). */
export async function readQuota(db: Queryable, clientId: string, quota: Quota, now = Date.now()): Promise<QuotaUse> {
  const nowSeconds = Math.floor(now / 1000);
  const windowStart = nowSeconds - (nowSeconds % quota.windowSeconds);
  const { rows } = await db.query<{ hits: number }>("SELECT hits FROM rate_limit_windows WHERE client_id = $1 AND bucket = $2 AND window_start = $3", [
    clientId,
    quota.bucket ?? CLIENT_BUCKET,
    windowStart,
  ]);
  const used = rows[0]?.hits ?? 0;
  return {
    limit: quota.max,
    used,
    remaining: Math.max(0, quota.max - used),
    resetSeconds: windowStart + quota.windowSeconds - nowSeconds,
    exhausted: used >= quota.max,
  };
}
