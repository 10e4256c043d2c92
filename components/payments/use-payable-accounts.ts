"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import type { TAccountSummary } from "@/lib/contract/accounts/schema";
import { fetchAllAccounts } from "@/lib/portal/accounts/accounts-api";
import { isInactive } from "@/lib/portal/accounts/balances";
import { accountKeys } from "@/lib/portal/shared/query-keys";

/** The client's accounts that can be debited (active ones), optionally only in some currencies. */
export function usePayableAccounts(currencies?: readonly string[]) {
  const query = useQuery({ queryKey: accountKeys.complete(), queryFn: ({ signal }) => fetchAllAccounts(undefined, signal) });
  const accounts = useMemo<TAccountSummary[]>(
    () => (query.data ?? []).filter((a) => !isInactive(a) && (!currencies || currencies.includes(a.availableBalance.currency))),
    [query.data, currencies],
  );
  const currencyOf = useMemo(() => {
    const map = new Map(accounts.map((a) => [a.accountNumber, a.availableBalance.currency]));
    return (accountNumber: string) => map.get(accountNumber);
  }, [accounts]);
  return { query, accounts, currencyOf };
}

/**
 * Keeps the form's debtor on a payable account: once the list arrives, the
 * first one, unless the chosen one (e.g. from the URL) is payable.
 * `chosen` and `choose` wrap react-hook-form's stable getValues/setValue.
 */
export function useDefaultDebtor(accounts: readonly TAccountSummary[], chosen: () => string, choose: (accountNumber: string) => void): void {
  useEffect(() => {
    const current = chosen();
    if (accounts.length > 0 && !accounts.some((a) => a.accountNumber === current)) choose(accounts[0]!.accountNumber);
    // Only the list matters: the callbacks wrap stable form methods.
  }, [accounts]);
}
