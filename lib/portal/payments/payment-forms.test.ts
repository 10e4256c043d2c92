import { describe, expect, it } from "vitest";
import { ZAchPaymentRequest, ZInternalTransferRequest, ZSwiftPaymentRequest } from "@/lib/contract/payments/schema";
import {
  achDefaults,
  cleanAmount,
  compactIdentifier,
  newIdempotencyKey,
  newInstructionId,
  requestResolver,
  swiftDefaults,
  toAchRequest,
  toSwiftRequest,
  toTransferRequest,
  transferDefaults,
  trimLines,
  withExecutionDate,
  type AchFormValues,
  type SwiftFormValues,
  type TransferFormValues,
} from "@/lib/portal/payments/payment-forms";

const currencyOf = (n: string) => ({ "1000123456": "USD", "1000123457": "BMD" })[n];

function ach(patch: Partial<AchFormValues> = {}): AchFormValues {
  return {
    ...achDefaults("1000123456"),
    instructionIdentification: "INV-1",
    instructedAmount: { amount: "1,250.00" },
    creditorAccount: { identification: " 12345678 ", name: "Island Supplies", additionalInformation: "" },
    creditorBank: { bankCode: "BANK_A" },
    remittanceInformation: ["Invoice 1001", ""],
    ...patch,
  };
}

function swift(patch: Partial<SwiftFormValues> = {}): SwiftFormValues {
  const base = swiftDefaults("1000123456", "USD");
  return {
    ...base,
    instructionIdentification: "SW-1",
    instructedAmount: { currency: "USD", amount: "100.00" },
    creditorAccount: { identification: "GB29 NWBK 6016 1331 9268 19", name: "Kensington Ltd", additionalInformation: ["1 High St", "", "", ""] },
    creditorAgent: { identification: "nwbkgb2l", name: "", additionalInformation: ["", "", "", ""] },
    remittanceInformation: ["Order 55", "", "", ""],
    ...patch,
  };
}

const resolverOptions = (names: string[]) => ({ fields: {}, names, shouldUseNativeValidation: false, criteriaMode: "firstError" as const });

describe("ACH form -> request", () => {
  it("takes the three currencies from the debit account and drops empty optional parts", () => {
    const body = toAchRequest(ach(), currencyOf);
    expect(body).toEqual({
      instructionIdentification: "INV-1",
      debtorAccount: { identification: "1000123456" },
      debitCurrency: "USD",
      instructedAmount: { amount: "1250.00", currency: "USD" },
      creditorAccount: { identification: "12345678", name: "Island Supplies" },
      creditorBank: { bankCode: "BANK_A", currency: "USD" },
      remittanceInformation: ["Invoice 1001"],
    });
    expect(ZAchPaymentRequest.safeParse(body).success).toBe(true);
  });

  it("omits an empty reference and keeps additional information", () => {
    const body = toAchRequest(
      ach({ instructionIdentification: " ", creditorAccount: { identification: "1", name: "A", additionalInformation: "Attn AP" } }),
      currencyOf,
    );
    expect(body).not.toHaveProperty("instructionIdentification");
    expect(body.creditorAccount).toEqual({ identification: "1", name: "A", additionalInformation: "Attn AP" });
  });

  it("a picked payee is sent as counterpartyId instead of the creditor fields, and the schema accepts it", () => {
    const body = toAchRequest(ach({ counterpartyId: "5f028913-6fb4-4ab2-adfb-6b9072a96bb5" }), currencyOf);
    expect(body.counterpartyId).toBe("5f028913-6fb4-4ab2-adfb-6b9072a96bb5");
    expect(body).not.toHaveProperty("creditorAccount");
    expect(body).not.toHaveProperty("creditorBank");
    expect(ZAchPaymentRequest.safeParse(body).success).toBe(true);
  });

  it("an unknown account sends no currency, which the schema reports on debitCurrency", () => {
    const body = toAchRequest(ach({ debtorAccount: { identification: "999" } }), currencyOf);
    const result = ZAchPaymentRequest.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join("."))).toContain("debitCurrency");
  });

  it("the API's schema puts each rule on the form's control", async () => {
    const resolver = requestResolver(ZAchPaymentRequest, (v: AchFormValues) => toAchRequest(v, currencyOf));
    const values = ach({
      creditorAccount: { identification: "1", name: "A name longer than 22 chars", additionalInformation: "" },
      remittanceInformation: ["ok", "x".repeat(36)],
    });
    const result = await resolver(values, undefined, resolverOptions(["creditorAccount.name", "remittanceInformation.0", "remittanceInformation.1"]));
    expect(result.errors).toMatchObject({
      creditorAccount: { name: { message: "name must be at most 22 characters" } },
      remittanceInformation: { 1: { message: "each remittance line must be at most 35 characters" } },
    });
  });

  it("no remittance line at all is the array's own rule, on its root", async () => {
    const resolver = requestResolver(ZAchPaymentRequest, (v: AchFormValues) => toAchRequest(v, currencyOf));
    const result = await resolver(ach({ remittanceInformation: ["", ""] }), undefined, resolverOptions(["remittanceInformation.0"]));
    expect(result.errors).toMatchObject({ remittanceInformation: { root: { message: "remittanceInformation needs at least 1 line" } } });
  });

  it("valid values resolve to the parsed request body", async () => {
    const resolver = requestResolver(ZAchPaymentRequest, (v: AchFormValues) => toAchRequest(v, currencyOf));
    const result = await resolver(ach(), undefined, resolverOptions([]));
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ debitCurrency: "USD", instructedAmount: { amount: "1250.00" } });
  });
});

