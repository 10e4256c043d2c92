"use client";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { WIDE_ONLY } from "@/components/ui/list-frame";
import type { TCounterparty } from "@/lib/contract/counterparties/schema";
import { routingLine } from "@/lib/portal/payees/payees-api";

const TD = "px-4 py-2 align-top";

type Props = {
  payee: TCounterparty;
  /** The signed-in person may decide what waits (an approver or administrator who did not ask for it). */
  canDecide: boolean;
  canChange: boolean;
  onDecide: (decision: "approve" | "reject") => void;
  onEdit: () => void;
  onDelete: () => void;
};

/** Active, or waiting for approval (`brief`: the badge alone, as the phone's first cell shows it). */
function PayeeStatus({ payee, brief = false }: { payee: TCounterparty; brief?: boolean }) {
  const change = payee.pendingChange;
  if (!change) return <Badge tone="green">Active</Badge>;
  return (
    <>
      <Badge tone="amber">Awaiting approval</Badge>
      {brief ? null : (
        <span className="mt-1 block text-xs text-slate-600 dark:text-slate-400">
          {change.before ? "New details" : "New payee"} from {change.requestedBy}
          {change.approvalsRequired > 1 ? ` · ${change.approvals.length} of ${change.approvalsRequired} approvals` : ""}
        </span>
      )}
    </>
  );
}

/** One payee: where its money goes and, while a change waits, the details before and after. */
export function PayeeRow({ payee, canDecide, canChange, onDecide, onEdit, onDelete }: Props) {
  const change = payee.pendingChange;
  return (
    <tr>
      <td className={TD}>
        <span className="block font-medium">{payee.name}</span>
        <span className="block text-xs text-slate-600 dark:text-slate-400">{payee.creditorAccount.name}</span>
        <span className="mt-1 flex items-center gap-2 text-xs sm:hidden">
          {payee.rail} <PayeeStatus payee={payee} brief />
        </span>
      </td>
      <td className={`${TD} ${WIDE_ONLY}`}>{payee.rail}</td>
      <td className={`${TD} font-mono text-xs break-all`}>
        {change?.before === null ? routingLine(change.after) : routingLine(payee)}
        {change && change.before ? (
          <span className="mt-1 block text-amber-800 dark:text-amber-300">
            <span className="sr-only">Waiting for approval: </span>
            <del>{routingLine(change.before)}</del> → <ins className="no-underline">{routingLine(change.after)}</ins>
          </span>
        ) : null}
      </td>
      <td className={`${TD} ${WIDE_ONLY}`}>
        <PayeeStatus payee={payee} />
      </td>
      <td className={`${TD} text-right whitespace-nowrap`}>
        <div className="flex flex-wrap justify-end gap-2">
          {change && canDecide ? (
            <>
              <Button variant="primary" onClick={() => onDecide("approve")} aria-label={`Approve ${payee.name}`}>
                Approve
              </Button>
              <Button onClick={() => onDecide("reject")} aria-label={`Reject ${payee.name}`}>
                Reject
              </Button>
            </>
          ) : null}
          {canChange ? (
            <>
              <Button onClick={onEdit} aria-label={`Change ${payee.name}`}>
                Change
              </Button>
              <Button onClick={onDelete} aria-label={`Delete ${payee.name}`}>
                Delete
              </Button>
            </>
          ) : null}
        </div>
      </td>
    </tr>
  );
}
