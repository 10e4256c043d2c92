import { describe, expect, it } from "vitest";
import { POST as createVirtualAccounts } from "@/app/v1/virtual-accounts/route";
import { call, expectErrorBody, tokenFor } from "@/tests/api";
import { achBody, postAch, postSwift, swiftBody } from "@/tests/payments";

/** PostgreSQL cannot store NUL or an unpaired surrogate: a 400 naming the field, before the database (decisions §3). */
describe("text PostgreSQL cannot store", () => {
  it("is a 400 naming the field in payment bodies (ACH and SWIFT)", async () => {
    const cases: Array<[Promise<{ status: number; body: Record<string, unknown> }>, string]> = [
      [postAch(achBody({ remittanceInformation: ["Invoice \ud800 42"] })), "remittanceInformation[0]"],
      [postAch(achBody({ creditorAccount: { identification: "20004455667", name: "Harbour\u0000Supplies" } })), "creditorAccount.name"],
      [postSwift(swiftBody({ remittanceInformation: ["ok", "\udfff"] })), "remittanceInformation[1]"],
      [postSwift(swiftBody({ creditorAccount: { identification: "DE89370400440532013000", name: "Rhein \udc00" } })), "creditorAccount.name"],
    ];
    for (const [pending, field] of cases) {
      const res = await pending;
      expect(res.status, field).toBe(400);
      expectErrorBody(res.body, 400, "VALIDATION_ERROR");
      expect(res.body.field).toBe(field);
    }
  });

  it("is a 400 naming the field in virtual-account bodies, keys included", async () => {
    const token = await tokenFor("acme");
    const post = (body: unknown) => call(createVirtualAccounts, "/v1/virtual-accounts", { method: "POST", token, body });
    const item = { currency: "USD", accountHolderName: "Jane Tucker", accountName: "Tucker Deposit", clientReference: "T-1", dob: "1984-05-17" };
    const cases: Array<[unknown, string]> = [
      [{ items: [{ ...item, clientReference: "T-\ud800" }] }, "items[0].clientReference"],
      [{ items: [item], customHeaders: { "X-Batch": "a\u0000" } }, "customHeaders.X-Batch"],
      [{ items: [item], ["x\ud800"]: 1 }, "x\ud800"],
    ];
    for (const [body, field] of cases) {
      const res = await post(body);
      expect(res.status, field).toBe(400);
      expectErrorBody(res.body, 400, "VALIDATION_ERROR");
      expect(res.body.field).toBe(field);
    }
  });

  it("bidi overrides and zero-width characters in names and remittance lines are a 400 with a clear message", async () => {
    const cases: Array<[Promise<{ status: number; body: Record<string, unknown> }>, string]> = [
      [postAch(achBody({ creditorAccount: { identification: "20004455667", name: "Acme\u202eLtd" } })), "creditorAccount.name"],
      [postAch(achBody({ remittanceInformation: ["Invoice\u200b42"] })), "remittanceInformation[0]"],
      [postSwift(swiftBody({ remittanceInformation: ["Freight \u2066x\u2069"] })), "remittanceInformation[0]"],
    ];
    for (const [pending, field] of cases) {
      const res = await pending;
      expect(res.status, field).toBe(400);
      expect(res.body.field).toBe(field);
      expect(res.body.message).toContain("invisible or direction-changing");
    }
  });
});
