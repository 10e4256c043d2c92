"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { PAYMENT_COLUMNS, PaymentsSkeletonRows, PaymentsTableHead, PaymentSummaryRow } from "@/components/payments/payments-table";
import { Pager } from "@/components/ui/pager";
import { ListTableBody } from "@/components/ui/list-table-body";
import { EmptyState } from "@/components/ui/state-message";
import { fetchPaymentsPage, paymentsViewQuery } from "@/lib/portal/payments/payment-search";
import { DEFAULT_PAGE_SIZE } from "@/lib/portal/accounts/account-filters";
import { paymentKeys } from "@/lib/portal/shared/query-keys";
import { TableScroll } from "@/components/ui/table-scroll";

/** The all-accounts table's columns without the debit account, which is this one. */
const COLUMNS = PAYMENT_COLUMNS - 1;

/**
 * One account's payments, newest first: the payments search (GET /v1/payments)
 * filtered to this account, so the rows say who was paid, when and by whom,
 * like the all-accounts view. The first page's token goes with the later
 * pages, so the pages are one result set.
 */
export function AccountPayments({ accountNumber, pageSize = 10 }: { accountNumber: string; pageSize?: number }) {
  const [pageStart, setPageStart] = useState(1);
  const [token, setToken] = useState<{ account: string; value: string } | null>(null);
  const pageToken = pageStart > 1 && token?.account === accountNumber ? token.value : undefined;
  const filters = { accountNumber };
  const query = useQuery({
    queryKey: paymentKeys.search({ filters, pageStart, pageSize }),
    queryFn: async ({ signal }) => {
      const page = await fetchPaymentsPage(filters, { pageStart, pageSize, pageToken }, signal);
      if (pageStart === 1) setToken({ account: accountNumber, value: page.meta.pagination.page_token });
      return page;
    },
    placeholderData: keepPreviousData,
  });
  const total = query.data?.meta.pagination.total_size ?? null;
  const rows = query.data?.data ?? [];

  return (
    <>
      <TableScroll>
        <table className="w-full text-sm sm:min-w-[44rem]" aria-busy={query.isFetching}>
          <caption className="sr-only">
            Payments from account {accountNumber}, newest first, page {pageStart}
          </caption>
          <PaymentsTableHead withAccount={false} />
          <ListTableBody
            query={query}
            columns={COLUMNS}
            skeleton={<PaymentsSkeletonRows rows={Math.min(pageSize, 5)} withAccount={false} />}
            errorTitle="Payments could not be loaded"
            empty={
              <EmptyState title={total === 0 ? "No payments yet" : "This page is past the end"}>
                {total === 0 ? "Payments debited from this account appear here." : "Go back a page."}
              </EmptyState>
            }
            rows={rows.map((p) => (
              <PaymentSummaryRow key={p.transactionId} p={p} withAccount={false} />
            ))}
          />
        </table>
      </TableScroll>
      <Pager page={pageStart} size={pageSize} total={total} busy={query.isFetching} noun="payments" onPage={setPageStart} />
      <p className="px-4 pb-4 text-sm sm:px-5">
        <Link
          href={`/payments${paymentsViewQuery({ page: 1, size: DEFAULT_PAGE_SIZE, filters })}`}
          className="text-brand-700 hover:underline dark:text-brand-300"
        >
          Search this account&apos;s payments
        </Link>
      </p>
    </>
  );
}
