import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { POST as createV1 } from "@/app/v1/virtual-accounts/route";
import { POST as createV2 } from "@/app/v2/virtual-accounts/route";
import { getRuntime } from "@/lib/server/entry/runtime";
import { allocatedV1, businessV2, individualV2 } from "@/lib/server/entry/jobs/testing";
import { call, expectErrorBody, tokenFor } from "@/tests/api";

type ErrorBody = { code: string; field: string | null; details: Array<{ field: string; code: string; message: string }> };

async function postV1(body: unknown, headers: Record<string, string> = {}, client = "acme") {
  return call<Record<string, unknown>>(createV1, "/v1/virtual-accounts", { token: await tokenFor(client), body, headers });
}
async function postV2(body: unknown, headers: Record<string, string> = {}, client = "acme") {
  return call<Record<string, unknown>>(createV2, "/v2/virtual-accounts", { token: await tokenFor(client), body, headers });
}
function fieldsOf(body: unknown): string[] {
  return (body as ErrorBody).details.map((d) => d.field).sort();
}
async function jobCount(): Promise<number> {
  const { rows } = await (await getRuntime()).db.query<{ n: string }>("SELECT count(*) AS n FROM virtual_account_jobs");
  return Number(rows[0]!.n);
}

describe("POST /v1/virtual-accounts: acceptance", () => {
  it("answers 202 Pending with absolute status and result URLs", async () => {
    const res = await postV1({ items: [allocatedV1(1), { currency: "BMD", unallocated: true }] });
    expect(res.status).toBe(202);
    const jobId = String(res.body.jobId);
    expect(jobId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body).toEqual({
      jobId,
      status: "Pending",
      statusUrl: `http://localhost/v1/jobs/${jobId}`,
      resultUrl: `http://localhost/v1/jobs/${jobId}/results`,
    });
  });

  it("needs the create-virtual-account permission", async () => {
    const res = await call(createV1, "/v1/virtual-accounts", { token: await tokenFor("acme", ["get-virtual-accounts"]), body: { items: [allocatedV1(1)] } });
    expect(res.status).toBe(403);
    expectErrorBody(res.body, 403, "FORBIDDEN");
  });

  it("replays the stored 202 for a repeated Idempotency-Key and starts no second job", async () => {
    const key = randomUUID();
    const before = await jobCount();
    const first = await postV1({ items: [allocatedV1(1)] }, { "idempotency-key": key });
    const second = await postV1({ items: [allocatedV1(2), allocatedV1(3)] }, { "idempotency-key": key });
    expect(first.status).toBe(202);
    expect(second.status).toBe(202);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(await jobCount()).toBe(before + 1);
    const other = await postV1({ items: [allocatedV1(1)] }, { "idempotency-key": randomUUID() });
    expect(other.body.jobId).not.toBe(first.body.jobId);
  });

  it("refuses an Idempotency-Key that is not a UUID", async () => {
    const res = await postV1({ items: [allocatedV1(1)] }, { "idempotency-key": "not-a-uuid" });
    expectErrorBody(res.body, 400, "INVALID_IDEMPOTENCY_KEY");
  });
});