describe("SWIFT form -> request", () => {
  it("same currency: the amount travels in instructedAmount; identifiers lose their spaces, the BIC is upper-cased", () => {
    const body = toSwiftRequest(swift(), currencyOf);
    expect(body).toEqual({
      instructionIdentification: "SW-1",
      debtorAccount: { identification: "1000123456" },
      instructedAmount: { currency: "USD", amount: "100.00" },
      creditorAccount: { identification: "GB29NWBK60161331926819", name: "Kensington Ltd", additionalInformation: ["1 High St"] },
      creditorAgent: { identification: "NWBKGB2L" },
      chargesType: "SHA",
      remittanceInformation: ["Order 55"],
    });
    expect(ZSwiftPaymentRequest.safeParse(body).success).toBe(true);
  });

  it("another currency: debitAmount fixes the debit and instructedAmount names only the currency", () => {
    const body = toSwiftRequest(swift({ instructedAmount: { currency: "EUR", amount: "5" }, debitAmount: { amount: "2000" } }), currencyOf);
    expect(body.instructedAmount).toEqual({ currency: "EUR" });
    expect(body.debitAmount).toEqual({ currency: "USD", amount: "2000" });
    expect(ZSwiftPaymentRequest.safeParse(body).success).toBe(true);
  });

  it("a bank without BIC needs its name and address: the schema says so on those controls", async () => {
    const resolver = requestResolver(ZSwiftPaymentRequest, (v: SwiftFormValues) => toSwiftRequest(v, currencyOf));
    const values = swift({ creditorAgent: { identification: "", name: "", additionalInformation: ["", "", "", ""] } });
    const result = await resolver(values, undefined, resolverOptions(["creditorAgent.name", "creditorAgent.additionalInformation.0"]));
    expect(result.errors).toMatchObject({
      creditorAgent: {
        name: { message: "name is required when identification is absent" },
        additionalInformation: { root: { message: "additionalInformation is required when identification is absent" } },
      },
    });
  });

  it("an intermediary is sent only when given", () => {
    expect(toSwiftRequest(swift(), currencyOf)).not.toHaveProperty("intermediaryAgent");
    expect(toSwiftRequest(swift({ intermediaryAgent: { identification: "chasus33" } }), currencyOf).intermediaryAgent).toEqual({ identification: "CHASUS33" });
  });
});

