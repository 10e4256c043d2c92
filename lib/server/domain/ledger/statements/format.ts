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
  /** Minor units; opening + entries = closing when no filter narrows the entries. */
  openingMinor: bigint;
  closingMinor: bigint;
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
