import "server-only";
import type { TTransaction } from "@/lib/contract/ledger/schema";

/** What every statement format writes around its entries (docs/ledger.md, Statements). */
export type StatementMeta = {
  statementId: string;
  accountNumber: string;
  accountName: string;
  currency: string;
  fromDate: string;
  toDate: string;
  /** Booked balances in minor units (payments still Pending left out); opening + entries = closing when no filter narrows the entries. */
  openingMinor: bigint;
  closingMinor: bigint;
  /** The closing available balance: the booked one less what Pending payments hold (MT940 :64:, camt.053 CLAV). */
  closingAvailableMinor: bigint;
  createdAt: Date;
};

/** A statement format: written piece by piece, so a statement of any size streams. */
export type StatementFormat = {
  contentType: string;
  extension: string;
  header(meta: StatementMeta): string;
  entry(transaction: TTransaction, meta: StatementMeta): string;
  footer(meta: StatementMeta): string;
};
