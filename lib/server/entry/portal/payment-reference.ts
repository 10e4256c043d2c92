import "server-only";
import type { FxRate, PaymentReference } from "@/lib/contract/payments/reference";
import { loadReferenceRows } from "@/lib/server/domain/payments/repo";
import { getRuntime } from "@/lib/server/entry/runtime";

/** The browser needs the coming holidays (a week back covers any time zone's "today"), not the whole list. */
const HOLIDAYS_FROM_DAYS_AGO = 7;
const MAX_HOLIDAYS = 400;

const byKey = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Reference data the portal's pages need and the API does not publish: the configured ACH bank codes, the FX rate
 * table and the bank holidays (no client's data). The same read as a payment submission's (one home, one shape),
 * in the order the forms list them. Server components call this; they never query the database themselves.
 */
export async function loadPaymentReference(now = new Date()): Promise<PaymentReference> {
  const { bankCodes, rates, holidays, achCutoff } = await loadReferenceRows((await getRuntime()).db);
  const from = new Date(now.getTime() - HOLIDAYS_FROM_DAYS_AGO * 86_400_000).toISOString().slice(0, 10);
  // The rows come oldest first: the last one in effect at `now` is the pair's current rate; later ones are not shown yet.
  const current = new Map<string, FxRate>();
  for (const r of rates) if (Date.parse(r.effectiveAt) <= now.getTime()) current.set(`${r.from}\u0000${r.to}`, { from: r.from, to: r.to, rate: r.rate });
  const [hour, minute] = achCutoff.split(":").map(Number) as [number, number];
  return {
    bankCodes: [...bankCodes].sort((a, b) => byKey(a.bankCode, b.bankCode) || byKey(a.currency, b.currency)),
    rates: [...current.values()].sort((a, b) => byKey(a.from, b.from) || byKey(a.to, b.to)),
    holidays: holidays.filter((day) => day >= from).slice(0, MAX_HOLIDAYS),
    achCutoff: { hour, minute },
  };
}
