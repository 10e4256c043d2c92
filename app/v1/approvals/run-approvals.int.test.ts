import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { XmlDocument } from "libxml2-wasm";
import { GET as getPolicies } from "@/app/v1/approvals/policies/route";
import { POST as createDraftRoute } from "@/app/v1/approvals/drafts/route";
import { GET as getDraftRoute } from "@/app/v1/approvals/drafts/[draftId]/route";
import { POST as approveRoute } from "@/app/v1/approvals/drafts/[draftId]/approve/route";
import type { TApprovalPolicies, TDraft } from "@/lib/contract/approvals/schema";
import { drainWorker } from "@/lib/server/entry/jobs/testing";
import { openCustomHeaders, type SealedHeaders } from "@/lib/server/core/crypto/stored-secrets";
import { getRuntime } from "@/lib/server/entry/runtime";
import { call, expectErrorBody } from "@/tests/api";
import { approvalTeam, paymentsOfDraftKey } from "@/tests/approvals";
import { ACME_BMD, countPayments, setBalance, ACME_USD } from "@/tests/payments";
import { achItem, postRun, runResults, runStatus } from "@/tests/payment-runs";
import { portalTokenFor } from "@/tests/portal";
import { runOps } from "@/tests/ops";

/**
 * Approval rail BATCH (issue 20, docs/payment-runs.md "Approvals"): a person's
 * payment run that the organisation's policies hold back waits as one draft;
 * the last approval accepts the run through its own use case, as the maker.
 */

type Outcome = { draft: TDraft | null; needsApproval: boolean };
type Body = Record<string, unknown>;

let treasurer: string;
let approver: string;
let admin: string;

const usd = (i: number, amount: string) => achItem(i, { instructedAmount: { amount, currency: "USD" } });
const bmd = (i: number, amount: string) =>
  achItem(i, {
    debtorAccount: { identification: ACME_BMD },
    debitCurrency: "BMD",
    instructedAmount: { amount, currency: "BMD" },
    creditorBank: { bankCode: "BANK_C", currency: "BMD" },
  });

async function draftRun(items: unknown[], token = treasurer, reference = "November payroll") {
  const key = randomUUID();
  const res = await call<Outcome & Body>(createDraftRoute, "/v1/approvals/drafts", {
    token,
    headers: { "idempotency-key": key },
    body: { rail: "BATCH", request: { items, reference } },
  });
  return { key, status: res.status, body: res.body };
}

const approve = (draftId: string, token = approver) =>
  call<TDraft & Body>(approveRoute, `/v1/approvals/drafts/${draftId}/approve`, { token, body: {}, params: { draftId } });

const batchesNow = async () =>
  (await (await getRuntime()).db.query<{ n: number }>("SELECT count(*)::int AS n FROM payment_batches WHERE client_id = 'acme'")).rows[0]!.n;

beforeAll(async () => {
  await setBalance(ACME_USD, 100_000_000n);
  ({ treasurer, approver, admin } = await approvalTeam([
    { rail: "ACH", currency: "USD", threshold: "5000.00", approvers: 2 },
    { rail: "BATCH", currency: "USD", threshold: "1000.00", approvers: 1 },
    { rail: "ACH", currency: "BMD", threshold: "100.00", approvers: 1 },
  ]));
});

describe("BATCH policies", () => {
  it("keep their threshold as money of the currency", async () => {
    const res = await call<TApprovalPolicies>(getPolicies, "/v1/approvals/policies", { token: admin });
    expect(res.body.policies).toContainEqual({ rail: "BATCH", currency: "USD", threshold: "1000.00", approvers: 1 });
  });
});

