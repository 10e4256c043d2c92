import "server-only";
import type { Queryable } from "@/lib/server/db/types";
import type { PaymentReference } from "@/lib/contract/payments/reference";

/**
 * Reference data the payment forms need and the API does not publish: the
 * configured ACH bank codes, the FX rate table and the bank holidays. Read
 * server-side by the form pages (reference data, no client's account data).
 */


export async function loadPaymentReference(db: Queryable): Promise<PaymentReference> {
  const [banks, rates, holidays] = await Promise.all([
    db.query<{ bank_code: string; currency: string; name: string }>("SELECT bank_code, currency, name FROM bank_codes ORDER BY bank_code, currency"),
    db.query<{ from_currency: string; to_currency: string; rate: string }>(
      "SELECT from_currency, to_currency, rate::text AS rate FROM fx_rates ORDER BY from_currency, to_currency",
    ),
    db.query<{ holiday: string }>(
      "SELECT holiday_date::text AS holiday FROM bank_holidays WHERE holiday_date >= current_date - 7 ORDER BY holiday_date LIMIT 400",
    ),
  ]);
  return {
    bankCodes: banks.rows.map((r) => ({ bankCode: r.bank_code, currency: r.currency.trim(), name: r.name })),
    rates: rates.rows.map((r) => ({ from: r.from_currency.trim(), to: r.to_currency.trim(), rate: r.rate })),
    holidays: holidays.rows.map((r) => r.holiday),
  };
}
