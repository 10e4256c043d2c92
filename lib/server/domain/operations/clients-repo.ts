import "server-only";
import type { Queryable } from "@/lib/server/core/db/types";

/** The only SQL of client onboarding and credentials. */

export type ClientRow = {
  client_id: string;
  name: string;
  cif: string;
  permissions: string[];
  ip_allow_list: string[];
  signing_mode: "rsa" | "hmac";
  suspended_at: Date | null;
  created_at: Date;
};

const COLUMNS = "client_id, name, cif, permissions, ip_allow_list::text[] AS ip_allow_list, signing_mode, suspended_at, created_at";

export async function insertClient(
  db: Queryable,
  client: { clientId: string; name: string; cif: string; permissions: string[]; ipAllowList: string[]; signing: "rsa" | "hmac"; signingSecret: string | null },
): Promise<ClientRow | null> {
  const { rows } = await db.query<ClientRow>(
    `INSERT INTO clients (client_id, name, cif, permissions, ip_allow_list, signing_mode, signing_secret)
     VALUES ($1, $2, $3, $4, $5::cidr[], $6, $7)
     ON CONFLICT (client_id) DO NOTHING
     RETURNING ${COLUMNS}`,
    [client.clientId, client.name, client.cif, client.permissions, client.ipAllowList, client.signing, client.signingSecret],
  );
  return rows[0] ?? null;
}

/** Locks the row: the caller's change and its audit row see one state. */
export async function lockClient(db: Queryable, clientId: string): Promise<ClientRow | null> {
  const { rows } = await db.query<ClientRow>(`SELECT ${COLUMNS} FROM clients WHERE client_id = $1 FOR UPDATE`, [clientId]);
  return rows[0] ?? null;
}

export async function findClient(db: Queryable, clientId: string): Promise<ClientRow | null> {
  const { rows } = await db.query<ClientRow>(`SELECT ${COLUMNS} FROM clients WHERE client_id = $1`, [clientId]);
  return rows[0] ?? null;
}

export async function listClients(db: Queryable): Promise<ClientRow[]> {
  const { rows } = await db.query<ClientRow>(`SELECT ${COLUMNS} FROM clients ORDER BY created_at DESC, client_id`);
  return rows;
}

export async function setSuspended(db: Queryable, clientId: string, suspended: boolean): Promise<ClientRow> {
  const { rows } = await db.query<ClientRow>(
    `UPDATE clients SET suspended_at = CASE WHEN $2 THEN coalesce(suspended_at, now()) END WHERE client_id = $1 RETURNING ${COLUMNS}`,
    [clientId, suspended],
  );
  return rows[0]!;
}

export async function setPermissions(db: Queryable, clientId: string, permissions: string[]): Promise<ClientRow> {
  const { rows } = await db.query<ClientRow>(`UPDATE clients SET permissions = $2 WHERE client_id = $1 RETURNING ${COLUMNS}`, [clientId, permissions]);
  return rows[0]!;
}

export async function setAllowList(db: Queryable, clientId: string, cidrs: string[]): Promise<ClientRow> {
  const { rows } = await db.query<ClientRow>(`UPDATE clients SET ip_allow_list = $2::cidr[] WHERE client_id = $1 RETURNING ${COLUMNS}`, [clientId, cidrs]);
  return rows[0]!;
}

export type CredentialRow = { credential_id: string; created_at: Date; expires_at: Date | null; last_used_at: Date | null };

export async function insertCredential(db: Queryable, clientId: string, credentialId: string, secretHash: string): Promise<void> {
  await db.query("INSERT INTO client_credentials (client_id, credential_id, secret_hash) VALUES ($1, $2, $3)", [clientId, credentialId, secretHash]);
}

/** Every credential still open-ended gets an end: the overlap of a rotation. */
export async function expireOpenCredentials(db: Queryable, clientId: string, overlapHours: number): Promise<number> {
  const { rowCount } = await db.query(
    `UPDATE client_credentials SET expires_at = now() + make_interval(hours => $2)
      WHERE client_id = $1 AND (expires_at IS NULL OR expires_at > now() + make_interval(hours => $2))`,
    [clientId, overlapHours],
  );
  return rowCount ?? 0;
}

export async function listCredentials(db: Queryable, clientId: string): Promise<CredentialRow[]> {
  const { rows } = await db.query<CredentialRow>(
    "SELECT credential_id, created_at, expires_at, last_used_at FROM client_credentials WHERE client_id = $1 ORDER BY created_at DESC, credential_id",
    [clientId],
  );
  return rows;
}
