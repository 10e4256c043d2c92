"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { usePortalUser } from "@/components/portal-user";
import { PayeeForm } from "@/components/payees/payee-form";
import { PayeeRow } from "@/components/payees/payee-row";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FilterInput, FilterSelect } from "@/components/ui/form";
import { ListFrame, ListHead, wideOnly } from "@/components/ui/list-frame";
import { Notice } from "@/components/ui/notice";
import { Skeleton } from "@/components/ui/skeleton";
import { EmptyState } from "@/components/ui/state-message";
import { canApprove, hasRole } from "@/lib/contract/auth/roles";
import type { TCounterparty } from "@/lib/contract/counterparties/schema";
import type { BankCode } from "@/lib/contract/payments/reference";
import { PAGE_SIZES } from "@/lib/portal/accounts/account-filters";
import { decidePayee, deletePayee, fetchPayees } from "@/lib/portal/payees/payees-api";
import { payeeKeys } from "@/lib/portal/shared/query-keys";

const COLUMNS = 5;

/** The payee book: search, add, change, delete, and the approval of new payees and new details. */
export function PayeesView({ bankCodes }: { bankCodes: BankCode[] }) {
  const me = usePortalUser();
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const [rail, setRail] = useState<"" | "ACH" | "SWIFT">("");
  const [pageStart, setPageStart] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const [form, setForm] = useState<{ editing: TCounterparty | null } | null>(null);
  const [removing, setRemoving] = useState<TCounterparty | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const search = { name: name.trim() || undefined, rail: rail || undefined, pageStart, pageSize };
  const payees = useQuery({
    queryKey: payeeKeys.search(search),
    queryFn: ({ signal }) => fetchPayees(search, signal),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: payeeKeys.all });
  const decide = useMutation({
    mutationFn: ({ payee, decision }: { payee: TCounterparty; decision: "approve" | "reject" }) => decidePayee(payee.counterpartyId, decision),
    onSuccess: async (payee, { decision }) => {
      setDone(
        decision === "approve"
          ? `${payee.name} approved: ${payee.status === "Active" ? "it can be paid" : "it waits for one more approval"}.`
          : `${payee.name}: the change was rejected.`,
      );
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (payee: TCounterparty) => deletePayee(payee.counterpartyId),
    onSuccess: async (payee) => {
      setRemoving(null);
      setDone(`${payee.name} deleted. Payments made to it still show it.`);
      await refresh();
    },
  });
  const canChange = hasRole(me.role, "treasurer");
  const rows = payees.data?.data ?? [];
  const total = payees.data?.meta.pagination.total_size ?? null;
  const filtered = Boolean(search.name || search.rail);
  return (
    <div className="space-y-4">
      {done ? <Notice>{done}</Notice> : null}
      {decide.isError ? <Notice tone="red">{decide.error instanceof Error ? decide.error.message : "The decision was not recorded."}</Notice> : null}
      {form ? (
        <PayeeForm
          key={form.editing?.counterpartyId ?? "new"}
          bankCodes={bankCodes}
          editing={form.editing}
          onCancel={() => setForm(null)}
          onDone={(message) => {
            setForm(null);
            setDone(message);
          }}
        />
      ) : canChange ? (
        <Button variant="primary" onClick={() => (setDone(null), setForm({ editing: null }))}>
          Add a payee
        </Button>
      ) : null}
      <ListFrame
        filters={
          <div className="grid gap-3 sm:grid-cols-[2fr_1fr]">
            <FilterInput id="payee-search" label="Search by name or account" value={name} onChange={(v) => (setName(v), setPageStart(1))} />
            <FilterSelect
              id="payee-rail"
              label="Rail"
              value={rail}
              all="All rails"
              options={[
                { value: "ACH", label: "ACH" },
                { value: "SWIFT", label: "SWIFT" },
              ]}
              onChange={(v) => (setRail(v as "" | "ACH" | "SWIFT"), setPageStart(1))}
            />
          </div>
        }
        caption="Payees, newest first"
        minWidth="sm:min-w-[48rem]"
        // At phone width the payee's cell says its rail and status (PayeeRow): three columns fit a 390 px screen.
        head={<ListHead columns={["Payee", wideOnly("Rail"), "Account and bank", wideOnly("Status"), { label: "Actions", srOnly: true }]} />}
        query={payees}
        body={{
          columns: COLUMNS,
          skeleton: (
            <tr>
              <td colSpan={COLUMNS} className="px-4 py-3">
                <Skeleton className="h-4 w-48" />
              </td>
            </tr>
          ),
          errorTitle: "Payees could not be loaded",
          empty: (
            <EmptyState title={filtered ? "No payee matches" : "No payees yet"}>
              {filtered ? "Try another name or rail." : "Add the beneficiaries you pay, then pick them in the ACH and SWIFT forms."}
            </EmptyState>
          ),
          rows: rows.map((payee) => (
            <PayeeRow
              key={payee.counterpartyId}
              payee={payee}
              canDecide={canApprove(me.role) && payee.pendingChange?.requestedBy !== me.email && !decide.isPending}
              canChange={canChange}
              onDecide={(decision) => (setDone(null), decide.mutate({ payee, decision }))}
              onEdit={() => (setDone(null), setForm({ editing: payee }))}
              onDelete={() => (remove.reset(), setRemoving(payee))}
            />
          )),
        }}
        pager={{
          page: pageStart,
          size: pageSize,
          total,
          noun: "payees",
          onPage: setPageStart,
          sizes: PAGE_SIZES,
          onSize: (s) => (setPageSize(s), setPageStart(1)),
        }}
      />
      <ConfirmDialog
        open={removing !== null}
        title={removing ? `Delete ${removing.name}?` : ""}
        confirmLabel="Delete payee"
        busyLabel="Deleting…"
        busy={remove.isPending}
        destructive
        error={remove.isError ? (remove.error instanceof Error ? remove.error.message : "The payee was not deleted.") : null}
        onConfirm={() => removing && remove.mutate(removing)}
        onClose={() => setRemoving(null)}
      >
        <p>It leaves your payee book; payments already made to it keep showing it.</p>
      </ConfirmDialog>
    </div>
  );
}
