"use client";

import { useQuery } from "@tanstack/react-query";
import { PayButtons } from "@/components/payments/pay-buttons";
import { PaymentsFilters } from "@/components/payments/payments-filters";
import { PAYMENT_COLUMNS, PaymentsSkeletonRows, PaymentsTableHead, PaymentSummaryRow } from "@/components/payments/payments-table";
import { usePortalUser } from "@/components/portal-user";
import { CsvExportButton } from "@/components/ui/csv-export-button";
import { PageHeader } from "@/components/ui/page-header";
import { ListFrame, SearchEmptyState } from "@/components/ui/list-frame";
import { fetchAllAccounts } from "@/lib/portal/accounts/accounts-api";
import { fetchAllPayments, fetchPaymentsPage, hasPaymentFilters, parsePaymentsView, paymentsViewQuery } from "@/lib/portal/payments/payment-search";
import { accountKeys, paymentKeys } from "@/lib/portal/shared/query-keys";
import { usePagedSearch } from "@/lib/portal/shared/use-paged-search";

/**
 * Every account's payments, searched and paged by the API (GET /v1/payments).
 * The view lives in the URL, so Back and a shared link show the same search.
 */
export function PaymentsSearch() {
  const { clientId } = usePortalUser();
  const { view, page, rows, total, searchFor, pager } = usePagedSearch({
    path: "/payments",
    parse: parsePaymentsView,
    toQuery: paymentsViewQuery,
    queryKey: paymentKeys.search,
    fetchPage: fetchPaymentsPage,
  });
  const { filters, page: pageStart, size: pageSize } = view;
  const accounts = useQuery({ queryKey: accountKeys.complete(), queryFn: ({ signal }) => fetchAllAccounts(undefined, signal) });
  const filtered = hasPaymentFilters(filters);

  return (
    <>
      <PageHeader title="Payments" description="ACH and SWIFT payments and transfers between your own accounts, newest first." actions={<PayButtons />} />
      <ListFrame
        filters={<PaymentsFilters filters={filters} accounts={accounts.data ?? []} onSearch={searchFor} />}
        note={filtered ? "Showing payments that match every filter." : "Showing all payments."}
        actions={
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
        }
        caption={`Payments, newest first, page ${pageStart}`}
        minWidth="sm:min-w-[52rem]"
        head={<PaymentsTableHead />}
        query={page}
        body={{
          columns: PAYMENT_COLUMNS,
          skeleton: <PaymentsSkeletonRows rows={Math.min(pageSize, 6)} />,
          errorTitle: "Payments could not be loaded",
          empty: (
            <SearchEmptyState
              total={total}
              filtered={filtered}
              noMatch="No payments match this search"
              nothingYet="No payments yet"
              nothingYetText="Payments you send appear here."
            />
          ),
          rows: rows.map((p) => <PaymentSummaryRow key={p.transactionId} p={p} />),
        }}
        pager={{ ...pager, noun: "payments" }}
      />
    </>
  );
}
