"use client";

import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import type { TAccountSummary } from "@/lib/accounts/schema";
import { fetchAllAccounts } from "@/lib/portal/accounts-api";
import { isInactive } from "@/lib/portal/balances";
import { accountKeys } from "@/lib/portal/query-keys";

/** The client's accounts that can be debited (active ones), optionally only in some currencies. */
export function usePayableAccounts(currencies?: readonly string[]) {
  const query = useQuery({ queryKey: accountKeys.complete(), queryFn: ({ signal }) => fetchAllAccounts(undefined, signal) });
  const accounts = useMemo<TAccountSummary[]>(
    () =>
      (query.data ?? []).filter(
        (a) => !isInactive(a) && (!currencies || currencies.includes(a.availableBalance.currency)),
      ),
    [query.data, currencies],
  );
  const currencyOf = useMemo(() => {
    const map = new Map(accounts.map((a) => [a.accountNumber, a.availableBalance.currency]));
    return (accountNumber: string) => map.get(accountNumber);
  }, [accounts]);
  return { query, accounts, currencyOf };
}
