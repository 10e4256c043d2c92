import { beforeAll, describe, expect, it } from "vitest";
import { GET as listRoute, POST as createRoute } from "@/app/v1/counterparties/route";
import { DELETE as deleteRoute, GET as getRoute, PATCH as patchRoute } from "@/app/v1/counterparties/[counterpartyId]/route";
import { POST as approveRoute } from "@/app/v1/counterparties/[counterpartyId]/approve/route";
import { POST as rejectRoute } from "@/app/v1/counterparties/[counterpartyId]/reject/route";
import { GET as getPaymentRoute } from "@/app/v1/payments/[paymentId]/route";
import type { TCounterparty, TCounterpartyList } from "@/lib/contract/counterparties/schema";
import { getRuntime } from "@/lib/server/entry/runtime";
import { call, expectErrorBody, tokenFor } from "@/tests/api";
import { approvalTeam } from "@/tests/approvals";
import { achBody, newKey, paymentOf, postAch, postSwift, swiftBody } from "@/tests/payments";

/** Payees (decisions §11, issue 21): the book, paying a payee, and dual control on new and changed payees. */

type Res = TCounterparty & Record<string, unknown>;

const ACH_PAYEE = {
  rail: "ACH",
  name: "Island Supplies",
  creditorAccount: { identification: "20004455667" },
  creditorBank: { bankCode: "BANK_A", currency: "USD" },
};
const SWIFT_PAYEE = {
  rail: "SWIFT",
  name: "Rhein Logistik GmbH",
  creditorAccount: { identification: "DE89 3704 0044 0532 0130 00", additionalInformation: ["Hafenstrasse 1", "Duisburg"] },
  creditorAgent: { identification: "COBADEFFXXX", name: "Commerzbank" },
};

const create = (body: unknown, token: string, key?: string) =>
  call<Res>(createRoute, "/v1/counterparties", { token, body, headers: key ? { "idempotency-key": key } : {} });
const get = (id: string, token: string) => call<Res>(getRoute, `/v1/counterparties/${id}`, { token, params: { counterpartyId: id } });
const patch = (id: string, body: unknown, token: string) =>
  call<Res>(patchRoute, `/v1/counterparties/${id}`, { method: "PATCH", token, body, params: { counterpartyId: id } });
const decide = (route: typeof approveRoute | typeof rejectRoute, verb: string, id: string, token: string) =>
  call<Res>(route, `/v1/counterparties/${id}/${verb}`, { token, body: {}, params: { counterpartyId: id } });

let acme: string;
beforeAll(async () => {
  acme = await tokenFor("acme");
});

describe("the payee book", () => {
  it("adds ACH and SWIFT payees, keeps an IBAN in its electronic format and replays an Idempotency-Key", async () => {
    const key = newKey();
    const ach = await create(ACH_PAYEE, acme, key);
    expect(ach.status).toBe(201);
    expect(ach.body).toMatchObject({ rail: "ACH", status: "Active", name: "Island Supplies", pendingChange: null, createdBy: "client:acme" });
    expect(ach.body.creditorAccount).toEqual({ identification: "20004455667", name: "Island Supplies", additionalInformation: null });
    expect(ach.body.creditorBank).toEqual({ bankCode: "BANK_A", currency: "USD" });
    const again = await create(ACH_PAYEE, acme, key);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body.counterpartyId).toBe(ach.body.counterpartyId);

    const swift = await create(SWIFT_PAYEE, acme);
    expect(swift.status).toBe(201);
    expect(swift.body.creditorAccount.identification).toBe("DE89370400440532013000");
    expect(swift.body.creditorAgent).toEqual({ identification: "COBADEFFXXX", name: "Commerzbank", additionalInformation: null });
  });

  it.each([
    ["an IBAN with wrong check digits", { ...SWIFT_PAYEE, creditorAccount: { identification: "DE88370400440532013000" } }, "creditorAccount.identification"],
    ["a BIC of no country", { ...SWIFT_PAYEE, creditorAgent: { identification: "COBAZZFFXXX" } }, "creditorAgent.identification"],
    ["a name outside the SWIFT character set", { ...SWIFT_PAYEE, name: "Rhein & Söhne" }, "name"],
    ["a long ACH name without an account name", { ...ACH_PAYEE, name: "Island Supplies and Chandlery Ltd" }, "creditorAccount.name"],
    ["an ACH payee without its bank", { rail: "ACH", name: "X", creditorAccount: { identification: "1" } }, "creditorBank"],
    ["an unknown rail", { ...ACH_PAYEE, rail: "WIRE" }, "rail"],
  ])("refuses %s with a 400 naming the field", async (_, body, field) => {
    const res = await create(body, acme);
    expectErrorBody(res.body, 400, "VALIDATION_ERROR");
    expect(res.body.field).toBe(field);
  });

  it("refuses an unconfigured ACH bank code with BANK_REFERENCE_NOT_FOUND", async () => {
    const res = await create({ ...ACH_PAYEE, creditorBank: { bankCode: "BANK_Z", currency: "USD" } }, acme);
    expectErrorBody(res.body, 400, "BANK_REFERENCE_NOT_FOUND");
  });

  it("lists by part of the name or account and by rail, pages, and never shows another client's", async () => {
    await create({ ...ACH_PAYEE, name: "Zebra Marine", creditorAccount: { identification: "777000111" } }, acme);
    const byName = await call<TCounterpartyList>(listRoute, "/v1/counterparties?name=zebra", { token: acme });
    expect(byName.body.data.map((p) => p.name)).toEqual(["Zebra Marine"]);
    const byAccount = await call<TCounterpartyList>(listRoute, "/v1/counterparties?name=7770001", { token: acme });
    expect(byAccount.body.data).toHaveLength(1);
    const swift = await call<TCounterpartyList>(listRoute, "/v1/counterparties?rail=SWIFT", { token: acme });
    expect(swift.body.data.every((p) => p.rail === "SWIFT")).toBe(true);
    const page = await call<TCounterpartyList>(listRoute, "/v1/counterparties?pageSize=1", { token: acme });
    expect(page.body.data).toHaveLength(1);
    expect(page.body.meta.pagination.total_size).toBeGreaterThanOrEqual(3);
    const globex = await call<TCounterpartyList>(listRoute, "/v1/counterparties", { token: await tokenFor("globex") });
    expect(globex.body.data).toEqual([]);
    expectErrorBody((await get(page.body.data[0]!.counterpartyId, await tokenFor("globex"))).body, 404, "COUNTERPARTY_NOT_FOUND");
  });
});

