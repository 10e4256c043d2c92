import { describe, expect, it } from "vitest";
import { sealAllAuditChains, sealAuditChain } from "@/lib/server/core/audit/seal";
import { verifyAuditChains } from "@/lib/server/core/audit/verify";
import { writeAudit } from "@/lib/server/core/audit/write";
import { withTransaction } from "@/lib/server/core/db/transaction";
import { runCli } from "@/lib/server/entry/cli/run";
import { COMMANDS } from "@/lib/server/entry/cli/commands";
import { getRuntime } from "@/lib/server/entry/runtime";

const ORG = "globex";

async function write(n: number, prefix: string, clientId = ORG): Promise<void> {
  const { db } = await getRuntime();
  for (let i = 0; i < n; i++) {
    await writeAudit(db, { clientId, actor: "system:test", action: "test.written", entity: "test", entityId: `${prefix}-${i}`, after: { i } });
  }
}

/** A tamperer with owner rights: the append-only trigger is switched off for the edit. */
async function tamper(sql: string, values: unknown[]): Promise<void> {
  const { db } = await getRuntime();
  await withTransaction(db, async (tx) => {
    await tx.query("ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only");
    await tx.query(sql, values);
    await tx.query("ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only");
  });
}

async function auditIdOf(entityId: string, clientId = ORG): Promise<string> {
  const { db } = await getRuntime();
  const { rows } = await db.query<{ audit_id: string }>("SELECT audit_id::text FROM audit_log WHERE client_id = $1 AND entity_id = $2", [clientId, entityId]);
  return rows[0]!.audit_id;
}

describe("audit rows", () => {
  it("commit and roll back with the caller's transaction, with actor, IP, correlation id and before/after", async () => {
    const { db } = await getRuntime();
    await withTransaction(db, (tx) =>
      writeAudit(tx, {
        clientId: "acme",
        actor: "user:00000000-0000-0000-0000-000000000001",
        action: "approval_policy.changed",
        entity: "approval_policy",
        entityId: "ach",
        before: { approvers: 1 },
        after: { approvers: 2 },
        ip: "203.0.113.9",
        correlationId: "corr-1",
      }),
    );
    await withTransaction(db, async (tx) => {
      await writeAudit(tx, { clientId: "acme", actor: "system:test", action: "rolled.back", entity: "test", entityId: "x" });
      throw new Error("abort");
    }).catch(() => {});
    const { rows } = await db.query(
      "SELECT actor, action, host(ip) AS ip, correlation_id, before, after FROM audit_log WHERE client_id = 'acme' AND action IN ('approval_policy.changed', 'rolled.back')",
    );
    expect(rows).toEqual([
      {
        actor: "user:00000000-0000-0000-0000-000000000001",
        action: "approval_policy.changed",
        ip: "203.0.113.9",
        correlation_id: "corr-1",
        before: { approvers: 1 },
        after: { approvers: 2 },
      },
    ]);
  });

  it("keep a forged proxy address out of the IP column instead of failing the change", async () => {
    const { db } = await getRuntime();
    await writeAudit(db, { clientId: "acme", actor: "system:test", action: "test.ip", entity: "test", entityId: "ip", ip: "not-an-ip'; --" });
    const { rows } = await db.query("SELECT ip FROM audit_log WHERE client_id = 'acme' AND action = 'test.ip'");
    expect(rows).toEqual([{ ip: null }]);
  });

  it("refuse UPDATE and DELETE (append-only)", async () => {
    const { db } = await getRuntime();
    await write(1, "locked");
    await expect(db.query("UPDATE audit_log SET action = 'x' WHERE entity_id = 'locked-0'")).rejects.toThrow(/append-only/);
    await expect(db.query("DELETE FROM audit_log WHERE entity_id = 'locked-0'")).rejects.toThrow(/append-only/);
  });
});

