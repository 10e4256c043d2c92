import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { PATCH as patchV1 } from "@/app/v1/virtual-accounts/[virtualAccountNumber]/route";
import { PATCH as patchV2 } from "@/app/v2/virtual-accounts/[virtualAccountNumber]/route";
import { POST as createV1 } from "@/app/v1/virtual-accounts/route";
import { GET as getResults } from "@/app/v1/jobs/[jobId]/results/route";
import { getRuntime } from "@/lib/server/entry/runtime";
import { virtualAccountNumber } from "@/lib/contract/virtual-accounts/numbering";
import { drainWorker } from "@/lib/server/entry/jobs/testing";
import { call, expectErrorBody, tokenFor } from "@/tests/api";

type Detail = { data: Record<string, unknown> };
type ErrorBody = { code: string; details: Array<{ field: string }> | null; field: string | null };

/** Fresh unallocated accounts, so each test starts from the UNALLOCATED state. */
async function unallocated(count = 1, currency = "USD"): Promise<string[]> {
  const token = await tokenFor("acme");
  const res = await call<{ jobId: string }>(createV1, "/v1/virtual-accounts", {
    token,
    body: { items: Array.from({ length: count }, () => ({ currency, unallocated: true })) },
  });
  await drainWorker();
  const results = await call<{ data: Array<{ virtualAccountNumber: string }> }>(getResults, `/v1/jobs/${res.body.jobId}/results`, {
    token,
    params: { jobId: res.body.jobId },
  });
  return results.body.data.map((r) => r.virtualAccountNumber);
}

async function v1(number: string, body: unknown, headers: Record<string, string> = {}, client = "acme") {
  return call<Detail>(patchV1, `/v1/virtual-accounts/${number}`, {
    method: "PATCH",
    token: await tokenFor(client),
    params: { virtualAccountNumber: number },
    body,
    headers,
  });
}
async function v2(number: string, body: unknown, headers: Record<string, string> = {}) {
  return call<Detail>(patchV2, `/v2/virtual-accounts/${number}`, {
    method: "PATCH",
    token: await tokenFor("acme"),
    params: { virtualAccountNumber: number },
    body,
    headers,
  });
}
const fields = (body: unknown) => ((body as ErrorBody).details ?? []).map((d) => d.field).sort();

describe("PATCH /v1/virtual-accounts/{n}: one-time allocation", () => {
  it("allocates once; the names are then immutable (409), clientReference stays changeable", async () => {
    const [n] = await unallocated();
    const first = await v1(n!, { accountHolderName: "Ann Smith", accountName: "Smith Deposit", clientReference: "C-1" });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ virtualAccountNumber: n, accountHolderName: "Ann Smith", accountName: "Smith Deposit", clientReference: "C-1" });
    expect(first.body.data.settlementAccount).toMatchObject({ accountNumber: "2000123001" });

    const rename = await v1(n!, { accountName: "Other" });
    expect(rename.status).toBe(409);
    expectErrorBody(rename.body, 409, "ACCOUNT_NAMES_IMMUTABLE");
    expect((rename.body as unknown as ErrorBody).field).toBe("accountName");
    expect((await v1(n!, { accountHolderName: "Bob", clientReference: "C-2" })).status).toBe(409);

    // The same values again are not a change (a retried PATCH succeeds); clientReference changes freely.
    const again = await v1(n!, { accountHolderName: "Ann Smith", accountName: "Smith Deposit", clientReference: "C-2" });
    expect(again.status).toBe(200);
    expect(again.body.data.clientReference).toBe("C-2");
    expect((await v1(n!, { clientReference: "C-3" })).body.data.clientReference).toBe("C-3");
    expect((await v1(n!, { clientReference: null })).body.data.clientReference).toBeNull();
  });

  it("needs both names to allocate", async () => {
    const [n] = await unallocated();
    const res = await v1(n!, { accountName: "Only one" });
    expectErrorBody(res.body, 400, "VALIDATION_ERROR");
    expect(fields(res.body)).toEqual(["accountHolderName"]);
    expect((await v1(n!, { clientReference: "still unallocated" })).body.data).toMatchObject({
      accountHolderName: "UNALLOCATED",
      clientReference: "still unallocated",
    });
  });

  it("sets dob and nativeLanguageName once only", async () => {
    const [n] = await unallocated();
    expect((await v1(n!, { dob: "1990-03-04", nativeLanguageName: "Ána" })).status).toBe(200);
    expect((await v1(n!, { dob: "1990-03-04" })).status).toBe(200);
    const changed = await v1(n!, { dob: "1991-03-04", nativeLanguageName: "Other" });
    expectErrorBody(changed.body, 409, "ACCOUNT_NAMES_IMMUTABLE");
    expect((await v1(n!, { accountHolderName: "Ana Lima", accountName: "Lima" })).body.data).toMatchObject({ dob: "1990-03-04", nativeLanguageName: "Ána" });
  });

  it("validates the body like creation does", async () => {
    const [n] = await unallocated();
    const res = await v1(n!, { accountHolderName: "a_b", accountName: "UNALLOCATED", clientReference: "x".repeat(36), dob: "2999-01-01", extra: 1 });
    expect(fields(res.body)).toEqual(["accountHolderName", "accountName", "clientReference", "dob", "extra"]);
    expect((await v1(n!, {})).status).toBe(400);
  });

  it("serialises concurrent allocations: one wins, the other gets 409", async () => {
    const [n] = await unallocated();
    const outcomes = await Promise.all([
      v1(n!, { accountHolderName: "First", accountName: "First" }),
      v1(n!, { accountHolderName: "Second", accountName: "Second" }),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual([200, 409]);
  });

  it("answers another client's account as unknown (404) and changes nothing", async () => {
    const [n] = await unallocated();
    const res = await v1(n!, { accountHolderName: "Thief", accountName: "Thief" }, {}, "globex");
    expectErrorBody(res.body, 404, "VIRTUAL_ACCOUNT_NOT_FOUND");
    const { rows } = await (
      await getRuntime()
    ).db.query("SELECT account_holder_name FROM virtual_accounts WHERE client_id = 'acme' AND virtual_account_number = $1", [n]);
    expect(rows).toEqual([{ account_holder_name: null }]);
  });

  it("replays a repeated Idempotency-Key", async () => {
    const [n] = await unallocated();
    const key = randomUUID();
    const first = await v1(n!, { clientReference: "K-1" }, { "idempotency-key": key });
    const second = await v1(n!, { clientReference: "K-2" }, { "idempotency-key": key });
    expect(second.body).toEqual(first.body);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    const { rows } = await (
      await getRuntime()
    ).db.query("SELECT client_reference FROM virtual_accounts WHERE client_id = 'acme' AND virtual_account_number = $1", [n]);
    expect(rows).toEqual([{ client_reference: "K-1" }]);
  });

  it("writes an audit row for the allocation", async () => {
    const [n] = await unallocated();
    await v1(n!, { accountHolderName: "Audited", accountName: "Audited" });
    const { rows } = await (
      await getRuntime()
    ).db.query<{ action: string; actor: string }>("SELECT action, actor FROM audit_log WHERE client_id = 'acme' AND entity_id = $1 ORDER BY audit_id", [n]);
    expect(rows).toEqual([
      { action: "virtual_account.created", actor: "client:acme" },
      { action: "virtual_account.allocated", actor: "client:acme" },
    ]);
  });

  it("answers in CSV on request", async () => {
    const [n] = await unallocated();
    const res = await v1(n!, { clientReference: "CSV-1" }, { accept: "text/csv" });
    expect(res.text.split("\r\n")[0]).toContain("data_client_reference");
  });
});

