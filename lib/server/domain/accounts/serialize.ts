import "server-only";
import type { TAccount, TAccountSummary } from "@/lib/contract/accounts/schema";
import type { AccountRow } from "@/lib/server/domain/accounts/repo";
import { formatAmount } from "@/lib/contract/money";

type Status = TAccount["status"];
type HolderType = TAccount["owners"][number]["accountHolderType"];

/** Explicit field-by-field mapping: a new column never leaks into a response. */
export function toAccountSummary(row: AccountRow): TAccountSummary {
  return {
    accountId: row.account_id,
    cif: row.cif,
    currency: row.currency,
    accountSubType: row.account_sub_type,
    accountNumber: row.account_number,
    status: row.status as Status,
    availableBalance: { currency: row.currency, amount: formatAmount(BigInt(row.available_minor), row.currency) },
    accountType: row.account_type,
    nickname: row.nickname,
    owners: row.owners.map((o) => ({ displayName: o.displayName, accountHolderType: o.accountHolderType as HolderType })),
    accountAttributes: row.attributes.map((a) => ({ name: a.name, value: a.value })),
  };
}

export function toAccount(row: AccountRow): TAccount {
  // Added to the summary rather than spread into a new literal: the same fields in the same order, without the old-
  // generation garbage a spread followed by properties makes on Node 20 (lib/server/entry/http/endpoint.ts).
  return Object.assign(toAccountSummary(row), {
    openingDate: row.opening_date.toISOString(),
    balanceEffectiveDate: row.balance_effective_date.toISOString(),
    accountRoutings: row.routings.map((r) => ({ scheme: r.scheme, address: r.address })),
  });
}
