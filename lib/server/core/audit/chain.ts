import "server-only";
import { createHash } from "node:crypto";

/**
 * The hash chain's one definition, shared by the sealer and the verifier.
 * Each row's hash covers the previous row's hash and every column of the row
 * that says what happened, so editing, deleting or reordering a sealed row
 * breaks the chain from that row on.
 */

/** The first row of an organisation's chain links to this. */
export const GENESIS_HASH = Buffer.alloc(32);

/**
 * The columns a row's hash covers, as PostgreSQL prints them: jsonb's text
 * form is canonical (keys sorted), timestamps in epoch microseconds (no time
 * zone setting can change them), so the same stored row always gives the
 * same bytes. The aliases shadow the columns in ORDER BY: order by
 * `audit_log.<column>` (else bigints sort as text).
 */
export const CHAIN_COLUMNS = `client_id, audit_id::text AS audit_id, chain_seq::text AS chain_seq, actor, action, entity, entity_id,
  data::text AS data, before::text AS before, after::text AS after, host(ip) AS ip, correlation_id,
  (extract(epoch FROM created_at) * 1000000)::bigint::text AS created_us, prev_hash, row_hash`;

export type ChainRow = {
  client_id: string;
  audit_id: string;
  chain_seq: string | null;
  actor: string;
  action: string;
  entity: string;
  entity_id: string;
  data: string;
  before: string | null;
  after: string | null;
  ip: string | null;
  correlation_id: string | null;
  created_us: string;
  prev_hash: Buffer | null;
  row_hash: Buffer | null;
};

/** sha256(previous hash || the row's fields at its chain position, as one JSON array). */
export function rowDigest(previous: Buffer, row: ChainRow, chainSeq: bigint): Buffer {
  const fields = [
    row.client_id,
    chainSeq.toString(),
    row.audit_id,
    row.actor,
    row.action,
    row.entity,
    row.entity_id,
    row.data,
    row.before,
    row.after,
    row.ip,
    row.correlation_id,
    row.created_us,
  ];
  return createHash("sha256").update(previous).update(JSON.stringify(fields), "utf8").digest();
}
