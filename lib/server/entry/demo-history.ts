import "server-only";
import type { Pool } from "pg";
import { withTransaction } from "@/lib/server/core/db/transaction";
import { bankLocalParts, bankTimestamp } from "@/lib/contract/time/bank-time";
import { isBusinessDay, nextBusinessDay, nextDay } from "@/lib/contract/payments/settlement-date";
import { returnReasonOf } from "@/lib/contract/payments/returns";
import { negated, type TLedgerEntry, type TPosting, type TPostingDetails } from "@/lib/server/domain/ledger/entry";
import { oneSidedEntry, postEntry } from "@/lib/server/domain/ledger/ledger";
import { paymentPostings, type PaymentMovement } from "@/lib/server/domain/ledger/payment-entry";

/**
 * The uat demo's history (DEMO_HISTORY_DAYS, README): Acme's last N days of a
 * working treasury, so the dashboard, the transactions, statements and their
 * search show more than opening balances on first start. Each movement is a
 * balanced entry through the ledger's one writer (ledger_post_entry), with the
 * postings a payment of its rail has (payment-entry.ts) or a deposit's, booked
 * in the past (`bookedAt`) on the bank's business days in bank time, oldest
 * first, after the accounts' opening balances (booked when each was opened).
 *
 * Kinds: customer receipts (deposits), supplier payments (ACH), a foreign
 * supplier paid by SWIFT in EUR (FX, with its charge), payroll twice a month
 * (funded by a USD→BMD transfer, then one ACH per employee), a monthly sweep to
 * the money-market account, and one supplier payment returned (AC04). These are
 * ledger movements, not payment records: the payments list and its search do
 * not show them (docs/demo-data.md). Deterministic: the same days give the same
 * amounts.
 */

const OPERATING = "ACC-1000123456"; // USD
const PAYROLL = "ACC-1000123457"; // BMD
const MONEY_MARKET = "ACC-1000123460"; // USD
const CLIENT = "acme";
/** A transfer between Acme's own accounts names Acme on both lines, as a bank statement does. */
const OWN_NAME = "Acme Shipping Ltd.";

const CUSTOMERS = ["Harbourside Freight Ltd.", "Blue Water Imports", "Coral Logistics", "Island Cargo Co.", "Dockyard Traders", "St. George's Provisions"];
const SUPPLIERS = [
  { name: "Bermuda Fuel Supply", account: "0987650101" },
  { name: "Portside Chandlery", account: "0987650102" },
  { name: "Atlantic Tug Services", account: "0987650103" },
  { name: "Harbour Electric", account: "0987650104" },
  { name: "Reef Insurance Brokers", account: "0987650105" },
];
const FOREIGN_SUPPLIER = { name: "Rotterdam Marine Parts B.V.", account: "NL91ABNA0417164300" };
const EMPLOYEES = ["Mary Rowe", "Tom Smith", "Ana Lopes", "Devon Trott", "Kelly Outerbridge", "Sam Darrell", "Priya Nair", "Leon Simons"];

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

type Movement = { at: string; entry: Omit<TLedgerEntry, "bookedAt"> };

/** An instant at a bank-local wall time on `date` (AST or ADT, whichever Bermuda keeps that day). */
function bankInstant(date: string, hour: number, minute: number): string {
  const offset = bankLocalParts(new Date(`${date}T16:00:00Z`)).offsetMinutes;
  return new Date(bankTimestamp(`${date}T${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}:00.000`, offset)).toISOString();
}

function paymentEntry(movement: PaymentMovement, reference: string, details: TPostingDetails): Omit<TLedgerEntry, "bookedAt"> {
  return {
    clientId: CLIENT,
    causeType: movement.rail === "INTERNAL" ? "transfer" : "payment",
    reference,
    paymentId: null,
    valueDate: null,
    details,
    coveredAccount: null,
    postings: paymentPostings(movement),
  };
}

const ach = (debtor: string, currency: string, minor: bigint): PaymentMovement => ({
  rail: "ACH",
  debtorAccountId: debtor,
  debitCurrency: currency,
  debitMinor: minor,
  creditCurrency: currency,
  creditMinor: minor,
  chargeMinor: 0n,
  creditorAccountId: null,
});

