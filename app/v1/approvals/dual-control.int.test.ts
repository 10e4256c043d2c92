import { randomUUID } from "node:crypto";
import type { Pool, PoolClient } from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as createDraftRoute } from "@/app/v1/approvals/drafts/route";
import { POST as approveRoute } from "@/app/v1/approvals/drafts/[draftId]/approve/route";
import { POST as rejectRoute } from "@/app/v1/approvals/drafts/[draftId]/reject/route";
import { POST as redraftRoute } from "@/app/v1/approvals/drafts/[draftId]/redraft/route";
import { GET as getPaymentRoute } from "@/app/v1/payments/[paymentId]/route";
import { approveDraft } from "@/lib/server/domain/approvals/decide";
import type { Unit } from "@/lib/server/core/unit";
import { setClientPermissions } from "@/lib/server/domain/operations/clients";
import { paymentOptionsOf } from "@/lib/server/domain/payments/context";
import { getRuntime } from "@/lib/server/entry/runtime";
import type { TDraft } from "@/lib/contract/approvals/schema";
import { PERMISSIONS } from "@/lib/contract/auth/permissions";
import type { ZPaymentDetail } from "@/lib/contract/payments/search";
import type { z } from "zod";
import { call, expectErrorBody } from "@/tests/api";
import { approvalTeam, paymentsOfDraftKey } from "@/tests/approvals";
import { opsContext } from "@/tests/ops";
import { ACME_USD, achBody } from "@/tests/payments";
import { portalTokenFor } from "@/tests/portal";

/**
 * Dual control through the use cases (issue 25, decisions §11): the last
 * approval makes the payment as its maker in the approval's own transaction,
 * with the client's permissions as they are then.
 */

let treasurer: string;
let approver: string;
let admin: string;

type Outcome = { draft: TDraft | null; needsApproval: boolean };

async function draftAch(amount: string, token = treasurer): Promise<{ draftId: string; key: string }> {
  const key = randomUUID();
  const res = await call<Outcome>(createDraftRoute, "/v1/approvals/drafts", {
    token,
    headers: { "idempotency-key": key },
    body: { rail: "ACH", request: achBody({ instructedAmount: { amount, currency: "USD" }, remittanceInformation: [`DC-${key.slice(0, 8)}`] }) },
  });
  expect(res.status).toBe(201);
  return { draftId: res.body.draft!.draftId, key };
}

const approve = (draftId: string, token: string) =>
  call<TDraft & Record<string, unknown>>(approveRoute, `/v1/approvals/drafts/${draftId}/approve`, { token, body: {}, params: { draftId } });

async function userId(email: string): Promise<string> {
  const { db } = await getRuntime();
  return (await db.query<{ user_id: string }>("SELECT user_id::text FROM users WHERE email = $1", [email])).rows[0]!.user_id;
}

async function draftRow(draftId: string) {
  const { db } = await getRuntime();
  const { rows } = await db.query<{ status: string; payment_id: string | null; refusal: string | null; decisions: number }>(
    `SELECT status, payment_id::text, refusal, (SELECT count(*)::int FROM payment_draft_decisions c WHERE c.draft_id = d.draft_id) AS decisions
     FROM payment_drafts d WHERE client_id = 'acme' AND draft_id = $1`,
    [draftId],
  );
  return rows[0]!;
}

beforeAll(async () => {
  ({ treasurer, approver, admin } = await approvalTeam([{ rail: "ACH", currency: "USD", threshold: "1000.00", approvers: 2 }]));
});

describe("an approved payment", () => {
  it("names its maker and approvers in GET /v1/payments/{id} and the audit trail", async () => {
    const { draftId } = await draftAch("1100.00");
    expect((await approve(draftId, approver)).body).toMatchObject({ status: "AwaitingApproval" });
    const done = await approve(draftId, admin);
    expect(done.body).toMatchObject({ status: "Submitted", paymentId: expect.any(String) });
    const paymentId = done.body.paymentId as string;

    const seen = await call<z.infer<typeof ZPaymentDetail>>(getPaymentRoute, `/v1/payments/${paymentId}`, { token: treasurer, params: { paymentId } });
    expect(seen.body.data.submittedBy).toEqual({ email: "treasurer@acme.test" });
    expect(seen.body.data.approvedBy.map((a) => a.email)).toEqual(["approver@acme.test", "admin@acme.test"]);

    const { db } = await getRuntime();
    const { rows } = await db.query<{ actor: string; data: { approvedBy?: string[] } }>(
      "SELECT actor, data FROM audit_log WHERE client_id = 'acme' AND action = 'payment.created' AND entity_id = $1",
      [paymentId],
    );
    expect(rows).toEqual([
      { actor: `user:${await userId("treasurer@acme.test")}`, data: expect.objectContaining({ approvedBy: ["approver@acme.test", "admin@acme.test"] }) },
    ]);
  });
});

describe("the client's permissions at approval", () => {
  it("a rail the bank removed refuses the draft and says why; re-drafting it needs the rail's permission", async () => {
    const { draftId, key } = await draftAch("1200.00");
    expect((await approve(draftId, approver)).status).toBe(200);
    const ops = await opsContext();
    await setClientPermissions(ops, { clientId: "acme", permissions: PERMISSIONS.filter((p) => p !== "payment-ach") });
    try {
      const res = await approve(draftId, admin);
      expect(res.body).toMatchObject({ status: "Refused", paymentId: null, refusal: expect.stringContaining("payment-ach") });
      expect(await paymentsOfDraftKey(key)).toBe(0);
      // A token minted now carries the client's permissions as they are.
      const redraft = await call(redraftRoute, `/v1/approvals/drafts/${draftId}/redraft`, {
        token: await portalTokenFor("treasurer@acme.test"),
        headers: { "idempotency-key": randomUUID() },
        params: { draftId },
      });
      expectErrorBody(redraft.body, 403, "FORBIDDEN");
    } finally {
      await setClientPermissions(ops, { clientId: "acme", permissions: [...PERMISSIONS] });
    }
  });
});

