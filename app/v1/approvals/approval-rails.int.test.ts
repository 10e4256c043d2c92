import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as getPolicies, PUT as putPolicies } from "@/app/v1/approvals/policies/route";
import { POST as createDraftRoute } from "@/app/v1/approvals/drafts/route";
import { POST as approveRoute } from "@/app/v1/approvals/drafts/[draftId]/approve/route";
import { POST as transferRoute } from "@/app/v1/payments/internal/route";
import { POST as createV1 } from "@/app/v1/virtual-accounts/route";
import { POST as createV2 } from "@/app/v2/virtual-accounts/route";
import { draftTiming } from "@/lib/contract/approvals/expiry";
import type { TApprovalPolicies, TDraft } from "@/lib/contract/approvals/schema";
import { referenceData } from "@/lib/server/domain/payments/known-data";
import { getRuntime } from "@/lib/server/entry/runtime";
import { call, expectErrorBody, tokenFor } from "@/tests/api";
import { balanceMinor } from "@/tests/payments";
import { approvalTeam } from "@/tests/approvals";
import { portalTokenFor } from "@/tests/portal";

/** Dual control for the rails beyond ACH and SWIFT: internal transfers and virtual-account batches (docs/approvals.md). */

type Outcome = { draft: TDraft | null; needsApproval: boolean };
type Body = Record<string, unknown>;

const OPERATING_USD = "1000123456";
const TREASURY_USD = "1000123460";

let treasurer: string;
let approver: string;
let admin: string;

const transferBody = (amount: string, overrides: Body = {}): Body => ({
  debtorAccount: { identification: OPERATING_USD },
  creditorAccount: { identification: TREASURY_USD },
  instructedAmount: { currency: "USD", amount },
  remittanceInformation: ["Month-end sweep"],
  ...overrides,
});

const batchBody = (...currencies: string[]): Body => ({ items: currencies.map((currency) => ({ currency, unallocated: true })) });
const bmd = (n: number) => Array.from({ length: n }, () => "BMD");

async function draft(rail: string, request: Body, token = treasurer): Promise<{ outcome: Outcome; key: string; status: number; body: Body }> {
  const key = randomUUID();
  const res = await call<Outcome & Body>(createDraftRoute, "/v1/approvals/drafts", { token, headers: { "idempotency-key": key }, body: { rail, request } });
  return { outcome: res.body, key, status: res.status, body: res.body };
}

const approve = (draftId: string, token: string) =>
  call<TDraft & Body>(approveRoute, `/v1/approvals/drafts/${draftId}/approve`, { token, body: {}, params: { draftId } });

async function count(sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await (await getRuntime()).db.query<{ n: number }>(sql, params);
  return rows[0]!.n;
}

const transfersWithKey = (key: string) =>
  count(
    "SELECT count(*)::int AS n FROM idempotency_keys WHERE client_id = 'acme' AND idem_key = $1 AND path = '/v1/payments/internal' AND state = 'completed'",
    [key],
  );
const jobCount = () => count("SELECT count(*)::int AS n FROM virtual_account_jobs WHERE client_id = 'acme'");

beforeAll(async () => {
  ({ treasurer, approver, admin } = await approvalTeam([
    { rail: "INTERNAL", currency: "USD", threshold: "5000.00", approvers: 1 },
    { rail: "VIRTUAL_ACCOUNT_BATCH", currency: "BMD", threshold: "3", approvers: 1 },
  ]));
});

describe("policies for the new rails", () => {
  it("keep a batch threshold as a number of accounts and a transfer threshold as money", async () => {
    const res = await call<TApprovalPolicies>(getPolicies, "/v1/approvals/policies", { token: admin });
    expect(res.body.policies).toEqual([
      { rail: "INTERNAL", currency: "USD", threshold: "5000.00", approvers: 1 },
      { rail: "VIRTUAL_ACCOUNT_BATCH", currency: "BMD", threshold: "3", approvers: 1 },
    ]);
  });

  it("refuse a batch threshold that is not a whole number of accounts, and an unknown rail, with field errors", async () => {
    const put = (policy: Body) => call<Body>(putPolicies, "/v1/approvals/policies", { method: "PUT", token: admin, body: { policies: [policy] } });
    const fraction = await put({ rail: "VIRTUAL_ACCOUNT_BATCH", currency: "BMD", threshold: "2.50", approvers: 1 });
    expectErrorBody(fraction.body, 400, "VALIDATION_ERROR");
    expect(JSON.stringify(fraction.body)).toContain("policies[0].threshold");
    const wire = await put({ rail: "WIRE", currency: "USD", threshold: "1.00", approvers: 1 });
    expectErrorBody(wire.body, 400, "VALIDATION_ERROR");
    expect(wire.body).toMatchObject({
      field: "policies[0].rail",
      message: expect.stringContaining("rail must be ACH, SWIFT, INTERNAL, VIRTUAL_ACCOUNT_BATCH, BATCH or COUNTERPARTY"),
    });
  });
});

