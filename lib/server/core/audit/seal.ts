import "server-only";
import { LOCKS } from "@/lib/server/core/db/locks";
import type { Pool } from "pg";
import { CHAIN_COLUMNS, GENESIS_HASH, rowDigest, type ChainRow } from "@/lib/server/core/audit/chain";
import { withTransaction } from "@/lib/server/core/db/transaction";
import type { PeriodicJob } from "@/lib/server/core/jobs/worker";

/** Rows sealed per transaction: short row locks, and a backlog drains in a few round trips. */
const SEAL_BATCH = 1000;

/**
 * Chains an organisation's committed, unsealed audit rows after its current
 * head, in audit_id order, in one transaction. Writers never wait for this:
 * they append unsealed rows, and the head's row lock serialises only the
 * sealers of one organisation. A row whose transaction commits late simply
 * joins the chain at the next seal. Returns how many rows were sealed.
 */
export async function sealAuditChain(db: Pool, clientId: string, limit = SEAL_BATCH): Promise<number> {
  return withTransaction(db, async (tx) => {
    await tx.query("INSERT INTO audit_chain_heads (client_id) VALUES ($1) ON CONFLICT DO NOTHING", [clientId]);
    const { rows: heads } = await tx.query<{ chain_seq: string; row_hash: Buffer | null }>(
      "SELECT chain_seq::text AS chain_seq, row_hash FROM audit_chain_heads WHERE client_id = $1 FOR UPDATE",
      [clientId],
    );
    const { rows } = await tx.query<ChainRow>(
      `SELECT ${CHAIN_COLUMNS} FROM audit_log WHERE client_id = $1 AND row_hash IS NULL ORDER BY audit_log.audit_id LIMIT $2`,
      [clientId, limit],
    );
    if (rows.length === 0) return 0;
    let seq = BigInt(heads[0]!.chain_seq);
    let previous: Buffer = heads[0]!.row_hash ?? GENESIS_HASH;
    const ids: string[] = [];
    const seqs: string[] = [];
    const prevs: string[] = [];
    const hashes: string[] = [];
    for (const row of rows) {
      seq += 1n;
      const hash = rowDigest(previous, row, seq);
      ids.push(row.audit_id);
      seqs.push(seq.toString());
      prevs.push(previous.toString("hex"));
      hashes.push(hash.toString("hex"));
      previous = hash;
    }
    await tx.query(
      `UPDATE audit_log a SET chain_seq = s.seq, prev_hash = decode(s.prev, 'hex'), row_hash = decode(s.hash, 'hex')
       FROM unnest($2::bigint[], $3::bigint[], $4::text[], $5::text[]) AS s(audit_id, seq, prev, hash)
       WHERE a.client_id = $1 AND a.audit_id = s.audit_id`,
      [clientId, ids, seqs, prevs, hashes],
    );
    await tx.query("UPDATE audit_chain_heads SET chain_seq = $2, row_hash = $3, sealed_at = now() WHERE client_id = $1", [clientId, seq.toString(), previous]);
    return rows.length;
  });
}

/** Seals every organisation's waiting rows; returns how many rows were sealed. */
export async function sealAllAuditChains(db: Pool): Promise<number> {
  const { rows } = await db.query<{ client_id: string }>("SELECT DISTINCT client_id FROM audit_log WHERE row_hash IS NULL");
  let sealed = 0;
  for (const { client_id } of rows) {
    for (let n = SEAL_BATCH; n === SEAL_BATCH;) {
      n = await sealAuditChain(db, client_id);
      sealed += n;
    }
  }
  return sealed;
}

/** The worker seals every second, on one instance at a time. */
export const AUDIT_PERIODIC_JOBS: PeriodicJob[] = [
  {
    name: "seal-audit-chains",
    lockId: LOCKS.sealAuditChains,
    everyMs: 1000,
    run: async (runtime) => {
      await sealAllAuditChains(runtime.db);
    },
  },
];
