import "server-only";
import { CHAIN_COLUMNS, GENESIS_HASH, rowDigest, type ChainRow } from "@/lib/server/core/audit/chain";
import type { Queryable } from "@/lib/server/core/db/types";

/** The first row at which an organisation's chain stops holding, and why. */
export type ChainBreak = { clientId: string; auditId: string | null; chainSeq: string; reason: string };

export type ChainReport = { clientId: string; sealed: number; unsealed: number; broken: ChainBreak | null };

export type VerifyReport = { ok: boolean; chains: ChainReport[]; firstBroken: ChainBreak | null };

const PAGE = 5000;

/**
 * Recomputes every organisation's chain from its first row (lib/server/core/audit/chain.ts)
 * and compares it with what is stored: positions without gaps, each row linked to the
 * previous row's hash, each hash matching the row's content, and the last row equal to
 * the recorded head (so rows cut from the end show too). Rows not yet sealed are
 * counted, not judged. Read-only.
 */
export async function verifyAuditChains(db: Queryable, options: { clientId?: string } = {}): Promise<VerifyReport> {
  const { rows: orgs } = await db.query<{ client_id: string }>(
    `SELECT client_id FROM audit_chain_heads WHERE $1::text IS NULL OR client_id = $1
     UNION SELECT DISTINCT client_id FROM audit_log WHERE chain_seq IS NOT NULL AND ($1::text IS NULL OR client_id = $1)
     ORDER BY client_id`,
    [options.clientId ?? null],
  );
  const chains: ChainReport[] = [];
  for (const { client_id } of orgs) chains.push(await verifyChain(db, client_id));
  const firstBroken = chains.find((c) => c.broken)?.broken ?? null;
  return { ok: firstBroken === null, chains, firstBroken };
}

async function verifyChain(db: Queryable, clientId: string): Promise<ChainReport> {
  let expected = 0n;
  let previous: Buffer = GENESIS_HASH;
  let broken: ChainBreak | null = null;
  const at = (row: ChainRow, reason: string): ChainBreak => ({ clientId, auditId: row.audit_id, chainSeq: row.chain_seq ?? "", reason });

  walk: for (;;) {
    const { rows } = await db.query<ChainRow>(
      `SELECT ${CHAIN_COLUMNS} FROM audit_log WHERE client_id = $1 AND chain_seq > $2 ORDER BY audit_log.chain_seq LIMIT $3`,
      [clientId, expected.toString(), PAGE],
    );
    for (const row of rows) {
      expected += 1n;
      if (BigInt(row.chain_seq!) !== expected) {
        broken = at(row, `chain position ${expected} is missing: the row before this one was removed or moved`);
        break walk;
      }
      if (!row.prev_hash || !row.prev_hash.equals(previous)) {
        broken = at(row, "the row does not link to the previous row's hash");
        break walk;
      }
      const digest = rowDigest(previous, row, expected);
      if (!row.row_hash || !row.row_hash.equals(digest)) {
        broken = at(row, "the row's content does not match its hash: it was edited after it was sealed");
        break walk;
      }
      previous = digest;
    }
    if (rows.length < PAGE) break;
  }

  if (!broken) {
    const { rows: heads } = await db.query<{ chain_seq: string; row_hash: Buffer | null }>(
      "SELECT chain_seq::text AS chain_seq, row_hash FROM audit_chain_heads WHERE client_id = $1",
      [clientId],
    );
    const head = heads[0];
    const end = { clientId, auditId: null, chainSeq: expected.toString() };
    if (!head) broken = { ...end, reason: "the chain's head record is missing" };
    else if (BigInt(head.chain_seq) !== expected || (expected > 0n && !head.row_hash?.equals(previous))) {
      broken = { ...end, reason: `the chain ends at position ${expected} but its head records position ${head.chain_seq}: rows were removed from its end` };
    }
  }

  const { rows: waiting } = await db.query<{ n: string }>("SELECT count(*) AS n FROM audit_log WHERE client_id = $1 AND row_hash IS NULL", [clientId]);
  return { clientId, sealed: Number(expected), unsealed: Number(waiting[0]!.n), broken };
}