describe("POST /v1/virtual-accounts: the whole batch is validated up front", () => {
  it("names every bad field in one 400 and creates no job", async () => {
    const before = await jobCount();
    const items = Array.from({ length: 10 }, (_, i) => allocatedV1(i));
    items[2] = allocatedV1(2, { accountName: "Bad_name" });
    items[7] = allocatedV1(7, { accountName: "a*b", accountHolderName: "x@y" });
    items[8] = { currency: "USD" } as ReturnType<typeof allocatedV1>;
    items[9] = allocatedV1(9, { clientReference: "R".repeat(36), nativeLanguageName: "N".repeat(256), dob: "2999-01-01" });
    const res = await postV1({ items });
    expect(res.status).toBe(400);
    expectErrorBody(res.body, 400, "VALIDATION_ERROR");
    expect(fieldsOf(res.body)).toEqual([
      "items[2].accountName",
      "items[7].accountHolderName",
      "items[7].accountName",
      "items[8].accountHolderName",
      "items[8].accountName",
      "items[9].clientReference",
      "items[9].dob",
      "items[9].nativeLanguageName",
    ]);
    expect(await jobCount()).toBe(before);
  });

  it.each(["*", "_", "@", ":", ";", "?", "{", "}"])("rejects %s in names", async (ch) => {
    const res = await postV1({ items: [allocatedV1(0, { accountHolderName: `A${ch}B` })] });
    expect(res.status).toBe(400);
    expect(fieldsOf(res.body)).toEqual(["items[0].accountHolderName"]);
  });

  it("accepts every character spec §2.4 allows", async () => {
    const res = await postV1({ items: [allocatedV1(0, { accountHolderName: `Az 09 !"#$%&'()+,-./[\\]`, accountName: "O'Neil & Sons (Bermuda) Ltd." })] });
    expect(res.status).toBe(202);
  });

  it("requires 1..1000 items", async () => {
    expect(fieldsOf((await postV1({ items: [] })).body)).toEqual(["items"]);
    const tooMany = await postV1({ items: Array.from({ length: 1001 }, (_, i) => allocatedV1(i)) });
    expect(tooMany.status).toBe(400);
    expect(fieldsOf(tooMany.body)).toContain("items");
    expect(fieldsOf((await postV1({})).body)).toEqual(["items"]);
    expect((await postV1({ items: Array.from({ length: 1000 }, (_, i) => allocatedV1(i)) })).status).toBe(202);
  });

  it("makes the names optional, and refuses them, for unallocated items", async () => {
    expect((await postV1({ items: [{ currency: "USD", unallocated: true, clientReference: "U-1" }] })).status).toBe(202);
    const named = await postV1({ items: [{ currency: "USD", unallocated: true, accountName: "Named" }] });
    expect(fieldsOf(named.body)).toEqual(["items[0].accountName"]);
    const notBoolean = await postV1({ items: [{ currency: "USD", unallocated: "yes" }] });
    expect(fieldsOf(notBoolean.body)).toContain("items[0].unallocated");
  });

  it("checks dob is a real past date", async () => {
    for (const dob of ["1990-02-30", "19900101", "tomorrow", "1850-01-01"]) {
      expect(fieldsOf((await postV1({ items: [allocatedV1(0, { dob })] })).body), dob).toEqual(["items[0].dob"]);
    }
    expect((await postV1({ items: [allocatedV1(0, { dob: "1990-02-28", nativeLanguageName: "李小龍" })] })).status).toBe(202);
  });

  it("refuses currencies not provisioned for the client, naming each item", async () => {
    const res = await postV1({ items: [allocatedV1(0), allocatedV1(1, { currency: "EUR" }), allocatedV1(2, { currency: "BMD" })] }, {}, "globex");
    expect(res.status).toBe(400);
    expect((res.body as unknown as ErrorBody).details).toEqual([
      expect.objectContaining({ field: "items[1].currency", code: "CURRENCY_NOT_PROVISIONED" }),
      expect.objectContaining({ field: "items[2].currency", code: "CURRENCY_NOT_PROVISIONED" }),
    ]);
    expect(fieldsOf((await postV1({ items: [allocatedV1(0, { currency: "usd" })] })).body)).toEqual(["items[0].currency"]);
  });

  it("validates callbackUrl and customHeaders limits", async () => {
    const headers = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`X-H${i}`, "v"]));
    const res = await postV1({ items: [allocatedV1(0)], callbackUrl: "ftp://127.0.0.1/x", customHeaders: headers });
    expect(fieldsOf(res.body)).toEqual(["callbackUrl", "customHeaders"]);
    const long = await postV1({ items: [allocatedV1(0)], customHeaders: { ["X".repeat(51)]: "v", "X-Ok": "v".repeat(501), Authorization: "x" } });
    expect(fieldsOf(long.body)).toEqual(["customHeaders.Authorization", "customHeaders.X-Ok", `customHeaders.${"X".repeat(51)}`].sort());
    const ok = await postV1({ items: [allocatedV1(0)], callbackUrl: "http://127.0.0.1:9/hook", customHeaders: { "X-Batch": "b-1" } });
    expect(ok.status).toBe(202);
  });

  it("refuses unknown fields, naming them", async () => {
    const res = await postV1({ items: [allocatedV1(0, { accountHolderType: "Individual" })], extra: 1 });
    expect(fieldsOf(res.body)).toEqual(["extra", "items[0].accountHolderType"]);
  });

  it("answers bad JSON with 400, not 500", async () => {
    const res = await call(createV1, "/v1/virtual-accounts", {
      token: await tokenFor("acme"),
      rawBody: '{"items": [',
      headers: { "content-type": "application/json" },
    });
    expectErrorBody(res.body, 400, "VALIDATION_ERROR");
  });
});