describe("a person's run judged as a whole", () => {
  it("one cent under the run's threshold needs no approval; at it, the run waits as one draft showing its count and total, and nothing is created", async () => {
    expect((await draftRun([usd(100, "600.00"), usd(101, "399.99")])).body).toEqual({ draft: null, needsApproval: false });
    const batches = await batchesNow();
    const { body } = await draftRun([usd(102, "600.00"), usd(103, "400.00")]);
    expect(body.needsApproval).toBe(true);
    expect(body.draft).toMatchObject({
      rail: "BATCH",
      status: "AwaitingApproval",
      amount: null,
      debtorAccount: null,
      beneficiary: null,
      batch: null,
      run: { payments: 2, totals: [{ currency: "USD", amount: "1000.00", count: 2 }] },
      approvalsRequired: 1,
      quote: { settlementDate: null, exchangeRate: null },
    });
    expect((body.draft as TDraft).request).toMatchObject({ reference: "November payroll", items: [{ rail: "ACH" }, { rail: "ACH" }] });
    expect(await batchesNow()).toBe(batches);
    expect(await countPayments("client_id = 'acme' AND instruction_identification IN ('RUN-102', 'RUN-103')")).toBe(0);
  });

  it("a payment its own rail's policy holds back sends the whole run for approval, with the stricter policy's approvers", async () => {
    const { body } = await draftRun([usd(110, "5000.00")]);
    expect(body.draft).toMatchObject({ rail: "BATCH", approvalsRequired: 2, run: { payments: 1 } });
  });

  it("such a payment in a currency without a BATCH policy refuses the run, drafted or posted (no way around the drafts)", async () => {
    const drafted = await draftRun([usd(120, "1.00"), bmd(121, "150.00")]);
    expectErrorBody(drafted.body, 403, "FORBIDDEN");
    expect(drafted.body.message).toContain("no BATCH (payment run) approval policy in BMD");
    const posted = await postRun({ items: [bmd(122, "150.00")] }, { token: treasurer });
    expectErrorBody(posted.body as Body, 403, "FORBIDDEN");
  });

  it("needs each item's rail permission to draft, as posting the run does", async () => {
    const viewer = await portalTokenFor("viewer@acme.test");
    expect((await draftRun([usd(130, "2000.00")], viewer)).status).toBe(403);
  });
});

describe("approving a run", () => {
  it("the maker cannot approve; the approval accepts the run as the maker, once, its payments carry the approval, ledger verify passes", async () => {
    const { body, key } = await draftRun([usd(140, "700.00"), usd(141, "700.00"), usd(142, "0.10")]);
    const draftId = (body.draft as TDraft).draftId;
    expectErrorBody((await approve(draftId, treasurer)).body, 403, "FORBIDDEN");

    const approved = await Promise.all([approve(draftId), approve(draftId), approve(draftId)]);
    for (const res of approved) expect(res.status).toBe(200);
    const jobId = approved[0]!.body.jobId as string;
    expect(approved[0]!.body).toMatchObject({ status: "Submitted", paymentId: null, jobId: expect.any(String) });
    expect(approved.map((r) => r.body.jobId)).toEqual([jobId, jobId, jobId]);
    expect(await paymentsOfDraftKey(key, "/v1/payment-batches")).toBe(1);

    const { rows } = await (
      await getRuntime()
    ).db.query<{ person: unknown; approved_by: unknown[] }>("SELECT person, approved_by FROM payment_batches WHERE client_id = 'acme' AND batch_id = $1", [
      jobId,
    ]);
    expect(rows[0]!.person).toMatchObject({ email: "treasurer@acme.test" });
    expect(rows[0]!.approved_by).toEqual([expect.objectContaining({ email: "approver@acme.test" })]);

    await drainWorker();
    expect((await runStatus(jobId)).body).toMatchObject({ status: "Completed", processedItems: 3, succeededItems: 3 });
    expect((await runResults(jobId)).body.data.map((r) => r.status)).toEqual(["Created", "Created", "Created"]);
    expect(await countPayments("client_id = 'acme' AND instruction_identification IN ('RUN-140', 'RUN-141', 'RUN-142')")).toBe(3);
    // The same Idempotency-Key on the API answers the approved run, never a second one.
    const again = await postRun({ items: [usd(140, "700.00"), usd(141, "700.00"), usd(142, "0.10")] }, { key });
    expect(again.body.jobId).toBe(jobId);
    expect(await countPayments("client_id = 'acme' AND instruction_identification = 'RUN-140'")).toBe(1);

    const seen = await call<TDraft>(getDraftRoute, `/v1/approvals/drafts/${draftId}`, { token: approver, params: { draftId } });
    expect(seen.body).toMatchObject({ status: "Submitted", jobId, run: { payments: 3, totals: [{ currency: "USD", amount: "1400.10", count: 3 }] } });
    expect((await runOps(["ledger", "verify", "--json"])).code).toBe(0);
  });

  it("a run the bank's rules now refuse is Refused with the reason, and nothing is made", async () => {
    const { body } = await draftRun([
      usd(150, "2000.00"),
      achItem(151, { instructedAmount: { amount: "1.00", currency: "USD" }, creditorBank: { bankCode: "NO_SUCH_BANK", currency: "USD" } }),
    ]);
    const draftId = (body.draft as TDraft).draftId;
    const batches = await batchesNow();
    const res = await approve(draftId);
    expect(res.body).toMatchObject({ status: "Refused", refusal: expect.stringContaining("items[1].request.creditorBank.bankCode") });
    expect(await batchesNow()).toBe(batches);
  });
});

