"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { PayButtons } from "@/components/payments/pay-buttons";
import { PaymentsFilters } from "@/components/payments/payments-filters";
import { PAYMENT_COLUMNS, PaymentsSkeletonRows, PaymentsTableHead, PaymentSummaryRow } from "@/components/payments/payments-table";
import { usePortalUser } from "@/components/portal-user";
import { Card } from "@/components/ui/card";
import { CsvExportButton } from "@/components/ui/csv-export-button";
import { PageHeader } from "@/components/ui/page-header";
import { Pager } from "@/components/ui/pager";
import { ListTableBody } from "@/components/ui/list-table-body";
import { EmptyState } from "@/components/ui/state-message";
import { PAGE_SIZES } from "@/lib/portal/accounts/account-filters";
import { fetchAllAccounts } from "@/lib/portal/accounts/accounts-api";
import { fetchAllPayments, fetchPaymentsPage, hasPaymentFilters, parsePaymentsView, paymentsViewQuery } from "@/lib/portal/payments/payment-search";
import { accountKeys, paymentKeys } from "@/lib/portal/shared/query-keys";
import { useUrlView } from "@/lib/portal/shared/use-url-view";

/**
 * Every account's payments, searched and paged by the API (GET /v1/payments).
 * The view lives in the URL, so Back and a shared link show the same search.
 */
export function PaymentsSearch() {
  const { clientId } = usePortalUser();
  const [view, setView] = useUrlView("/payments", parsePaymentsView, paymentsViewQuery);
  const { filters, page: pageStart, size: pageSize } = view;
  // The first page's token goes with the later pages of the same search, so they are one result set.
  const [token, setToken] = useState<{ search: string; value: string } | null>(null);
  const search = JSON.stringify([filters, pageSize]);
  const pageToken = pageStart > 1 && token?.search === search ? token.value : undefined;
  const page = useQuery({
    queryKey: paymentKeys.search({ filters, pageStart, pageSize }),
    queryFn: async ({ signal }) => {
      const result = await fetchPaymentsPage(filters, { pageStart, pageSize, pageToken }, signal);
      if (pageStart === 1) setToken({ search, value: result.meta.pagination.page_token });
      return result;
    },
    placeholderData: keepPreviousData,
  });
  const accounts = useQuery({ queryKey: accountKeys.complete(), queryFn: ({ signal }) => fetchAllAccounts(undefined, signal) });
  const total = page.data?.meta.pagination.total_size ?? null;
  const rows = page.data?.data ?? [];
  const filtered = hasPaymentFilters(filters);

  return (
    <>
      <PageHeader title="Payments" description="ACH and SWIFT payments and transfers between your own accounts, newest first." actions={<PayButtons />} />
      <Card>
        <div className="border-b border-slate-200 px-4 py-4 sm:px-5 dark:border-slate-800">
          <PaymentsFilters filters={filters} accounts={accounts.data ?? []} onSearch={(next) => setView((v) => ({ ...v, filters: next, page: 1 }))} />
        </div>
        <div className="flex flex-wrap items-start justify-between gap-3 px-4 pt-3 sm:px-5">
          <p className="text-sm text-slate-600 dark:text-slate-400">{filtered ? "Showing payments that match every filter." : "Showing all payments."}</p>
          <CsvExportButton
            label="Download CSV of this search"
            noun="payments"
            produce={async (onProgress, signal) => {
              const [payments, { paymentsToCsv, paymentsFileName }] = await Promise.all([
                fetchAllPayments(filters, onProgress, signal),
                import("@/lib/portal/payments/payments-csv"),
              ]);
              return { csv: paymentsToCsv(payments), fileName: paymentsFileName(clientId), count: payments.length };
            }}
          />
        </div>
        <div className="overflow-x-auto">
          <table className="w-full min-w-[52rem] text-sm" aria-busy={page.isFetching}>
            <caption className="sr-only">Payments, newest first, page {pageStart}</caption>
            <PaymentsTableHead />
            <ListTableBody
              query={page}
              columns={PAYMENT_COLUMNS}
              skeleton={<PaymentsSkeletonRows rows={Math.min(pageSize, 6)} />}
              errorTitle="Payments could not be loaded"
              empty={
                <EmptyState title={total !== 0 ? "This page is past the end" : filtered ? "No payments match this search" : "No payments yet"}>
                  {total !== 0 ? "Go back a page." : filtered ? "Change or clear the filters." : "Payments you send appear here."}
                </EmptyState>
              }
              rows={rows.map((p) => (
                <PaymentSummaryRow key={p.transactionId} p={p} />
              ))}
            />
          </table>
        </div>
        <Pager
          page={pageStart}
          size={pageSize}
          total={total}
          busy={page.isFetching}
          noun="payments"
          onPage={(p) => setView((v) => ({ ...v, page: p }))}
          sizes={PAGE_SIZES}
          onSize={(s) => setView((v) => ({ ...v, size: s, page: 1 }))}
        />
      </Card>
    </>
  );
}
