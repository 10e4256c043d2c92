import "server-only";
import { bankLocalParts, bankTimestamp } from "@/lib/contract/time/bank-time";
import { isBusinessDay, nextBusinessDay, nextDay } from "@/lib/contract/payments/settlement-date";
import { formatAmount } from "@/lib/contract/money";
import type { TAchPaymentRequest, TInternalTransferRequest, TSwiftPaymentRequest } from "@/lib/contract/payments/schema";
import type { TLedgerEntry } from "@/lib/server/domain/ledger/entry";
import { oneSidedEntry } from "@/lib/server/domain/ledger/ledger";

/**
 * What the uat demo's history holds (docs/demo-data.md), decided without the database: Acme's last N days of a working
 * treasury as acts at bank-local times on the bank's business days, never today. Deposits are ledger entries (the bank
 * credits them); everything Acme pays is a payment request its treasurer sends, as the API or the portal would;
 * the AC04 return names the supplier payment it sends back. Deterministic: the same days give the same amounts.
 */

export const CLIENT = "acme";
export const OPERATING = "1000123456"; // USD
const PAYROLL = "1000123457"; // BMD
const MONEY_MARKET = "1000123460"; // USD

const CUSTOMERS = ["Harbourside Freight Ltd.", "Blue Water Imports", "Coral Logistics", "Island Cargo Co.", "Dockyard Traders", "St. George's Provisions"];
export const SUPPLIERS = [
  { name: "Bermuda Fuel Supply", account: "0987650101" },
  { name: "Portside Chandlery", account: "0987650102" },
  { name: "Atlantic Tug Services", account: "0987650103" },
  { name: "Harbour Electric", account: "0987650104" },
  { name: "Reef Insurance Brokers", account: "0987650105" },
] as const;
const FOREIGN_SUPPLIER = { name: "Rotterdam Marine Parts B.V.", account: "NL91ABNA0417164300", bic: "ABNANL2AXXX", bank: "ABN AMRO Bank N.V." };
const EMPLOYEES = ["Mary Rowe", "Tom Smith", "Ana Lopes", "Devon Trott", "Kelly Outerbridge", "Sam Darrell", "Priya Nair", "Leon Simons"];

export type PaymentRequest =
  { rail: "ACH"; body: TAchPaymentRequest } | { rail: "SWIFT"; body: TSwiftPaymentRequest } | { rail: "INTERNAL"; body: TInternalTransferRequest };

export type Act =
  | { at: string; kind: "deposit"; entry: Omit<TLedgerEntry, "bookedAt"> }
  | { at: string; kind: "payment"; payment: PaymentRequest }
  | { at: string; kind: "return"; instructionIdentification: string };

/** A repeatable stream of numbers in [0, 1) (mulberry32), so the history is the same for the same days. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Minor units between two whole amounts, with cents. */
const between = (next: () => number, low: number, high: number) => BigInt(Math.round((low + next() * (high - low)) * 100));

/** An instant at a bank-local wall time on `date` (AST or ADT, whichever Bermuda keeps that day). */
export function bankInstant(date: string, hour: number, minute: number): string {
  const offset = bankLocalParts(new Date(`${date}T16:00:00Z`)).offsetMinutes;
  return new Date(bankTimestamp(`${date}T${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}:00.000`, offset)).toISOString();
}

/** The business days of the last `days` calendar days before today, oldest first. */
export function businessDays(days: number, today: string, holidays: ReadonlySet<string>): string[] {
  const first = new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
  const out: string[] = [];
  for (let d = first; d < today; d = nextDay(d)) if (isBusinessDay(d, holidays)) out.push(d);
  return out;
}

/** Payroll days: the 15th and the month's last business day (or the business day before the 15th when it is not one). */
function payrollDays(days: readonly string[], holidays: ReadonlySet<string>): Set<string> {
  const out = new Set<string>();
  days.forEach((d, i) => {
    // After the history's last day comes today or a later business day: yesterday is a month's end only if that is next month.
    const next = days[i + 1] ?? nextBusinessDay(d, holidays);
    if (next.slice(0, 7) !== d.slice(0, 7)) out.add(d);
    if (d.slice(8) <= "15" && (next.slice(8) > "15" || next.slice(0, 7) !== d.slice(0, 7))) out.add(d);
  });
  return out;
}

const usd = (minor: bigint) => formatAmount(minor, "USD");

function supplierPayment(id: string, supplier: (typeof SUPPLIERS)[number], minor: bigint, remittance: string, debtor = OPERATING): TAchPaymentRequest {
  return {
    instructionIdentification: id,
    debtorAccount: { identification: debtor },
    debitCurrency: "USD",
    instructedAmount: { amount: usd(minor), currency: "USD" },
    creditorAccount: { identification: supplier.account, name: supplier.name },
    creditorBank: { bankCode: "BANK_A", currency: "USD" },
    remittanceInformation: [remittance],
  };
}

function transfer(id: string, to: string, minor: bigint, line: string): PaymentRequest {
  return {
    rail: "INTERNAL",
    body: {
      instructionIdentification: id,
      debtorAccount: { identification: OPERATING },
      creditorAccount: { identification: to },
      instructedAmount: { currency: "USD", amount: usd(minor) },
      remittanceInformation: [line],
    },
  };
}

