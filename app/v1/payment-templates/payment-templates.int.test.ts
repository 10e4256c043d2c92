import { beforeAll, describe, expect, it } from "vitest";
import { GET as listRoute, POST as createRoute } from "@/app/v1/payment-templates/route";
import { DELETE as deleteRoute, GET as getRoute, PATCH as patchRoute } from "@/app/v1/payment-templates/[templateId]/route";
import { POST as createPayeeRoute } from "@/app/v1/counterparties/route";
import type { TPaymentTemplate, TPaymentTemplateList } from "@/lib/contract/payment-templates/schema";
import { getRuntime } from "@/lib/server/entry/runtime";
import { call, expectErrorBody, tokenFor } from "@/tests/api";
import { portalTokenFor } from "@/tests/portal";
import { ACME_BMD, ACME_USD, GLOBEX_USD, achBody, paymentOf, postAch, swiftBody } from "@/tests/payments";

/** Payment templates (issue 21, decisions §11): saved payments, per client, that fill an ordinary payment. */

type Res = TPaymentTemplate & Record<string, unknown>;

const { instructedAmount: _amount, ...achWithoutAmount } = achBody() as Record<string, unknown> & { creditorAccount: unknown; creditorBank: unknown };
const ACH_TEMPLATE = { name: "Rent, Harbour Properties", rail: "ACH", request: { ...achWithoutAmount, instructedAmount: { currency: "USD" } } };

const create = (body: unknown, token: string, key?: string) =>
  call<Res>(createRoute, "/v1/payment-templates", { token, body, headers: key ? { "idempotency-key": key } : {} });
const get = (id: string, token: string) => call<Res>(getRoute, `/v1/payment-templates/${id}`, { token, params: { templateId: id } });
const patch = (id: string, body: unknown, token: string) =>
  call<Res>(patchRoute, `/v1/payment-templates/${id}`, { method: "PATCH", token, body, params: { templateId: id } });
const remove = (id: string, token: string) => call<Res>(deleteRoute, `/v1/payment-templates/${id}`, { method: "DELETE", token, params: { templateId: id } });
const list = (query: string, token: string) => call<TPaymentTemplateList>(listRoute, `/v1/payment-templates${query}`, { token });

let acme: string;
beforeAll(async () => {
  acme = await tokenFor("acme");
});

