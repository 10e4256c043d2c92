import "server-only";
import { findAccountByNumber, listAccounts } from "@/lib/server/domain/accounts/repo";
import type { TAccount, TAccountList } from "@/lib/contract/accounts/schema";
import { toAccount, toAccountSummary } from "@/lib/server/domain/accounts/serialize";
import { pagedList, type PageQuery } from "@/lib/server/core/lists/list";
import type { Queryable } from "@/lib/server/core/db/types";
import { ApiError } from "@/lib/contract/http/errors";

/** Another client's account answers exactly as an unknown one. */
export async function getAccountOrThrow(db: Queryable, clientId: string, accountNumber: string): Promise<TAccount> {
  const row = await findAccountByNumber(db, clientId, accountNumber);
  if (!row) throw new ApiError("ACCOUNT_NOT_FOUND", `No account ${accountNumber} was found for this client.`, { field: "accountNumber" });
  return toAccount(row);
}

export async function listAccountsPage(db: Queryable, clientId: string, query: PageQuery, secret: string): Promise<TAccountList> {
  const page = await pagedList(secret, { clientId, endpoint: "GET /v1/accounts", filters: {} }, query, async (p) => {
    const { rows, total } = await listAccounts(db, clientId, p);
    return { items: rows.map(toAccountSummary), total };
  });
  if (page.meta.pagination.total_size === 0) throw new ApiError("NO_ACCOUNTS", "This customer has no accounts.");
  return page;
}
