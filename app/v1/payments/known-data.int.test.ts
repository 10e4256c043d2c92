import { describe, expect, it } from "vitest";
import { getRuntime } from "@/lib/server/entry/runtime";
import { expectErrorBody } from "@/tests/api";
import { achBody, ACME_USD, paymentOf, postAch, postSwift, swiftBody } from "@/tests/payments";

/**
 * A process keeps the reference data and debtor accounts it has read
 * (lib/server/domain/payments/known-data.ts). Every test first pays once, so the process
 * holds the data, then changes it in the database: the very next submission
 * must decide with the new data, whichever way the change cuts.
 */
describe("payments decide with current reference data and account status", () => {
  const sql = async (text: string, values: unknown[] = []) => (await getRuntime()).db.query(text, values);

  it("accepts a bank code configured after the process read the bank list", async () => {
    expect((await postAch(achBody())).status).toBe(201);
    await sql("INSERT INTO bank_codes (bank_code, currency, name) VALUES ('BANK_Z', 'USD', 'Zed Bank')");
    const res = await postAch(achBody({ creditorBank: { bankCode: "BANK_Z", currency: "USD" } }));
    expect(res.status).toBe(201);
    expect(paymentOf(res).details.beneficiaryAgent.name).toBe("Zed Bank");
  });

  it("refuses a bank code removed after the process read the bank list, and records nothing", async () => {
    await sql("INSERT INTO bank_codes (bank_code, currency, name) VALUES ('BANK_Y', 'USD', 'Why Bank') ON CONFLICT DO NOTHING");
    expect((await postAch(achBody({ creditorBank: { bankCode: "BANK_Y", currency: "USD" } }))).status).toBe(201);
    await sql("DELETE FROM bank_codes WHERE bank_code = 'BANK_Y'");
    const res = await postAch(achBody({ creditorBank: { bankCode: "BANK_Y", currency: "USD" }, remittanceInformation: ["after delete"] }));
    expect(res.status).toBe(400);
    expectErrorBody(res.body, 400, "BANK_REFERENCE_NOT_FOUND");
    const { rows } = await sql("SELECT count(*)::int AS n FROM payments WHERE remittance_information = ARRAY['after delete']");
    expect(rows[0].n).toBe(0);
  });

  it("converts at a rate changed after the process read the rate table", async () => {
    const eur = swiftBody({ instructedAmount: { currency: "EUR" }, debitAmount: { currency: "USD", amount: "100.00" }, chargesType: "BEN" });
    expect(paymentOf(await postSwift(eur)).details.instructedAmount).toEqual({ currency: "EUR", amount: "92.15" });
    await sql("UPDATE fx_rates SET rate = 0.5 WHERE from_currency = 'USD' AND to_currency = 'EUR'");
    try {
      const res = await postSwift(eur);
      expect(res.status).toBe(201);
      expect(paymentOf(res).details.instructedAmount).toEqual({ currency: "EUR", amount: "50.00" });
    } finally {
      await sql("UPDATE fx_rates SET rate = 0.9215 WHERE from_currency = 'USD' AND to_currency = 'EUR'");
    }
  });

  it("refuses an account deactivated after the process saw it active, and pays again once it is reactivated", async () => {
    expect((await postAch(achBody())).status).toBe(201);
    await sql("UPDATE accounts SET status = 'Closed' WHERE account_number = $1", [ACME_USD]);
    try {
      const res = await postAch(achBody());
      expect(res.status).toBe(400);
      expectErrorBody(res.body, 400, "VALIDATION_ERROR");
      expect(res.body.field).toBe("debtorAccount.identification");
    } finally {
      await sql("UPDATE accounts SET status = 'Active' WHERE account_number = $1", [ACME_USD]);
    }
    expect((await postAch(achBody())).status).toBe(201);
  });
});
