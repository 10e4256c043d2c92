import "server-only";
import { openSigningSecret, sealCustomHeaders, sealSigningSecret, type SealedHeaders } from "@/lib/server/core/crypto/stored-secrets";
import type { Queryable } from "@/lib/server/core/db/types";
import type { TEventTopic } from "@/lib/contract/events/schema";

/** The only SQL for subscriptions and signing secrets (their audit rows: lib/server/core/audit). The tenant is in every WHERE. */

export type SubscriptionRow = {
  subscription_id: string;
  topic: TEventTopic;
  webhook_url: string;
  custom_headers: SealedHeaders;
  is_active: boolean;
  created_at: Date;
  updated_at: Date;
};

const COLUMNS = "subscription_id, topic, webhook_url, custom_headers, is_active, created_at, updated_at";

export async function insertSubscription(
  db: Queryable,
  clientId: string,
  row: Pick<SubscriptionRow, "subscription_id" | "topic" | "webhook_url"> & { custom_headers: Record<string, string> },
): Promise<SubscriptionRow> {
  const { rows } = await db.query<SubscriptionRow>(
    `INSERT INTO webhook_subscriptions (client_id, subscription_id, topic, webhook_url, custom_headers)
     VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
    [clientId, row.subscription_id, row.topic, row.webhook_url, sealCustomHeaders(row.custom_headers)],
  );
  return rows[0]!;
}

export async function findSubscription(db: Queryable, clientId: string, subscriptionId: string): Promise<SubscriptionRow | null> {
  const { rows } = await db.query<SubscriptionRow>(`SELECT ${COLUMNS} FROM webhook_subscriptions WHERE client_id = $1 AND subscription_id = $2`, [
    clientId,
    subscriptionId,
  ]);
  return rows[0] ?? null;
}

/** Soft delete. Returns the row and whether this call changed it (only the first call does). */
export async function deactivateSubscription(
  db: Queryable,
  clientId: string,
  subscriptionId: string,
): Promise<{ row: SubscriptionRow; changed: boolean } | null> {
  const { rows } = await db.query<SubscriptionRow>(
    `UPDATE webhook_subscriptions SET is_active = false, updated_at = clock_timestamp()
     WHERE client_id = $1 AND subscription_id = $2 AND is_active RETURNING ${COLUMNS}`,
    [clientId, subscriptionId],
  );
  if (rows[0]) return { row: rows[0], changed: true };
  const existing = await findSubscription(db, clientId, subscriptionId);
  return existing ? { row: existing, changed: false } : null;
}

export async function listSubscriptions(
  db: Queryable,
  clientId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: SubscriptionRow[]; total: number }> {
  const { rows } = await db.query<SubscriptionRow & { total: string }>(
    `SELECT ${COLUMNS}, count(*) OVER () AS total FROM webhook_subscriptions WHERE client_id = $1
     ORDER BY created_at DESC, subscription_id DESC LIMIT $2 OFFSET $3`,
    [clientId, page.limit, page.offset],
  );
  if (rows.length > 0 || page.offset === 0) return { rows, total: Number(rows[0]?.total ?? 0) };
  const count = await db.query<{ total: string }>("SELECT count(*) AS total FROM webhook_subscriptions WHERE client_id = $1", [clientId]);
  return { rows: [], total: Number(count.rows[0]?.total ?? 0) };
}

/**
 * The subscriptions an event fans out to. FOR SHARE makes a concurrent
 * DELETE wait for the event's transaction, so a delete that returned has
 * no event still being matched to it.
 */
export async function activeSubscriptionsFor(db: Queryable, clientId: string, topic: string): Promise<SubscriptionRow[]> {
  const { rows } = await db.query<SubscriptionRow>(
    `SELECT ${COLUMNS} FROM webhook_subscriptions WHERE client_id = $1 AND topic = $2 AND is_active
     ORDER BY created_at, subscription_id FOR SHARE`,
    [clientId, topic],
  );
  return rows;
}

export async function findSigning(db: Queryable, clientId: string): Promise<{ mode: "rsa" | "hmac"; secret: string | null } | null> {
  const { rows } = await db.query<{ signing_mode: "rsa" | "hmac"; signing_secret: string | null }>(
    "SELECT signing_mode, signing_secret FROM clients WHERE client_id = $1",
    [clientId],
  );
  return rows[0] ? { mode: rows[0].signing_mode, secret: openSigningSecret(rows[0].signing_secret) } : null;
}

/**
 * Replaces an HMAC client's secret and keeps the old one for the overlap.
 * The row lock on the client serialises two rotations, so neither loses the
 * other's previous secret. Null for RSA clients (nothing to rotate).
 */
export async function rotateSecret(db: Queryable, clientId: string, newSecret: string, overlapSeconds: number): Promise<{ validUntil: Date } | null> {
  const { rows } = await db.query<{ valid_until: Date }>(
    `WITH old AS (
       SELECT signing_secret FROM clients WHERE client_id = $1 AND signing_mode = 'hmac' AND signing_secret IS NOT NULL FOR UPDATE),
     upd AS (
       UPDATE clients SET signing_secret = $2 FROM old WHERE clients.client_id = $1 RETURNING old.signing_secret AS previous)
     INSERT INTO signing_secret_rotations (client_id, previous_secret, valid_until)
     SELECT $1, previous, now() + make_interval(secs => $3) FROM upd
     RETURNING valid_until`,
    // Sealed at rest (lib/server/core/crypto); the previous one moves to the rotations table still sealed.
    [clientId, sealSigningSecret(newSecret), overlapSeconds],
  );
  return rows[0] ? { validUntil: rows[0].valid_until } : null;
}