describe("PATCH /v2/virtual-accounts/{n}", () => {
  it("applies the v2 Individual rules at allocation", async () => {
    const [n] = await unallocated();
    const missing = await v2(n!, { accountHolderName: "Ann", accountName: "Ann" });
    expect(fields(missing.body)).toEqual(["individual.dob", "individual.nationality"]);
    const ok = await v2(n!, { accountHolderName: "Ann", accountName: "Ann", individual: { dob: "1980-02-02", nationality: "BM" }, countryOfResidence: "BM" });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ accountHolderType: "Individual", dob: "1980-02-02", individual: { nationality: "BM" }, countryOfResidence: "BM" });
    const change = await v2(n!, { individual: { dob: "1981-02-02", nationality: "BM" } });
    expectErrorBody(change.body, 409, "ACCOUNT_NAMES_IMMUTABLE");
    expect((await v2(n!, { taxIdentificationNumber: "TIN-1" })).status).toBe(200);
    expectErrorBody((await v2(n!, { taxIdentificationNumber: "TIN-2" })).body, 409, "ACCOUNT_NAMES_IMMUTABLE");
    expectErrorBody((await v2(n!, { accountHolderType: "Business" })).body, 409, "ACCOUNT_NAMES_IMMUTABLE");
    expect((await v2(n!, { clientReference: "V2-REF" })).body.data.clientReference).toBe("V2-REF");
  });

  it("applies the v2 Business rules at allocation, and only the matching block", async () => {
    const [n] = await unallocated();
    const wrongBlock = await v2(n!, { accountHolderType: "Business", accountHolderName: "Co", accountName: "Co", individual: { nationality: "BM" } });
    expect(fields(wrongBlock.body)).toEqual(["individual"]);
    const noAddress = await v2(n!, { accountHolderType: "Business", accountHolderName: "Co", accountName: "Co" });
    expect(fields(noAddress.body)).toEqual(["business.registeredAddress"]);
    const ok = await v2(n!, {
      accountHolderType: "Business",
      accountHolderName: "Co Ltd.",
      accountName: "Co",
      business: { registeredAddress: { addressLine1: "1 Front St", city: "Hamilton", postalCode: "HM 11", country: "BM" } },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ accountHolderType: "Business", business: { registeredAddress: { city: "Hamilton" } } });
  });

  it("takes holder details only with the names at allocation", async () => {
    const [n] = await unallocated();
    const res = await v2(n!, { individual: { nationality: "BM" } });
    expect(fields(res.body)).toEqual(["accountHolderName", "accountName"]);
  });

  it("applies to the seeded allocated account: its names stay", async () => {
    const res = await v2(virtualAccountNumber(1), { accountHolderName: "New Name" });
    expectErrorBody(res.body, 409, "ACCOUNT_NAMES_IMMUTABLE");
  });
});