describe("paying a payee", () => {
  it("makes an ACH payment to the payee named by counterpartyId and shows it on the payment", async () => {
    const payee = (await create({ ...ACH_PAYEE, name: "Pay Me Ltd" }, acme)).body;
    const { creditorAccount, creditorBank, ...rest } = achBody();
    void creditorAccount;
    void creditorBank;
    const res = await postAch({ ...rest, counterpartyId: payee.counterpartyId });
    expect(res.status).toBe(201);
    const payment = paymentOf(res);
    expect(payment.details.creditorAccount).toMatchObject({ identification: "20004455667", name: "Pay Me Ltd" });
    const shown = await call<{ data: { counterpartyId: string | null } }>(getPaymentRoute, `/v1/payments/${payment.id}`, {
      token: acme,
      params: { paymentId: payment.id },
    });
    expect(shown.body.data.counterpartyId).toBe(payee.counterpartyId);
  });

  it("makes a SWIFT payment to a payee with its BIC and address", async () => {
    const payee = (await create(SWIFT_PAYEE, acme)).body;
    const { creditorAccount, creditorAgent, ...rest } = swiftBody();
    void creditorAccount;
    void creditorAgent;
    const payment = paymentOf(await postSwift({ ...rest, counterpartyId: payee.counterpartyId }));
    expect(payment.details.beneficiaryAgent.identification).toBe("COBADEFFXXX");
    expect(payment.details.creditorAccount.additionalInformation).toEqual(["Hafenstrasse 1", "Duisburg"]);
  });

  it("refuses counterpartyId with creditor fields, a payee of the other rail, another client's and a deleted one", async () => {
    const payee = (await create(ACH_PAYEE, acme)).body;
    const both = await postAch(achBody({ counterpartyId: payee.counterpartyId }));
    expectErrorBody(both.body, 400, "VALIDATION_ERROR");
    expect(both.body.field).toBe("creditorAccount");
    const { creditorAccount, creditorAgent, ...swiftRest } = swiftBody();
    void creditorAccount;
    void creditorAgent;
    expect((await postSwift({ ...swiftRest, counterpartyId: payee.counterpartyId })).body.field).toBe("counterpartyId");
    const { creditorAccount: a, creditorBank: b, ...achRest } = achBody({ debtorAccount: { identification: "3000456001" } });
    void a;
    void b;
    const foreign = await postAch({ ...achRest, counterpartyId: payee.counterpartyId }, { client: "globex" });
    expectErrorBody(foreign.body, 400, "VALIDATION_ERROR");
    const deleted = await call<Res>(deleteRoute, `/v1/counterparties/${payee.counterpartyId}`, {
      method: "DELETE",
      token: acme,
      params: { counterpartyId: payee.counterpartyId },
    });
    expect(deleted.body.status).toBe("Deleted");
    expect((await get(payee.counterpartyId, acme)).body.status).toBe("Deleted");
    const { creditorAccount: c, creditorBank: d, ...rest } = achBody();
    void c;
    void d;
    expectErrorBody((await postAch({ ...rest, counterpartyId: payee.counterpartyId })).body, 400, "VALIDATION_ERROR");
  });
});