describe("transfer form -> request", () => {
  const transfer = (patch: Partial<TransferFormValues> = {}): TransferFormValues => ({
    ...transferDefaults("1000123456", "1000123457"),
    instructionIdentification: "SWEEP-1",
    instructedAmount: { amount: "2,500.00" },
    ...patch,
  });
  const resolver = requestResolver(ZInternalTransferRequest, (v: TransferFormValues) => toTransferRequest(v, currencyOf));

  it("the amount is in the debit account's currency; no note is no remittanceInformation", () => {
    expect(toTransferRequest(transfer(), currencyOf)).toEqual({
      instructionIdentification: "SWEEP-1",
      debtorAccount: { identification: "1000123456" },
      creditorAccount: { identification: "1000123457" },
      instructedAmount: { currency: "USD", amount: "2500.00" },
    });
    expect(toTransferRequest(transfer({ remittanceInformation: ["Month-end sweep", ""] }), currencyOf)).toMatchObject({
      remittanceInformation: ["Month-end sweep"],
    });
  });

  it("valid values resolve to the parsed request body", async () => {
    const result = await resolver(transfer(), undefined, resolverOptions([]));
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ instructedAmount: { currency: "USD", amount: "2500.00" } });
  });

  it("the API's rules land on the form's controls: the same account twice, a bad amount, an unknown debit account", async () => {
    const same = await resolver(
      transfer({ creditorAccount: { identification: "1000123456" } }),
      undefined,
      resolverOptions(["creditorAccount.identification"]),
    );
    expect(same.errors).toMatchObject({ creditorAccount: { identification: { message: "creditorAccount must differ from debtorAccount" } } });
    const amount = await resolver(transfer({ instructedAmount: { amount: "1.001" } }), undefined, resolverOptions(["instructedAmount.amount"]));
    expect(amount.errors).toMatchObject({ instructedAmount: { amount: { message: "amount must be a non-negative decimal with at most 2 decimal places" } } });
    const unknown = await resolver(transfer({ debtorAccount: { identification: "9999999999" } }), undefined, resolverOptions(["instructedAmount.currency"]));
    expect(unknown.errors).toMatchObject({ instructedAmount: { currency: { message: "currency must be a 3-letter ISO 4217 code" } } });
  });
});

describe("helpers", () => {
  it("trims only trailing empty lines", () => {
    expect(trimLines(["a", "", "b", " ", ""])).toEqual(["a", "", "b"]);
    expect(trimLines(["", ""])).toEqual([]);
  });

  it("cleans amounts and identifiers", () => {
    expect(cleanAmount(" 1,000.50 ")).toBe("1000.50");
    expect(compactIdentifier("DE89 3704 0044")).toBe("DE8937040044");
  });

  it("instruction ids are 16 characters within the API's limit", () => {
    const id = newInstructionId();
    expect(id).toMatch(/^HP[0-9A-Z]{14}$/);
    expect(newInstructionId(() => 0)).toBe("HP00000000000000");
  });

  it("idempotency keys are v4 UUIDs, with or without crypto.randomUUID", () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newIdempotencyKey()).toMatch(uuid);
    const fallback = newIdempotencyKey({
      getRandomValues: <T extends ArrayBufferView | null>(a: T) => globalThis.crypto.getRandomValues(a as Uint8Array) as unknown as T,
    });
    expect(fallback).toMatch(uuid);
    expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
  });
});

describe("Pay on -> requestedExecutionDate (docs/scheduling.md)", () => {
  const body = toAchRequest(ach(), currencyOf);

  it("is sent only for a day other than the bank's today: empty or today is made now, as before", () => {
    expect(withExecutionDate(body, "", "2026-11-27")).toBe(body);
    expect(withExecutionDate(body, "2026-11-27", "2026-11-27")).toBe(body);
    expect(withExecutionDate(body, "2026-12-07", "2026-11-27")).toEqual({ ...body, requestedExecutionDate: "2026-12-07" });
  });

  it("sends an earlier day for the API to refuse on the field, and leaves the day to the API while the clock is unknown", () => {
    expect(withExecutionDate(body, "2026-11-26", "2026-11-27")).toMatchObject({ requestedExecutionDate: "2026-11-26" });
    expect(withExecutionDate(body, "2026-11-27", null)).toMatchObject({ requestedExecutionDate: "2026-11-27" });
  });

  it("is accepted by each rail's own schema", () => {
    expect(ZAchPaymentRequest.safeParse(withExecutionDate(body, "2026-12-07", "2026-11-27")).success).toBe(true);
    const transfer = toTransferRequest({ ...transferDefaults("1000123456", "1000123457"), instructedAmount: { amount: "5" } }, currencyOf);
    expect(ZInternalTransferRequest.safeParse(withExecutionDate(transfer, "2026-12-07", "2026-11-27")).success).toBe(true);
    expect(ZSwiftPaymentRequest.safeParse(withExecutionDate(toSwiftRequest(swift(), currencyOf), "2026-12-07", "2026-11-27")).success).toBe(true);
  });
});