describe("saving payments as templates", () => {
  it("saves an ACH payment without its amount and replays an Idempotency-Key", async () => {
    const key = crypto.randomUUID();
    const res = await create(ACH_TEMPLATE, acme, key);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: "Rent, Harbour Properties", rail: "ACH", createdBy: "client:acme" });
    expect(res.body.request).toEqual(ACH_TEMPLATE.request);
    const again = await create(ACH_TEMPLATE, acme, key);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body.templateId).toBe(res.body.templateId);
    expect((await get(res.body.templateId, acme)).body).toEqual(res.body);
  });

  it("keeps a SWIFT payment with a payee and its amount as a decimal string", async () => {
    const payee = await call<{ counterpartyId: string }>(createPayeeRoute, "/v1/counterparties", {
      token: acme,
      body: {
        rail: "SWIFT",
        name: "Rhein Logistik GmbH",
        creditorAccount: { identification: "DE89370400440532013000" },
        creditorAgent: { identification: "COBADEFFXXX" },
      },
    });
    const { creditorAccount: _a, creditorAgent: _b, ...rest } = swiftBody({ instructedAmount: { currency: "EUR", amount: 1250.5 } });
    const res = await create({ name: "Freight monthly", rail: "SWIFT", request: { ...rest, counterpartyId: payee.body.counterpartyId } }, acme);
    expect(res.status).toBe(201);
    expect(res.body.request).toMatchObject({ counterpartyId: payee.body.counterpartyId, instructedAmount: { currency: "EUR", amount: "1250.5" } });
  });

  it("refuses a name the client already uses, whatever its case, with 409 ALREADY_EXISTS", async () => {
    const res = await create({ ...ACH_TEMPLATE, name: "rent, HARBOUR properties" }, acme);
    expectErrorBody(res.body, 409, "ALREADY_EXISTS");
    expect(res.status).toBe(409);
    expect(res.body.field).toBe("name");
  });

  it("applies the rail's rules across fields and names each field under request", async () => {
    const both = await create({ ...ACH_TEMPLATE, name: "Both", request: { ...ACH_TEMPLATE.request, counterpartyId: crypto.randomUUID() } }, acme);
    expect(both.status).toBe(400);
    expect(JSON.stringify(both.body)).toContain("request.creditorAccount");
    const currency = await create({ ...ACH_TEMPLATE, name: "Currency", request: { ...ACH_TEMPLATE.request, instructedAmount: { currency: "BMD" } } }, acme);
    expect(JSON.stringify(currency.body)).toContain("request.instructedAmount.currency");
    const oneOff = await create({ ...ACH_TEMPLATE, name: "One-off", request: { ...ACH_TEMPLATE.request, instructionIdentification: "INV-1" } }, acme);
    expect(JSON.stringify(oneOff.body)).toContain("request.instructionIdentification");
    const swiftBoth = await create({ name: "Two amounts", rail: "SWIFT", request: swiftBody({ debitAmount: { currency: "USD", amount: "10.00" } }) }, acme);
    expect(JSON.stringify(swiftBoth.body)).toContain("request.instructedAmount.amount");
    for (const bad of [null, [], "x", { rail: "CHEQUE", name: "x", request: {} }, { ...ACH_TEMPLATE, name: " " }]) {
      expectErrorBody((await create(bad, acme)).body, 400, "VALIDATION_ERROR");
    }
  });

  it("refuses another client's account or payee, and a payee of the other rail, on the field", async () => {
    const theirs = await create({ ...ACH_TEMPLATE, name: "Theirs", request: { ...ACH_TEMPLATE.request, debtorAccount: { identification: GLOBEX_USD } } }, acme);
    expectErrorBody(theirs.body, 400, "VALIDATION_ERROR");
    expect(theirs.body.field).toBe("request.debtorAccount.identification");
    const globex = await tokenFor("globex");
    const payee = await call<{ counterpartyId: string }>(createPayeeRoute, "/v1/counterparties", {
      token: globex,
      body: { rail: "ACH", name: "Globex Payee", creditorAccount: { identification: "123" }, creditorBank: { bankCode: "BANK_A", currency: "USD" } },
    });
    const { creditorAccount: _a, creditorBank: _b, ...noCreditor } = ACH_TEMPLATE.request;
    const res = await create({ ...ACH_TEMPLATE, name: "Their payee", request: { ...noCreditor, counterpartyId: payee.body.counterpartyId } }, acme);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe("request.counterpartyId");
  });
});

describe("the list, changes and deletion", () => {
  it("lists newest first, filters by part of the name and by rail, and pages", async () => {
    await create(
      {
        ...ACH_TEMPLATE,
        name: "Payroll BMD",
        request: {
          ...ACH_TEMPLATE.request,
          debtorAccount: { identification: ACME_BMD },
          debitCurrency: "BMD",
          instructedAmount: { currency: "BMD" },
          creditorBank: { bankCode: "BANK_A", currency: "BMD" },
        },
      },
      acme,
    );
    const all = await list("?pageSize=2", acme);
    expect(all.status).toBe(200);
    expect(all.body.data[0]!.name).toBe("Payroll BMD");
    expect(all.body.data).toHaveLength(2);
    expect(all.body.meta.pagination.total_size).toBeGreaterThanOrEqual(3);
    expect((await list("?name=PAYROLL", acme)).body.data.map((t: TPaymentTemplate) => t.name)).toEqual(["Payroll BMD"]);
    expect((await list("?rail=SWIFT", acme)).body.data.every((t: TPaymentTemplate) => t.rail === "SWIFT")).toBe(true);
    expectErrorBody((await list("?rail=CHEQUE", acme)).body as never, 400, "VALIDATION_ERROR");
  });

  it("renames, replaces the request (checked whole) and deletes, each audited with before and after", async () => {
    const made = await create({ ...ACH_TEMPLATE, name: "To change" }, acme);
    const id = made.body.templateId;
    const renamed = await patch(id, { name: "Changed" }, acme);
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: "Changed", request: ACH_TEMPLATE.request });
    const bad = await patch(id, { request: { ...ACH_TEMPLATE.request, debitCurrency: "EUR" } }, acme);
    expectErrorBody(bad.body, 400, "VALIDATION_ERROR");
    expect(JSON.stringify(bad.body)).toContain("request.debitCurrency");
    const withAmount = await patch(id, { request: { ...ACH_TEMPLATE.request, instructedAmount: { currency: "USD", amount: "75.00" } } }, acme);
    expect(withAmount.body.request).toMatchObject({ instructedAmount: { amount: "75.00" } });
    expectErrorBody((await patch(id, { name: "Rent, Harbour Properties" }, acme)).body, 409, "ALREADY_EXISTS");
    expectErrorBody((await patch(id, {}, acme)).body, 400, "VALIDATION_ERROR");
    expect((await remove(id, acme)).body.name).toBe("Changed");
    expectErrorBody((await get(id, acme)).body, 404, "PAYMENT_TEMPLATE_NOT_FOUND");
    expectErrorBody((await remove(id, acme)).body, 404, "PAYMENT_TEMPLATE_NOT_FOUND");
    const { rows } = await (
      await getRuntime()
    ).db.query<{ action: string; before: { name: string } | null; after: { name: string } | null }>(
      "SELECT action, before, after FROM audit_log WHERE client_id = 'acme' AND entity = 'payment_template' AND entity_id = $1 ORDER BY audit_id",
      [id],
    );
    expect(rows.map((r) => [r.action, r.before?.name ?? null, r.after?.name ?? null])).toEqual([
      ["payment_template.created", null, "To change"],
      ["payment_template.changed", "To change", "Changed"],
      ["payment_template.changed", "Changed", "Changed"],
      ["payment_template.deleted", "Changed", null],
    ]);
  });
});