describe("a run's callback headers while it waits (issue 19, item 11)", () => {
  it("are sealed in the draft, shown masked, and reach the run as the maker sent them", async () => {
    const apiKey = "rk_live_51HarbourRunCallbackKey7c2e";
    const key = randomUUID();
    const drafted = await call<Outcome & Body>(createDraftRoute, "/v1/approvals/drafts", {
      token: treasurer,
      headers: { "idempotency-key": key },
      body: {
        rail: "BATCH",
        request: { items: [usd(130, "600.00"), usd(131, "400.00")], callbackUrl: "http://127.0.0.1:9/run-done", customHeaders: { "X-Api-Key": apiKey } },
      },
    });
    const draftId = drafted.body.draft!.draftId;
    expect(drafted.body.draft!.request.customHeaders).toEqual({ "X-Api-Key": "****7c2e" });
    const { db } = await getRuntime();
    const stored = await db.query<{ text: string }>("SELECT request::text AS text FROM payment_drafts WHERE draft_id = $1", [draftId]);
    expect(stored.rows[0]!.text).not.toContain(apiKey.slice(0, 12));
    const seen = await call<TDraft>(getDraftRoute, `/v1/approvals/drafts/${draftId}`, { token: approver, params: { draftId } });
    expect(seen.body.request.customHeaders).toEqual({ "X-Api-Key": "****7c2e" });

    expect((await approve(draftId)).status).toBe(200);
    const run = await db.query<{ headers: SealedHeaders }>(
      "SELECT custom_headers AS headers FROM payment_batches WHERE client_id = 'acme' AND callback_url = 'http://127.0.0.1:9/run-done'",
    );
    expect(run.rows.map((row) => openCustomHeaders(row.headers))).toEqual([{ "X-Api-Key": apiKey }]);
  });
});

describe("a run drafted from a pain.001 (issue 20)", () => {
  it("keeps the file's MsgId and PmtInfIds: the approved run's pain.002 answers them", async () => {
    const key = randomUUID();
    const items = [usd(160, "600.00"), usd(161, "400.00")];
    const drafted = await call<Outcome & Body>(createDraftRoute, "/v1/approvals/drafts", {
      token: treasurer,
      headers: { "idempotency-key": key },
      body: { rail: "BATCH", request: { items, pain001: { messageId: "MSG-DRAFT-1", paymentInfoIds: ["PMT-A", "PMT-B"] } } },
    });
    expect(drafted.body.needsApproval).toBe(true);
    const draftId = drafted.body.draft!.draftId;
    expect(drafted.body.draft!.request.pain001).toEqual({ messageId: "MSG-DRAFT-1", paymentInfoIds: ["PMT-A", "PMT-B"] });

    const approved = await approve(draftId);
    expect(approved.body).toMatchObject({ status: "Submitted" });
    await drainWorker();
    // No reference was typed: the run is named by the file's MsgId.
    const run = await (
      await getRuntime()
    ).db.query("SELECT format, reference FROM payment_batches WHERE client_id = 'acme' AND batch_id = $1", [approved.body.jobId]);
    expect(run.rows).toEqual([{ format: "pain.001", reference: "MSG-DRAFT-1" }]);
    const xml = await runResults(approved.body.jobId as string, "application/xml");
    const doc = XmlDocument.fromString(xml.text);
    try {
      const ns = { p: "urn:iso:std:iso:20022:tech:xsd:pain.002.001.10" };
      expect(doc.eval("string(//p:OrgnlGrpInfAndSts/p:OrgnlMsgId)", ns)).toBe("MSG-DRAFT-1");
      expect(doc.eval("string(//p:OrgnlGrpInfAndSts/p:OrgnlMsgNmId)", ns)).toBe("pain.001.001.09");
      expect(doc.find("//p:OrgnlPmtInfAndSts/p:OrgnlPmtInfId", ns).map((node) => node.content)).toEqual(["PMT-A", "PMT-B"]);
      expect(doc.find("//p:TxInfAndSts/p:OrgnlEndToEndId", ns).map((node) => node.content)).toEqual(["RUN-160", "RUN-161"]);
    } finally {
      doc.dispose();
    }
  });

  it("refuses identifiers that do not match the items one for one", async () => {
    const res = await call<Body>(createDraftRoute, "/v1/approvals/drafts", {
      token: treasurer,
      headers: { "idempotency-key": randomUUID() },
      body: { rail: "BATCH", request: { items: [usd(170, "600.00"), usd(171, "400.00")], pain001: { messageId: "MSG-DRAFT-2", paymentInfoIds: ["PMT-A"] } } },
    });
    expectErrorBody(res.body, 400, "VALIDATION_ERROR");
    expect(res.body.field).toBe("request.pain001.paymentInfoIds");
  });
});
