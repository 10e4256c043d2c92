"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { usePortalUser } from "@/components/portal-user";
import { Button, buttonClass } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FilterInput, FilterSelect } from "@/components/ui/form";
import { ListFrame, ListHead, WIDE_ONLY, wideOnly } from "@/components/ui/list-frame";
import { Notice } from "@/components/ui/notice";
import { Skeleton } from "@/components/ui/skeleton";
import { EmptyState } from "@/components/ui/state-message";
import { hasRole } from "@/lib/contract/auth/roles";
import type { TPaymentTemplate } from "@/lib/contract/payment-templates/schema";
import { RAILS, type TRail } from "@/lib/contract/payments/schema";
import { PAGE_SIZES } from "@/lib/portal/accounts/account-filters";
import { RAIL_LABELS } from "@/lib/portal/payments/payment-search";
import { amountOf, beneficiaryOf } from "@/lib/portal/payment-templates/saved-payment";
import { deleteTemplate, fetchTemplates, formPathFor } from "@/lib/portal/payment-templates/templates-api";
import { templateKeys } from "@/lib/portal/shared/query-keys";

const COLUMNS = 5;

/** The saved payments: search by name, filter by rail, pay from one (its form, filled), delete. */
export function TemplatesView() {
  const me = usePortalUser();
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const [rail, setRail] = useState<"" | TRail>("");
  const [pageStart, setPageStart] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const [removing, setRemoving] = useState<TPaymentTemplate | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const search = { name: name.trim() || undefined, rail: rail || undefined, pageStart, pageSize };
  const templates = useQuery({
    queryKey: templateKeys.search(search),
    queryFn: ({ signal }) => fetchTemplates(search, signal),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: (t: TPaymentTemplate) => deleteTemplate(t.templateId),
    onSuccess: async (t) => {
      setRemoving(null);
      setDone(`The template “${t.name}” is deleted. Payments made from it are not affected.`);
      await queryClient.invalidateQueries({ queryKey: templateKeys.all });
    },
  });
  const canPay = hasRole(me.role, "treasurer");
  const rows = templates.data?.data ?? [];
  const filtered = Boolean(search.name || search.rail);
  return (
    <div className="space-y-4">
      {done ? <Notice>{done}</Notice> : null}
      <ListFrame
        filters={
          <div className="grid gap-3 sm:grid-cols-[2fr_1fr]">
            <FilterInput id="template-search" label="Search by name" value={name} onChange={(v) => (setName(v), setPageStart(1))} />
            <FilterSelect
              id="template-rail"
              label="Rail"
              value={rail}
              all="All rails"
              options={RAILS.map((r) => ({ value: r, label: RAIL_LABELS[r] }))}
              onChange={(v) => (setRail(v as "" | TRail), setPageStart(1))}
            />
          </div>
        }
        caption="Payment templates, newest first"
        minWidth="sm:min-w-[48rem]"
        // At phone width the template's cell says its rail and amount: three columns fit a 390 px screen.
        head={<ListHead columns={["Template", wideOnly("Rail"), "From and to", wideOnly("Amount"), { label: "Actions", srOnly: true }]} />}
        query={templates}
        body={{
          columns: COLUMNS,
          skeleton: (
            <tr>
              <td colSpan={COLUMNS} className="px-4 py-3">
                <Skeleton className="h-4 w-48" />
              </td>
            </tr>
          ),
          errorTitle: "Templates could not be loaded",
          empty: (
            <EmptyState title={filtered ? "No template matches" : "No templates yet"}>
              {filtered ? "Try another name or rail." : "Open a payment and choose “Save as template” to pay the same beneficiary again in a few keystrokes."}
            </EmptyState>
          ),
          rows: rows.map((t) => (
            <tr key={t.templateId} className="border-t border-slate-200 dark:border-slate-800">
              <th scope="row" className="px-4 py-3 text-left text-sm font-medium">
                {t.name}
                <span className="block font-normal text-slate-600 sm:hidden dark:text-slate-400">
                  {RAIL_LABELS[t.rail]} · <span className="tabular">{amountOf(t)}</span>
                </span>
              </th>
              <td className={`px-4 py-3 text-sm ${WIDE_ONLY}`}>{RAIL_LABELS[t.rail]}</td>
              <td className="px-4 py-3 text-sm">
                <span className="block font-mono text-xs">{t.request.debtorAccount.identification}</span>
                <span className="block">{beneficiaryOf(t)}</span>
              </td>
              <td className={`tabular px-4 py-3 text-sm ${WIDE_ONLY}`}>{amountOf(t)}</td>
              <td className="px-4 py-3 text-right text-sm whitespace-nowrap">
                {canPay ? (
                  <span className="flex flex-wrap justify-end gap-2">
                    <Link href={formPathFor(t.rail, { template: t.templateId })} className={buttonClass()} aria-label={`Pay from ${t.name}`}>
                      Pay
                    </Link>
                    <Button onClick={() => (remove.reset(), setDone(null), setRemoving(t))} aria-label={`Delete ${t.name}`}>
                      Delete
                    </Button>
                  </span>
                ) : null}
              </td>
            </tr>
          )),
        }}
        pager={{
          page: pageStart,
          size: pageSize,
          total: templates.data?.meta.pagination.total_size ?? null,
          noun: "templates",
          onPage: setPageStart,
          sizes: PAGE_SIZES,
          onSize: (s) => (setPageSize(s), setPageStart(1)),
        }}
      />
      <ConfirmDialog
        open={removing !== null}
        title={removing ? `Delete the template “${removing.name}”?` : ""}
        confirmLabel="Delete template"
        busyLabel="Deleting…"
        busy={remove.isPending}
        destructive
        error={remove.isError ? (remove.error instanceof Error ? remove.error.message : "The template was not deleted.") : null}
        onConfirm={() => removing && remove.mutate(removing)}
        onClose={() => setRemoving(null)}
      >
        <p>It leaves your templates; payments already made from it stay as they are.</p>
      </ConfirmDialog>
    </div>
  );
}