describe("re-draft", () => {
  it("keeps the original maker, who can then never decide it, whoever clicked", async () => {
    const { draftId } = await draftAch("1300.00");
    expect((await call(rejectRoute, `/v1/approvals/drafts/${draftId}/reject`, { token: approver, body: {}, params: { draftId } })).status).toBe(200);
    // The admin re-drafts the treasurer's payment: the treasurer stays its author.
    const again = await call<Outcome>(redraftRoute, `/v1/approvals/drafts/${draftId}/redraft`, {
      token: admin,
      headers: { "idempotency-key": randomUUID() },
      params: { draftId },
    });
    expect(again.status).toBe(201);
    expect(again.body.draft!.maker.email).toBe("treasurer@acme.test");
    const newId = again.body.draft!.draftId;
    // The author of the payment, even holding an approver's role by then, is refused by the use case itself.
    const runtime = await getRuntime();
    await runtime.db.query("UPDATE users SET role = 'approver' WHERE email = 'treasurer@acme.test'");
    try {
      const author = await userId("treasurer@acme.test");
      const caller = { clientId: "acme", actor: `user:${author}`, ip: null, correlationId: randomUUID(), userId: author, role: "approver" as const };
      const unit: Unit = {
        db: runtime.db,
        inTransaction: false,
        responseSlot: null,
        actor: { ...caller, person: { userId: author, email: "treasurer@acme.test" } },
        now: new Date(),
      };
      const making = { payment: paymentOptionsOf(runtime, null), config: runtime.config, baseUrl: "http://localhost", idempotencyTtlSeconds: 60 };
      await expect(approveDraft(unit, caller, { draftId: newId, comment: null }, making)).rejects.toMatchObject({
        code: "FORBIDDEN",
        message: expect.stringContaining("You drafted"),
      });
      expect(await draftRow(newId)).toMatchObject({ status: "AwaitingApproval", decisions: 0 });
    } finally {
      await runtime.db.query("UPDATE users SET role = 'treasurer' WHERE email = 'treasurer@acme.test'");
    }
  });
});

function bound(target: object, property: PropertyKey): unknown {
  const value: unknown = Reflect.get(target, property);
  return typeof value === "function" ? value.bind(target) : value;
}

/** The pool, except that the `step`-th statement of its next transaction fails, as a process killed at that point. */
function crashingAt(pool: Pool, step: number): { pool: Pool; reached: () => boolean } {
  let statements = 0;
  const failing = (client: PoolClient) =>
    new Proxy(client, {
      get(target, property) {
        if (property !== "query") return bound(target, property);
        return (...args: Parameters<PoolClient["query"]>) => {
          const text = typeof args[0] === "string" ? args[0] : (args[0] as { text: string }).text;
          if (text !== "ROLLBACK" && ++statements === step) return Promise.reject(new Error(`crashed at statement ${step}: ${text.slice(0, 60)}`));
          return (target.query as (...a: unknown[]) => unknown)(...args);
        };
      },
    });
  // Only the transaction's client fails; the pool's own queries (the draft read after it) run on the real pool.
  const wrapped = new Proxy(pool, {
    get(target, property) {
      if (property === "connect") return async () => failing(await target.connect());
      return bound(target, property);
    },
  });
  return { pool: wrapped, reached: () => statements >= step };
}

describe("the last approval is one transaction", () => {
  it("a crash at any statement leaves the draft awaiting that approval; the next approval pays once, even after the key's lifetime", async () => {
    const runtime = await getRuntime();
    const { draftId, key } = await draftAch("1400.00");
    expect((await approve(draftId, approver)).status).toBe(200);
    const adminId = await userId("admin@acme.test");
    const caller = { clientId: "acme", actor: `user:${adminId}`, ip: "127.0.0.1", correlationId: randomUUID(), userId: adminId, role: "admin" as const };
    // A key lifetime of one second: a pay-twice bug would show once it has passed.
    const making = { payment: paymentOptionsOf(runtime, null), config: runtime.config, baseUrl: "http://localhost", idempotencyTtlSeconds: 1 };
    const unitOn = (db: Pool): Unit => ({
      db,
      inTransaction: false,
      responseSlot: null,
      actor: { ...caller, person: { userId: adminId, email: "admin@acme.test" } },
      now: new Date(),
    });

    let step = 1;
    for (; ; step++) {
      const crash = crashingAt(runtime.db, step);
      const attempt = await approveDraft(unitOn(crash.pool), caller, { draftId, comment: null }, making).catch((error: Error) => error);
      if (!crash.reached()) {
        expect(attempt).toMatchObject({ status: "Submitted" });
        break;
      }
      expect(attempt).toBeInstanceOf(Error);
      expect(await draftRow(draftId)).toMatchObject({ status: "AwaitingApproval", payment_id: null, decisions: 1 });
      expect(await paymentsOfDraftKey(key)).toBe(0);
    }
    expect(step).toBeGreaterThan(8); // the decision, the claim, the payment and the draft's link were all crash points
    expect(await paymentsOfDraftKey(key)).toBe(1);

    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const again = await approve(draftId, admin);
    expect(again.body).toMatchObject({ status: "Submitted" });
    const { rows } = await runtime.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM payments WHERE client_id = 'acme' AND debtor_account_number = $1 AND remittance_information = ARRAY[$2]",
      [ACME_USD, `DC-${key.slice(0, 8)}`],
    );
    expect(rows[0]!.n).toBe(1);
  });
});