/** The business days of the last `days` calendar days before today, oldest first. */
function businessDays(days: number, today: string, holidays: ReadonlySet<string>): string[] {
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

function dayMovements(day: string, index: number, payroll: boolean, firstOfMonth: boolean): Movement[] {
  const next = random(Number(day.replaceAll("-", "")));
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  const compact = day.replaceAll("-", "");
  const out: Movement[] = [];
  const receipts = 1 + Math.floor(next() * 2);
  for (let r = 0; r < receipts; r++) {
    const customer = CUSTOMERS[Math.floor(next() * CUSTOMERS.length)]!;
    const invoice = `INV-${compact.slice(2)}-${r + 1}`;
    const entry = oneSidedEntry(
      {
        clientId: CLIENT,
        amountMinor: between(next, 900, 14_000),
        currency: "USD",
        kind: "deposit",
        reference: `DEP-${compact}-${r + 1}`,
        details: { counterpartyName: customer, payerReference: invoice, transactionType: "Deposit" },
      },
      { accountId: OPERATING },
    );
    out.push({ at: bankInstant(day, 9 + r * 2, 5 + Math.floor(next() * 50)), entry });
  }
  if (firstOfMonth) {
    const sweep: PaymentMovement = { ...ach(OPERATING, "USD", 5_000_000n), rail: "INTERNAL", creditorAccountId: MONEY_MARKET };
    out.push({
      at: bankInstant(day, 8, 45),
      entry: paymentEntry(sweep, `SWEEP-${compact}`, {
        counterpartyName: OWN_NAME,
        remittanceInformation: ["Monthly sweep to money market"],
        transactionType: "InternalTransfer",
      }),
    });
  }
  if (weekday === 2 || weekday === 4) {
    const count = 1 + Math.floor(next() * 2);
    for (let s = 0; s < count; s++) {
      const supplier = SUPPLIERS[Math.floor(next() * SUPPLIERS.length)]!;
      const id = `SUP-${compact}-${s + 1}`;
      out.push({
        at: bankInstant(day, 13, 10 + s * 7),
        entry: paymentEntry(ach(OPERATING, "USD", between(next, 400, 9_500)), id, {
          counterpartyName: supplier.name,
          counterpartyAccount: supplier.account,
          instructionIdentification: id,
          remittanceInformation: [`Invoice ${supplier.name.split(" ")[0]!.toUpperCase()}-${compact.slice(4)}${s}`],
          transactionType: "ACH",
        }),
      });
    }
  }
  if (weekday === 3 && index % 2 === 0) {
    const euros = between(next, 6_000, 18_000);
    // EUR 1 = USD 1.0850 at the demo's rate: the USD debit rounds to the cent.
    const dollars = (euros * 10_850n + 5_000n) / 10_000n;
    const id = `FX-${compact}`;
    out.push({
      at: bankInstant(day, 11, 20),
      entry: paymentEntry(
        {
          rail: "SWIFT",
          debtorAccountId: OPERATING,
          debitCurrency: "USD",
          debitMinor: dollars,
          creditCurrency: "EUR",
          creditMinor: euros,
          chargeMinor: 2_500n,
          creditorAccountId: null,
        },
        id,
        {
          counterpartyName: FOREIGN_SUPPLIER.name,
          counterpartyAccount: FOREIGN_SUPPLIER.account,
          instructionIdentification: id,
          remittanceInformation: ["Engine spares, order 44-" + compact.slice(4)],
          transactionType: "SWIFT",
        },
      ),
    });
  }
  if (payroll) {
    const salaries = EMPLOYEES.map(() => between(next, 2_100, 5_400));
    const total = salaries.reduce((a, b) => a + b, 0n);
    // Funding the BMD payroll account from USD operating: converted at the peg (BMD 1 = USD 1), an FX transfer.
    const funding: PaymentMovement = {
      rail: "INTERNAL",
      debtorAccountId: OPERATING,
      debitCurrency: "USD",
      debitMinor: total,
      creditCurrency: "BMD",
      creditMinor: total,
      chargeMinor: 0n,
      creditorAccountId: PAYROLL,
    };
    out.push({
      at: bankInstant(day, 8, 30),
      entry: paymentEntry(funding, `PAYFUND-${compact}`, {
        counterpartyName: OWN_NAME,
        remittanceInformation: [`Payroll funding ${day}`],
        transactionType: "FX",
      }),
    });
    salaries.forEach((salary, e) => {
      const id = `PAY-${compact}-${e + 1}`;
      out.push({
        at: bankInstant(day, 9, 30),
        entry: paymentEntry(ach(PAYROLL, "BMD", salary), id, {
          counterpartyName: EMPLOYEES[e]!,
          counterpartyAccount: `55500${String(e + 1).padStart(5, "0")}`,
          instructionIdentification: id,
          remittanceInformation: [`Salary ${day.slice(0, 7)}`],
          transactionType: "ACH",
        }),
      });
    });
  }
  return out;
}

/** The one supplier payment of the history that comes back: the ledger's return of it (its postings negated), two business days later. */
function returned(movements: readonly Movement[], days: readonly string[]): Movement | null {
  const day = days[Math.max(0, days.length - 12)];
  const original = movements.find((m) => m.entry.reference.startsWith("SUP-") && m.at.slice(0, 10) >= (day ?? ""));
  const at = original && days[days.indexOf(original.at.slice(0, 10)) + 2];
  if (!original || !at) return null;
  return {
    at: bankInstant(at, 10, 40),
    entry: {
      ...original.entry,
      details: { ...original.entry.details, returnReason: returnReasonOf("AC04"), transactionType: "Return" },
      postings: negated(original.entry.postings as TPosting[], "_return"),
    },
  };
}

/** Writes the history in one transaction, oldest first; returns how many entries it made. */
export async function seedDemoHistory(db: Pool, days: number, now = new Date()): Promise<number> {
  if (days <= 0) return 0;
  const { rows } = await db.query<{ date: string }>("SELECT holiday_date::text AS date FROM bank_holidays");
  const holidays = new Set(rows.map((r) => r.date));
  const calendar = businessDays(days, bankLocalParts(now).date, holidays);
  const payroll = payrollDays(calendar, holidays);
  const movements = calendar.flatMap((day, i) => dayMovements(day, i, payroll.has(day), i === 0 || calendar[i - 1]!.slice(0, 7) !== day.slice(0, 7)));
  const back = returned(movements, calendar);
  if (back) movements.push(back);
  movements.sort((a, b) => a.at.localeCompare(b.at));
  await withTransaction(db, async (tx) => {
    for (const m of movements) await postEntry(tx, { ...m.entry, bookedAt: m.at });
  });
  return movements.length;
}
