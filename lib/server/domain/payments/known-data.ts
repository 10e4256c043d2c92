import "server-only";
import type { Queryable } from "@/lib/server/core/db/types";
import { findDebtorAccount, loadReferenceRows, referenceVersion, type DebtorAccount } from "@/lib/server/domain/payments/repo";

/**
 * What a submission reads, kept per process so that a creation needs no read
 * round trip of its own: the reference data (bank codes, FX rates, holidays)
 * under its version, and debtor accounts' immutable facts (id, number,
 * currency). Neither is trusted blindly: SQL submit_payments refuses a stale
 * reference version and checks the account's status, so a kept value is
 * never committed after it changed (see lib/server/domain/payments/submit.ts).
 */

export type ReferenceData = {
  version: string;
  /** The configured bank's name, or null when the code/currency pair is not configured. */
  bankName(bankCode: string, currency: string): string | null;
  /**
   * Units of `to` per unit of `from` as exact decimal text, or null when not quoted: the
   * rate in effect at `at` (default now). A rate set to take effect later is kept too, so
   * it applies from its effective time without a reload.
   */
  rate(from: string, to: string, at?: Date): string | null;
  holidays: ReadonlySet<string>;
  /** ACH same-day cut-off in bank time. */
  achCutoff: { hour: number; minute: number };
};

/** Accounts kept per database handle; a handful per client in practice, capped all the same. */
const MAX_KEPT_ACCOUNTS = 10_000;

type Kept = { reference: Promise<ReferenceData> | null; debtors: Map<string, DebtorAccount> };
const kept = new WeakMap<object, Kept>();

function keptFor(db: Queryable): Kept {
  let entry = kept.get(db);
  if (!entry) kept.set(db, (entry = { reference: null, debtors: new Map() }));
  return entry;
}

async function loadReference(db: Queryable): Promise<ReferenceData> {
  const rows = await loadReferenceRows(db);
  const banks = new Map(rows.bankCodes.map((b) => [`${b.bankCode}\u0000${b.currency}`, b.name]));
  // Per pair, newest effective time first (the rows come oldest first).
  const rates = new Map<string, Array<{ from: number; rate: string }>>();
  for (const r of rows.rates) {
    const key = `${r.from}\u0000${r.to}`;
    rates.set(key, [{ from: Date.parse(r.effectiveAt), rate: r.rate }, ...(rates.get(key) ?? [])]);
  }
  const [hour, minute] = rows.achCutoff.split(":").map(Number) as [number, number];
  return {
    version: rows.version,
    bankName: (bankCode, currency) => banks.get(`${bankCode}\u0000${currency}`) ?? null,
    rate: (from, to, at = new Date()) => rates.get(`${from}\u0000${to}`)?.find((r) => r.from <= at.getTime())?.rate ?? null,
    holidays: new Set(rows.holidays),
    achCutoff: { hour, minute },
  };
}

export function referenceData(db: Queryable): Promise<ReferenceData> {
  const entry = keptFor(db);
  if (!entry.reference) {
    const loading = loadReference(db);
    entry.reference = loading;
    // A failed load is not kept: the next submission tries again.
    loading.catch(() => {
      if (entry.reference === loading) entry.reference = null;
    });
  }
  return entry.reference;
}

export async function isCurrentReference(db: Queryable, version: string): Promise<boolean> {
  return (await referenceVersion(db)) === version;
}

/**
 * The reference data as the database holds it now: the kept copy when its
 * version is still current, else a fresh load. For what is decided from it
 * with no later SQL check, such as a payment draft's cut-off and expiry
 * (lib/server/domain/approvals/drafts.ts): a holiday or cut-off an operator changes
 * applies to the next draft. One round trip more than referenceData.
 */
export async function currentReferenceData(db: Queryable): Promise<ReferenceData> {
  const reference = await referenceData(db);
  if (await isCurrentReference(db, reference.version)) return reference;
  forgetReferenceData(db);
  return referenceData(db);
}

/** After the database refused the kept version as stale: the next call loads afresh. */
export function forgetReferenceData(db: Queryable): void {
  keptFor(db).reference = null;
}

/** The caller's account by number: kept once seen active; read otherwise (null when the caller has none). */
export async function debtorAccount(
  db: Queryable,
  clientId: string,
  accountNumber: string,
  isActive: (status: string) => boolean,
): Promise<DebtorAccount | null> {
  const entry = keptFor(db);
  const key = `${clientId}\u0000${accountNumber}`;
  const known = entry.debtors.get(key);
  if (known) return known;
  const account = await findDebtorAccount(db, clientId, accountNumber);
  if (account && isActive(account.status)) {
    if (entry.debtors.size >= MAX_KEPT_ACCOUNTS) entry.debtors.clear();
    entry.debtors.set(key, account);
  }
  return account;
}

/** After the database found the account no longer active. */
export function forgetDebtorAccount(db: Queryable, clientId: string, accountNumber: string): void {
  keptFor(db).debtors.delete(`${clientId}\u0000${accountNumber}`);
}