/** `npm run ops -- audit verify ...` in process, as the ops engineer's tests run their commands. */
async function auditVerify(...flags: string[]): Promise<{ code: number; out: string; err: string }> {
  const runtime = await getRuntime();
  const out: string[] = [];
  const err: string[] = [];
  const context = async () => ({ db: runtime.db, appEnv: runtime.config.appEnv, actor: "system:test", correlationId: "c", baseUrl: "http://localhost" });
  const code = await runCli(["audit", "verify", ...flags], COMMANDS, context, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

describe("the hash chain", () => {
  it("holds after sealing, including rows sealed by concurrent sealers and rows written between seals", async () => {
    const { db } = await getRuntime();
    await write(30, "a");
    await Promise.all([sealAuditChain(db, ORG, 7), sealAuditChain(db, ORG, 7), sealAuditChain(db, ORG, 7)]);
    await write(5, "b");
    await sealAllAuditChains(db);
    const report = await verifyAuditChains(db);
    expect(report.firstBroken).toBeNull();
    expect(report.ok).toBe(true);
    expect(await auditVerify("--seal", "--json")).toMatchObject({ code: 0, out: expect.stringContaining('"ok":true') });
    const globex = report.chains.find((c) => c.clientId === ORG)!;
    expect(globex.unsealed).toBe(0);
    expect(globex.sealed).toBeGreaterThanOrEqual(35);
  });

  it("names an edited row", async () => {
    const { db } = await getRuntime();
    await sealAllAuditChains(db);
    const target = await auditIdOf("a-12");
    await tamper("UPDATE audit_log SET after = '{\"i\": 999}' WHERE client_id = $1 AND audit_id = $2", [ORG, target]);
    const report = await verifyAuditChains(db, { clientId: ORG });
    expect(report.ok).toBe(false);
    expect(report.firstBroken).toMatchObject({ clientId: ORG, auditId: target, reason: expect.stringMatching(/edited/) });
    const cli = await auditVerify();
    expect(cli.code).toBe(1);
    expect(cli.err).toContain(`audit row ${target}`);
    // Put it back: the chain holds again, so the tests below see only their own tampering.
    await tamper("UPDATE audit_log SET after = '{\"i\": 12}' WHERE client_id = $1 AND audit_id = $2", [ORG, target]);
    expect((await verifyAuditChains(db, { clientId: ORG })).ok).toBe(true);
  });

  it("names the row after a removed one, and a chain cut short at its end", async () => {
    const { db } = await getRuntime();
    const after = await auditIdOf("a-21");
    await tamper("DELETE FROM audit_log WHERE client_id = $1 AND entity_id = 'a-20'", [ORG]);
    expect((await verifyAuditChains(db, { clientId: ORG })).firstBroken).toMatchObject({ auditId: after, reason: expect.stringMatching(/missing/) });

    const { rows } = await db.query<{ audit_id: string }>("SELECT max(chain_seq)::text AS audit_id FROM audit_log WHERE client_id = $1", [ORG]);
    await tamper("DELETE FROM audit_log WHERE client_id = $1 AND chain_seq >= 20", [ORG]);
    const report = await verifyAuditChains(db, { clientId: ORG });
    expect(report.firstBroken).toMatchObject({ auditId: null, reason: expect.stringMatching(new RegExp(`head records position ${rows[0]!.audit_id}`)) });
  });

  it("names a row whose stored hash was rewritten with it", async () => {
    const { db } = await getRuntime();
    const org = "initech";
    await write(3, "c", org);
    await sealAllAuditChains(db);
    const target = await auditIdOf("c-1", org);
    const next = await auditIdOf("c-2", org);
    expect((await verifyAuditChains(db, { clientId: org })).ok).toBe(true);
    // The tamperer replaces the edited row's hash too; it matches neither the content nor the next row's link.
    await tamper("UPDATE audit_log SET actor = 'system:someone-else', row_hash = sha256(row_hash) WHERE client_id = $1 AND audit_id = $2", [org, target]);
    const report = await verifyAuditChains(db, { clientId: org });
    expect(report.firstBroken).toMatchObject({ clientId: org, auditId: target });
    expect(report.firstBroken?.auditId).not.toBe(next);
  });
});