function dayActs(day: string, index: number, payroll: boolean, firstOfMonth: boolean): Act[] {
  const next = random(Number(day.replaceAll("-", "")));
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  const compact = day.replaceAll("-", "");
  const out: Act[] = [];
  const receipts = 1 + Math.floor(next() * 2);
  for (let r = 0; r < receipts; r++) {
    const customer = CUSTOMERS[Math.floor(next() * CUSTOMERS.length)]!;
    const entry = oneSidedEntry(
      {
        clientId: CLIENT,
        amountMinor: between(next, 900, 14_000),
        currency: "USD",
        kind: "deposit",
        reference: `DEP-${compact}-${r + 1}`,
        details: { counterpartyName: customer, payerReference: `INV-${compact.slice(2)}-${r + 1}`, transactionType: "Deposit" },
      },
      { accountId: `ACC-${OPERATING}` },
    );
    out.push({ at: bankInstant(day, 9 + r * 2, 5 + Math.floor(next() * 50)), kind: "deposit", entry });
  }
  if (firstOfMonth)
    out.push({
      at: bankInstant(day, 8, 45),
      kind: "payment",
      payment: transfer(`SWEEP-${compact}`, MONEY_MARKET, 5_000_000n, "Monthly sweep to money market"),
    });
  if (weekday === 2 || weekday === 4) {
    const count = 1 + Math.floor(next() * 2);
    for (let s = 0; s < count; s++) {
      const supplier = SUPPLIERS[Math.floor(next() * SUPPLIERS.length)]!;
      const body = supplierPayment(
        `SUP-${compact}-${s + 1}`,
        supplier,
        between(next, 400, 9_500),
        `Invoice ${supplier.name.split(" ")[0]!.toUpperCase()}-${compact.slice(4)}${s}`,
      );
      out.push({ at: bankInstant(day, 13, 10 + s * 7), kind: "payment", payment: { rail: "ACH", body } });
    }
  }
  if (weekday === 3 && index % 2 === 0) {
    const body: TSwiftPaymentRequest = {
      instructionIdentification: `FX-${compact}`,
      debtorAccount: { identification: OPERATING },
      // The debit is fixed in USD and converted to EUR at the bank's rate, as a treasurer paying an invoice in euros would send it.
      instructedAmount: { currency: "EUR" },
      debitAmount: { currency: "USD", amount: usd(between(next, 6_500, 19_500)) },
      creditorAccount: { identification: FOREIGN_SUPPLIER.account, name: FOREIGN_SUPPLIER.name },
      creditorAgent: { identification: FOREIGN_SUPPLIER.bic, name: FOREIGN_SUPPLIER.bank },
      chargesType: "OUR",
      remittanceInformation: [`Engine spares, order 44-${compact.slice(4)}`],
    };
    out.push({ at: bankInstant(day, 11, 20), kind: "payment", payment: { rail: "SWIFT", body } });
  }
  if (payroll) {
    const salaries = EMPLOYEES.map(() => between(next, 2_100, 5_400));
    // The BMD payroll account is funded from USD operating first: converted at the peg (BMD 1 = USD 1), an FX transfer.
    const total = salaries.reduce((a, b) => a + b, 0n);
    out.push({ at: bankInstant(day, 8, 30), kind: "payment", payment: transfer(`PAYFUND-${compact}`, PAYROLL, total, `Payroll funding ${day}`) });
    salaries.forEach((salary, e) => {
      const body: TAchPaymentRequest = {
        instructionIdentification: `PAY-${compact}-${e + 1}`,
        debtorAccount: { identification: PAYROLL },
        debitCurrency: "BMD",
        instructedAmount: { amount: formatAmount(salary, "BMD"), currency: "BMD" },
        creditorAccount: { identification: `55500${String(e + 1).padStart(5, "0")}`, name: EMPLOYEES[e]! },
        creditorBank: { bankCode: "BANK_B", currency: "BMD" },
        remittanceInformation: [`Salary ${day.slice(0, 7)}`],
      };
      out.push({ at: bankInstant(day, 9, 30 + e), kind: "payment", payment: { rail: "ACH", body } });
    });
  }
  return out;
}

/** The one supplier payment that comes back (AC04), about twelve business days ago, two business days after it was sent. */
function returned(acts: readonly Act[], days: readonly string[]): Act | null {
  const from = days[Math.max(0, days.length - 12)] ?? "";
  const original = acts.find(
    (a) => a.kind === "payment" && a.payment.rail === "ACH" && a.payment.body.instructionIdentification?.startsWith("SUP-") && a.at.slice(0, 10) >= from,
  );
  const day = original && days[days.indexOf(original.at.slice(0, 10)) + 2];
  if (!original || original.kind !== "payment" || !day) return null;
  return { at: bankInstant(day, 10, 40), kind: "return", instructionIdentification: original.payment.body.instructionIdentification! };
}

/** The history's acts over the business days `calendar`, oldest first. */
export function historyActs(calendar: readonly string[], holidays: ReadonlySet<string>): Act[] {
  const payroll = payrollDays(calendar, holidays);
  const acts = calendar.flatMap((day, i) => dayActs(day, i, payroll.has(day), i === 0 || calendar[i - 1]!.slice(0, 7) !== day.slice(0, 7)));
  const back = returned(acts, calendar);
  if (back) acts.push(back);
  return acts.sort((a, b) => a.at.localeCompare(b.at));
}