describe("tenancy and permissions", () => {
  it("answers another client's template as not found, for every verb, and never lists it", async () => {
    const made = await create({ ...ACH_TEMPLATE, name: "Acme only" }, acme);
    const globex = await tokenFor("globex");
    const id = made.body.templateId;
    expectErrorBody((await get(id, globex)).body, 404, "PAYMENT_TEMPLATE_NOT_FOUND");
    expectErrorBody((await patch(id, { name: "Mine" }, globex)).body, 404, "PAYMENT_TEMPLATE_NOT_FOUND");
    expectErrorBody((await remove(id, globex)).body, 404, "PAYMENT_TEMPLATE_NOT_FOUND");
    expect((await list("", globex)).body.data.some((t: TPaymentTemplate) => t.templateId === id)).toBe(false);
    expect((await get(id, acme)).body.name).toBe("Acme only");
  });

  it("lets a viewer read templates but not save, change or delete one (the rail's permission is needed)", async () => {
    const viewer = await portalTokenFor("viewer@acme.test");
    const made = await create({ ...ACH_TEMPLATE, name: "Viewer sees" }, acme);
    expect((await get(made.body.templateId, viewer)).status).toBe(200);
    expectErrorBody((await create({ ...ACH_TEMPLATE, name: "Viewer saves" }, viewer)).body, 403, "FORBIDDEN");
    expectErrorBody((await patch(made.body.templateId, { name: "Viewer renames" }, viewer)).body, 403, "FORBIDDEN");
    expectErrorBody((await remove(made.body.templateId, viewer)).body, 403, "FORBIDDEN");
    const noTemplates = await tokenFor("acme", ["payment-ach"]);
    expectErrorBody((await list("", noTemplates)).body as never, 403, "FORBIDDEN");
  });

  it("refuses a template of a rail whose permission the token lacks", async () => {
    const achOnly = await tokenFor("acme", ["payment-templates", "payment-ach"]);
    const res = await create({ name: "SWIFT without permission", rail: "SWIFT", request: swiftBody() }, achOnly);
    expectErrorBody(res.body, 403, "FORBIDDEN");
  });
});

describe("paying from a template", () => {
  it("is an ordinary payment: the saved request plus an amount goes to the rail, which checks it as any payment", async () => {
    const made = await create({ ...ACH_TEMPLATE, name: "Pay me" }, acme);
    const saved = (await get(made.body.templateId, acme)).body.request as Record<string, unknown>;
    const paid = await postAch({ ...saved, instructedAmount: { currency: "USD", amount: "12.34" } });
    expect(paid.status).toBe(201);
    expect(paymentOf(paid).details).toMatchObject({ instructedAmount: { amount: "12.34", currency: "USD" }, debtorAccount: { identification: ACME_USD } });
    // Without an amount the rail refuses it, as it would any payment: a template is not a way around the rail's rules.
    expectErrorBody((await postAch(saved)).body, 400, "VALIDATION_ERROR");
  });
});
