"use client";

import { usePortalUser } from "@/components/portal-user";
import { CsvExportButton } from "@/components/ui/csv-export-button";
import { readAllAccounts } from "@/lib/portal/accounts/accounts-api";

/** The reconciliation export: every page of the account list, one row per account. */
export function ExportButton() {
  const { clientId } = usePortalUser();
  return (
    <CsvExportButton
      label="Download reconciliation CSV"
      noun="accounts"
      produce={async (onProgress, signal) => {
        // papaparse loads with the first export, not with the page: most visits never export.
        const [accounts, { accountsToCsv, exportFileName }] = await Promise.all([
          readAllAccounts(onProgress, signal),
          import("@/lib/portal/accounts/accounts-export"),
        ]);
        return { csv: accountsToCsv(accounts), fileName: exportFileName(clientId), count: accounts.length };
      }}
    />
  );
}