describe("internal transfer drafts", () => {
  it("one cent below the threshold need no approval; at the threshold become a draft for today's bank date that moves nothing", async () => {
    expect((await draft("INTERNAL", transferBody("4999.99"))).outcome).toEqual({ draft: null, needsApproval: false });
    const before = await balanceMinor(OPERATING_USD);
    const { outcome, key } = await draft("INTERNAL", transferBody("5000.00"));
    const { holidays, achCutoff } = await referenceData((await getRuntime()).db);
    const timing = draftTiming("INTERNAL", new Date(outcome.draft!.createdAt), false, holidays, achCutoff);
    expect(outcome.draft).toMatchObject({
      rail: "INTERNAL",
      status: "AwaitingApproval",
      amount: { amount: "5000.00", currency: "USD" },
      debtorAccount: OPERATING_USD,
      beneficiary: TREASURY_USD,
      batch: null,
      quote: { settlementDate: timing.settlementDate, exchangeRate: null },
      expiresAt: timing.expiresAt.toISOString(),
    });
    expect(await balanceMinor(OPERATING_USD)).toBe(before);
    expect(await transfersWithKey(key)).toBe(0);
  });

  it("apply the policy's currency only: a BMD transfer of the same figure passes", async () => {
    const body = transferBody("5000.00", {
      debtorAccount: { identification: "1000123457" },
      creditorAccount: { identification: "1000123459" },
      instructedAmount: { currency: "BMD", amount: "5000.00" },
    });
    expect((await draft("INTERNAL", body)).outcome).toEqual({ draft: null, needsApproval: false });
  });

  it("refuse a credited account the organisation does not hold, on its field", async () => {
    const res = await draft("INTERNAL", transferBody("6000.00", { creditorAccount: { identification: "3000456001" } }));
    expectErrorBody(res.body, 404, "ACCOUNT_NOT_FOUND");
    expect(res.body.field).toBe("request.creditorAccount.identification");
  });

  it("a portal user cannot bypass the draft by calling /v1/payments/internal; an integration keeps the spec's behaviour", async () => {
    const post = (token: string, amount: string) =>
      call(transferRoute, "/v1/payments/internal", { token, headers: { "idempotency-key": randomUUID() }, body: transferBody(amount) });
    expectErrorBody((await post(treasurer, "5000.00")).body, 403, "FORBIDDEN");
    expect((await post(treasurer, "4999.99")).status).toBe(201);
    expect((await post(await tokenFor("acme"), "5000.00")).status).toBe(201);
  });

  it("20 parallel approve calls give exactly one transfer, debited once, every time", async () => {
    for (let round = 0; round < 3; round++) {
      const { outcome, key } = await draft("INTERNAL", transferBody(`${5000 + round}.00`));
      const draftId = outcome.draft!.draftId;
      const [debtor, creditor] = await Promise.all([balanceMinor(OPERATING_USD), balanceMinor(TREASURY_USD)]);
      const answers = await Promise.all(Array.from({ length: 20 }, () => approve(draftId, approver)));
      expect(answers.every((a) => a.status === 200)).toBe(true);
      const made = new Set(answers.map((a) => a.body.paymentId));
      expect(made.size).toBe(1);
      expect([...made][0]).toEqual(expect.any(String));
      expect(answers[0]!.body).toMatchObject({ status: "Submitted", jobId: null });
      expect(await transfersWithKey(key)).toBe(1);
      const amount = BigInt(5000 + round) * 100n;
      expect(await balanceMinor(OPERATING_USD)).toBe(debtor - amount);
      expect(await balanceMinor(TREASURY_USD)).toBe(creditor + amount);
    }
  });
});