describe("POST /v2/virtual-accounts: Individual and Business rules", () => {
  it("accepts Individuals, Businesses and unallocated items", async () => {
    const res = await postV2({
      items: [
        individualV2(0),
        individualV2(1, { accountHolderType: undefined, taxIdentificationNumber: "TX-123/45", countryOfResidence: "GB" }),
        businessV2(2, {
          business: {
            registeredAddress: { addressLine1: "1 Front St", addressLine2: "Suite 4", city: "Hamilton", postalCode: "HM 11", country: "BM" },
            dateOfIncorporation: "2001-05-01",
            countryOfIncorporation: "BM",
          },
        }),
        { currency: "USD", unallocated: true },
        { currency: "BMD", unallocated: true, accountHolderType: "Business" },
      ],
    });
    expect(res.status).toBe(202);
  });

  it("requires an adult dob in the past and an ISO country for allocated Individuals", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const seventeen = `${Number(today.slice(0, 4)) - 17}${today.slice(4)}`;
    const res = await postV2({
      items: [
        individualV2(0, { individual: { dob: seventeen, nationality: "BM" } }),
        individualV2(1, { individual: { dob: "2999-01-01", nationality: "XX" } }),
        individualV2(2, { individual: {} }),
        individualV2(3, { individual: undefined }),
        individualV2(4, { countryOfResidence: "bm", taxIdentificationNumber: "T".repeat(31) }),
      ],
    });
    expect(fieldsOf(res.body)).toEqual([
      "items[0].individual.dob",
      "items[1].individual.dob",
      "items[1].individual.nationality",
      "items[2].individual.dob",
      "items[2].individual.nationality",
      "items[3].individual.dob",
      "items[3].individual.nationality",
      "items[4].countryOfResidence",
      "items[4].taxIdentificationNumber",
    ]);
  });

  it("accepts someone who turns 18 today", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const eighteen = `${Number(today.slice(0, 4)) - 18}${today.slice(4)}`;
    if (eighteen.endsWith("02-29")) return;
    expect((await postV2({ items: [individualV2(0, { individual: { dob: eighteen, nationality: "BM" } })] })).status).toBe(202);
  });

  it("requires a registered address for an allocated Business, with limits and allowed characters", async () => {
    const res = await postV2({
      items: [
        businessV2(0, { business: {} }),
        businessV2(1, {
          business: {
            registeredAddress: { addressLine1: "A".repeat(71), addressLine2: "x_y", city: "C".repeat(36), postalCode: "P".repeat(36), country: "ZZ" },
          },
        }),
        businessV2(2, { business: { registeredAddress: { addressLine1: "1 Front St", country: "BM" } } }),
      ],
    });
    expect(fieldsOf(res.body)).toEqual([
      "items[0].business.registeredAddress",
      "items[1].business.registeredAddress.addressLine1",
      "items[1].business.registeredAddress.addressLine2",
      "items[1].business.registeredAddress.city",
      "items[1].business.registeredAddress.country",
      "items[1].business.registeredAddress.postalCode",
      "items[2].business.registeredAddress.city",
      "items[2].business.registeredAddress.postalCode",
    ]);
  });

  it("accepts only the block matching accountHolderType", async () => {
    const res = await postV2({
      items: [
        individualV2(0, { business: { countryOfIncorporation: "BM" } }),
        businessV2(1, { individual: { nationality: "BM" } }),
        { currency: "USD", unallocated: true, individual: { nationality: "BM" }, business: {} },
        { currency: "USD", accountHolderType: "Robot", accountHolderName: "R", accountName: "R" },
      ],
    });
    expect(fieldsOf(res.body)).toEqual(["items[0].business", "items[1].individual", "items[2].business", "items[3].accountHolderType"]);
  });

  it("does not take the v1 top-level dob and nativeLanguageName", async () => {
    const res = await postV2({ items: [individualV2(0, { dob: "1980-01-01", nativeLanguageName: "x" })] });
    expect(fieldsOf(res.body)).toEqual(["items[0].dob", "items[0].nativeLanguageName"]);
  });

  it("keeps v1 and v2 Idempotency-Keys apart (scoped by path)", async () => {
    const key = randomUUID();
    const v1 = await postV1({ items: [allocatedV1(0)] }, { "idempotency-key": key });
    const v2 = await postV2({ items: [individualV2(0)] }, { "idempotency-key": key });
    expect(v1.status).toBe(202);
    expect(v2.status).toBe(202);
    expect(v2.body.jobId).not.toBe(v1.body.jobId);
  });
});