describe("dual control on payees (approval policy on rail COUNTERPARTY)", () => {
  let team: { treasurer: string; approver: string; admin: string };
  beforeAll(async () => {
    team = await approvalTeam([{ rail: "COUNTERPARTY", currency: "USD", threshold: "0", approvers: 1 }]);
  });

  const payTo = (counterpartyId: string) => {
    const { creditorAccount, creditorBank, ...rest } = achBody();
    void creditorAccount;
    void creditorBank;
    return postAch({ ...rest, counterpartyId });
  };

  it("holds a new payee until another person approves it; it cannot be paid meanwhile", async () => {
    const made = await create({ ...ACH_PAYEE, name: "New Vendor" }, team.treasurer);
    expect(made.body).toMatchObject({ status: "PendingApproval", createdBy: "treasurer@acme.test" });
    expect(made.body.pendingChange).toMatchObject({ before: null, requestedBy: "treasurer@acme.test", approvalsRequired: 1, approvals: [] });
    const id = made.body.counterpartyId;
    expectErrorBody((await payTo(id)).body, 409, "COUNTERPARTY_PENDING_APPROVAL");
    expectErrorBody((await decide(approveRoute, "approve", id, team.treasurer)).body, 403, "FORBIDDEN");
    const approved = await decide(approveRoute, "approve", id, team.approver);
    expect(approved.body).toMatchObject({ status: "Active", pendingChange: null });
    expect((await payTo(id)).status).toBe(201);
    expectErrorBody((await decide(approveRoute, "approve", id, team.approver)).body, 409, "COUNTERPARTY_NOT_PENDING");
  });

  it("applies a new name at once, holds a new account number with before and after, and a rejection keeps the old one", async () => {
    const id = (await create(ACH_PAYEE, acme)).body.counterpartyId;
    await decide(approveRoute, "approve", id, team.approver);
    const renamed = await patch(id, { name: "Island Supplies Ltd" }, team.treasurer);
    expect(renamed.body).toMatchObject({ status: "Active", name: "Island Supplies Ltd" });
    expect(renamed.body.creditorAccount.name).toBe("Island Supplies Ltd");

    const changed = await patch(id, { creditorAccount: { identification: "99988877766" } }, team.treasurer);
    expect(changed.body.status).toBe("PendingApproval");
    expect(changed.body.creditorAccount.identification).toBe("20004455667");
    expect(changed.body.pendingChange!.before!.creditorAccount.identification).toBe("20004455667");
    expect(changed.body.pendingChange!.after.creditorAccount.identification).toBe("99988877766");
    expectErrorBody((await payTo(id)).body, 409, "COUNTERPARTY_PENDING_APPROVAL");

    const rejected = await decide(rejectRoute, "reject", id, team.approver);
    expect(rejected.body).toMatchObject({ status: "Active", pendingChange: null });
    expect(rejected.body.creditorAccount.identification).toBe("20004455667");

    await patch(id, { creditorBank: { bankCode: "BANK_B" } }, team.treasurer);
    const approved = await decide(approveRoute, "approve", id, team.approver);
    expect(approved.body.creditorBank).toEqual({ bankCode: "BANK_B", currency: "USD" });

    const { db } = await getRuntime();
    const { rows } = await db.query<{ action: string; actor: string }>(
      "SELECT action, actor FROM audit_log WHERE client_id = 'acme' AND entity = 'counterparty' AND entity_id = $1 ORDER BY audit_id",
      [id],
    );
    expect(rows.map((r) => r.action)).toEqual([
      "counterparty.created",
      "counterparty.approved",
      "counterparty.changed",
      "counterparty.changed",
      "counterparty.rejected",
      "counterparty.changed",
      "counterparty.approved",
    ]);
  });

  it("refuses an integration's token to approve: approvals are people's acts", async () => {
    const id = (await create({ ...ACH_PAYEE, name: "Machine Made" }, team.treasurer)).body.counterpartyId;
    expectErrorBody((await decide(approveRoute, "approve", id, acme)).body, 403, "FORBIDDEN");
  });
});