describe("virtual-account batch drafts", () => {
  it("a batch creating one account fewer than the threshold in BMD goes at once; at the threshold it becomes a draft that creates nothing", async () => {
    expect((await draft("VIRTUAL_ACCOUNT_BATCH", batchBody(...bmd(2)))).outcome).toEqual({ draft: null, needsApproval: false });
    // Other currencies do not count towards the BMD threshold.
    expect((await draft("VIRTUAL_ACCOUNT_BATCH", batchBody(...bmd(2), "USD", "USD"))).outcome.needsApproval).toBe(false);
    const jobs = await jobCount();
    const { outcome } = await draft("VIRTUAL_ACCOUNT_BATCH", batchBody(...bmd(3), "USD"));
    expect(outcome.draft).toMatchObject({
      rail: "VIRTUAL_ACCOUNT_BATCH",
      status: "AwaitingApproval",
      amount: null,
      debtorAccount: null,
      beneficiary: null,
      batch: {
        accounts: 4,
        currencies: [
          { currency: "BMD", accounts: 3 },
          { currency: "USD", accounts: 1 },
        ],
      },
      quote: { settlementDate: null, exchangeRate: null },
      paymentId: null,
      jobId: null,
    });
    expect(new Date(outcome.draft!.expiresAt!).getTime()).toBeGreaterThan(Date.now());
    expect(await jobCount()).toBe(jobs);
    const { db } = await getRuntime();
    const { rows } = await db.query("SELECT after FROM audit_log WHERE action = 'draft.created' AND entity_id = $1", [outcome.draft!.draftId]);
    expect(rows[0].after).toMatchObject({ batch: { accounts: 4 } });
  });

  it("a portal user cannot bypass the draft through POST /v1 or /v2/virtual-accounts; an integration keeps the spec's behaviour", async () => {
    const post = (route: Parameters<typeof call>[0], path: string, token: string, n: number) =>
      call(route, path, { token, headers: { "idempotency-key": randomUUID() }, body: batchBody(...bmd(n)) });
    expectErrorBody((await post(createV2, "/v2/virtual-accounts", treasurer, 3)).body, 403, "FORBIDDEN");
    expectErrorBody((await post(createV1, "/v1/virtual-accounts", treasurer, 3)).body, 403, "FORBIDDEN");
    expect((await post(createV2, "/v2/virtual-accounts", treasurer, 2)).status).toBe(202);
    const integration = await tokenFor("acme");
    expect((await post(createV1, "/v1/virtual-accounts", integration, 3)).status).toBe(202);
    expect((await post(createV2, "/v2/virtual-accounts", integration, 3)).status).toBe(202);
  });

  it("approved by 10 parallel calls, a batch draft starts exactly one job, with the draft's items", async () => {
    const { outcome } = await draft("VIRTUAL_ACCOUNT_BATCH", batchBody(...bmd(5)));
    const draftId = outcome.draft!.draftId;
    const jobs = await jobCount();
    const answers = await Promise.all(Array.from({ length: 10 }, () => approve(draftId, approver)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const jobIds = new Set(answers.map((a) => a.body.jobId));
    expect(jobIds.size).toBe(1);
    const jobId = [...jobIds][0]!;
    expect(answers[0]!.body).toMatchObject({ status: "Submitted", paymentId: null, jobId: expect.any(String) });
    expect(await jobCount()).toBe(jobs + 1);
    expect(await count("SELECT total_items AS n FROM virtual_account_jobs WHERE client_id = 'acme' AND job_id = $1", [jobId])).toBe(5);
  });

  it("drafting asks for the permission of the route the draft goes to", async () => {
    const res = await call(createDraftRoute, "/v1/approvals/drafts", {
      token: await portalTokenFor("viewer@acme.test"),
      headers: { "idempotency-key": randomUUID() },
      body: { rail: "VIRTUAL_ACCOUNT_BATCH", request: batchBody(...bmd(3)) },
    });
    expectErrorBody(res.body, 403, "FORBIDDEN");
  });
});
