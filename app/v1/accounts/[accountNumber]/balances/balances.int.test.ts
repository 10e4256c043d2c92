import { describe, expect, it } from "vitest";
import { GET as balancesRoute } from "@/app/v1/accounts/[accountNumber]/balances/route";
import { GET as accountRoute } from "@/app/v1/accounts/[accountNumber]/route";
import { POST as forceStatus } from "@/app/v1/sandbox/payments/[paymentId]/status/route";
import { PERMISSIONS } from "@/lib/contract/auth/permissions";
import type { TAccountBalances } from "@/lib/contract/ledger/schema";
import { parseAmount } from "@/lib/contract/money";
import { call, expectErrorBody, tokenFor } from "@/tests/api";
import { ACME_USD, GLOBEX_USD, achBody, paymentOf, postAch, postSwift, swiftBody } from "@/tests/payments";

/**
 * "Available balance and booked balance are both kept" (issue 13, docs/ledger.md): a
 * Pending payment counts against the available balance at once and against the booked
 * balance only when it completes; a failed one gives its funds back to both.
 */
async function balances(accountNumber = ACME_USD, options: { client?: string; token?: string; accept?: string } = {}) {
  return call<TAccountBalances & Record<string, unknown>>(balancesRoute, `/v1/accounts/${accountNumber}/balances`, {
    token: options.token ?? (await tokenFor(options.client ?? "acme")),
    params: { accountNumber },
    headers: options.accept ? { accept: options.accept } : {},
  });
}

const minor = (b: TAccountBalances, field: "availableBalance" | "bookedBalance" | "heldForPendingPayments") => parseAmount(b[field].amount, b[field].currency);

async function force(paymentId: string, status: string) {
  return call(forceStatus, `/v1/sandbox/payments/${paymentId}/status`, {
    method: "POST",
    token: await tokenFor("acme"),
    params: { paymentId },
    body: { status },
  });
}

describe("GET /v1/accounts/{accountNumber}/balances", () => {
  it("answers the account's availableBalance, and booked = available + what Pending payments hold", async () => {
    const res = await balances();
    expect(res.status).toBe(200);
    const account = await call<{ availableBalance: unknown }>(accountRoute, `/v1/accounts/${ACME_USD}`, {
      token: await tokenFor("acme"),
      params: { accountNumber: ACME_USD },
    });
    expect(res.body.availableBalance).toEqual(account.body.availableBalance);
    expect(minor(res.body, "bookedBalance")).toBe(minor(res.body, "availableBalance") + minor(res.body, "heldForPendingPayments"));
  });

  it("a Pending ACH payment lowers the available balance at once and the booked balance only when it completes", async () => {
    const before = (await balances()).body;
    const id = paymentOf(await postAch(achBody({ instructedAmount: { amount: "123.45", currency: "USD" } }))).id;

    const pending = (await balances()).body;
    expect(minor(pending, "availableBalance")).toBe(minor(before, "availableBalance") - 12_345n);
    expect(minor(pending, "bookedBalance")).toBe(minor(before, "bookedBalance"));
    expect(minor(pending, "heldForPendingPayments")).toBe(minor(before, "heldForPendingPayments") + 12_345n);
    expect(pending.pendingPayments).toBe(before.pendingPayments + 1);

    expect((await force(id, "Completed")).status).toBe(200);
    const completed = (await balances()).body;
    expect(minor(completed, "availableBalance")).toBe(minor(pending, "availableBalance"));
    expect(minor(completed, "bookedBalance")).toBe(minor(before, "bookedBalance") - 12_345n);
    expect(completed.pendingPayments).toBe(before.pendingPayments);
  });

  it("a SWIFT payment's charge is held with its principal; failing it gives both back to available and leaves booked untouched", async () => {
    const before = (await balances()).body;
    const id = paymentOf(await postSwift(swiftBody({ chargesType: "OUR" }))).id;
    const pending = (await balances()).body;
    // 500.00 principal and the OUR charge (35.00).
    const held = minor(pending, "heldForPendingPayments") - minor(before, "heldForPendingPayments");
    expect(held).toBe(53_500n);
    expect(minor(pending, "availableBalance")).toBe(minor(before, "availableBalance") - held);
    expect(minor(pending, "bookedBalance")).toBe(minor(before, "bookedBalance"));

    expect((await force(id, "Failed")).status).toBe(200);
    expect((await balances()).body).toMatchObject({ availableBalance: before.availableBalance, bookedBalance: before.bookedBalance });
  });

  it("answers CSV by Accept", async () => {
    const res = await balances(ACME_USD, { accept: "text/csv" });
    expect(res.status).toBe(200);
    expect(res.text.split("\r\n")[0]).toBe(
      "account_number,currency,available_balance_currency,available_balance_amount,booked_balance_currency,booked_balance_amount," +
        "held_for_pending_payments_currency,held_for_pending_payments_amount,pending_payments,balance_effective_date",
    );
  });

  it("answers another client's account as an unknown one (404 ACCOUNT_NOT_FOUND), 403 without get-account, 400 on a bad number", async () => {
    const foreign = await balances(GLOBEX_USD);
    expect(foreign.status).toBe(404);
    expectErrorBody(foreign.body, 404, "ACCOUNT_NOT_FOUND");
    expect((await balances("9999999999")).status).toBe(404);
    const forbidden = await balances(ACME_USD, {
      token: await tokenFor(
        "acme",
        PERMISSIONS.filter((p) => p !== "get-account"),
      ),
    });
    expectErrorBody(forbidden.body, 403, "FORBIDDEN");
    expectErrorBody((await balances("x".repeat(37))).body, 400, "VALIDATION_ERROR");
  });
});
