"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { usePortalUser } from "@/components/portal-user";
import { Button, buttonClass } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { TextField } from "@/components/ui/form";
import { Notice } from "@/components/ui/notice";
import { hasRole } from "@/lib/contract/auth/roles";
import { ZCreatePaymentTemplate } from "@/lib/contract/payment-templates/schema";
import type { TPaymentSummary } from "@/lib/contract/payments/search";
import { ApiRequestError } from "@/lib/portal/shared/api-client";
import { newIdempotencyKey } from "@/lib/portal/payments/payment-forms";
import { savedFromPayment } from "@/lib/portal/payment-templates/saved-payment";
import { createTemplate, formPathFor } from "@/lib/portal/payment-templates/templates-api";
import { templateKeys } from "@/lib/portal/shared/query-keys";

/**
 * "Pay again" and "Save as template" on a payment's page (treasurers and
 * administrators, who pay): both start from what the payment's record holds;
 * paying again opens the rail's form filled in, to check and send as a new payment.
 */
export function PaymentTemplateActions({ payment }: { payment: TPaymentSummary }) {
  const me = usePortalUser();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  const [invalid, setInvalid] = useState<string | null>(null);
  const [key, setKey] = useState(newIdempotencyKey);
  const save = useMutation({
    mutationFn: (body: { name: string; rail: TPaymentSummary["type"]; request: Record<string, unknown> }) => createTemplate(body, key),
    onSuccess: async () => {
      setOpen(false);
      setKey(newIdempotencyKey());
      await queryClient.invalidateQueries({ queryKey: templateKeys.all });
    },
  });
  if (!hasRole(me.role, "treasurer")) return null;
  const confirm = () => {
    const saved = savedFromPayment(payment);
    const body = { name, ...saved } as { name: string; rail: TPaymentSummary["type"]; request: Record<string, unknown> };
    // The contract's own schema, as the API checks it: the name's problem is shown before anything is sent.
    const checked = ZCreatePaymentTemplate.safeParse(body);
    const nameIssue = checked.success ? null : checked.error.issues.find((i) => i.path[0] === "name");
    setInvalid(nameIssue ? `Name ${nameIssue.message.replace(/^name /, "")}.` : null);
    if (!nameIssue) save.mutate(body);
  };
  const failure = save.isError ? (save.error instanceof ApiRequestError ? save.error.message : "The template was not saved.") : null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Link href={formPathFor(payment.type, { payment: payment.transactionId })} className={buttonClass()}>
        Pay again
      </Link>
      <Button onClick={() => (save.reset(), setInvalid(null), setName(payment.beneficiary.name), setOpen(true))}>Save as template</Button>
      {save.isSuccess ? <Notice>Saved as the template “{save.data.name}”. Find it under Templates or in the payment form.</Notice> : null}
      <ConfirmDialog
        open={open}
        title="Save this payment as a template"
        confirmLabel="Save template"
        busyLabel="Saving…"
        busy={save.isPending}
        error={invalid ?? failure}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      >
        <p className="mb-3">
          The debit account, the beneficiary, the amount and the remittance lines are saved; each payment made from it gets its own reference.
        </p>
        <TextField id="template-name" label="Template name" value={name} maxLength={70} onChange={(e) => setName(e.target.value)} />
      </ConfirmDialog>
    </div>
  );
}
