"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useFieldArray, useForm, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { describedBy, errorAt, FormField, inputClass } from "@/components/ui/form";
import { Notice } from "@/components/ui/notice";
import { Skeleton } from "@/components/ui/skeleton";
import { EmptyState, ErrorState } from "@/components/ui/state-message";
import { fetchPolicies, savePolicies } from "@/lib/portal/approvals/approvals-api";
import { ApiRequestError } from "@/lib/portal/shared/api-client";
import { placeApiErrorsOrReport } from "@/lib/portal/shared/field-errors";
import { approvalKeys } from "@/lib/portal/shared/query-keys";
import { POLICY_RAIL_LABELS, POLICY_RAILS, thresholdIsCount, ZApprovalPolicies, type TApprovalPolicies } from "@/lib/contract/approvals/schema";

const NEW_POLICY = { rail: "ACH", currency: "USD", threshold: "10000.00", approvers: 1 } as const;

/** The organisation's policies on the API's own schema; saving replaces the whole set (PUT /v1/approvals/policies). */
export function PoliciesForm() {
  const queryClient = useQueryClient();
  const policies = useQuery({ queryKey: approvalKeys.policies(), queryFn: ({ signal }) => fetchPolicies(signal) });
  const form = useForm<TApprovalPolicies>({ resolver: zodResolver(ZApprovalPolicies), defaultValues: { policies: [] } });
  const { register, control, handleSubmit, reset, setError, formState } = form;
  const { fields, append, remove } = useFieldArray({ control, name: "policies" });
  // The threshold means money for the payment rails and a number of accounts for a virtual-account batch.
  const rails = useWatch({ control, name: "policies" })?.map((p) => p?.rail);
  const [saved, setSaved] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (policies.data) reset(policies.data);
  }, [policies.data, reset]);

  const save = useMutation({
    mutationFn: savePolicies,
    onSuccess: (data) => {
      queryClient.setQueryData(approvalKeys.policies(), data);
      reset(data);
      setSaved(true);
    },
    onError: (error) => {
      const report = placeApiErrorsOrReport(setError, error, (field) => field.startsWith("policies."));
      const cancelled = error instanceof ApiRequestError && error.code === "STEP_UP_REQUIRED";
      if (report) setFailure(cancelled ? "Not saved: the change needs a code from your authenticator app." : error.message);
    },
  });

  const onSubmit = (values: TApprovalPolicies) => {
    setSaved(false);
    setFailure(null);
    save.mutate(values);
  };

  if (policies.isPending) {
    return (
      <Card aria-busy="true" aria-label="Loading approval policies" className="space-y-3 p-5">
        <Skeleton className="h-9 w-full" />
        <Skeleton className="h-9 w-full" />
      </Card>
    );
  }
  if (policies.isError) return <ErrorState error={policies.error} onRetry={() => void policies.refetch()} />;

  const errors = formState.errors;
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate>
      <Card aria-labelledby="policies-title">
        <CardHeader
          id="policies-title"
          title="Policies"
          description="A payment or transfer of this rail and currency at or above the threshold, or a virtual-account batch creating at least that many accounts in the currency, waits for the number of approvers you choose. The maker never approves their own."
          actions={
            <Button onClick={() => append({ ...NEW_POLICY })} disabled={fields.length >= 40}>
              Add a policy
            </Button>
          }
        />
        {saved ? (
          <div className="px-5 pt-4">
            <Notice>Policies saved. New payments follow them from now on.</Notice>
          </div>
        ) : null}
        {failure ? (
          <p
            role="alert"
            className="mx-5 mt-4 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
          >
            {failure}
          </p>
        ) : null}
        {fields.length === 0 ? (
          <EmptyState title="No policies">
            Every payment made in the portal is sent at once. Add a policy to have payments approved by a second person.
          </EmptyState>
        ) : (
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">
            {fields.map((field, i) => {
              const id = (name: string) => `policy-${i}-${name}`;
              const railError = errorAt(errors, `policies.${i}.rail`);
              const currencyError = errorAt(errors, `policies.${i}.currency`);
              const thresholdError = errorAt(errors, `policies.${i}.threshold`);
              const approversError = errorAt(errors, `policies.${i}.approvers`);
              const counts = rails?.[i] !== undefined && thresholdIsCount(rails[i]);
              const payees = rails?.[i] === "COUNTERPARTY";
              return (
                <li key={field.id} className="grid items-start gap-x-4 px-5 pt-4 pb-1 sm:grid-cols-[1fr_1fr_1.4fr_1fr_auto]" aria-label={`Policy ${i + 1}`}>
                  <FormField id={id("rail")} label="Rail" error={railError}>
                    <select {...describedBy(id("rail"), railError)} {...register(`policies.${i}.rail`)} className={inputClass(Boolean(railError))}>
                      {POLICY_RAILS.map((rail) => (
                        <option key={rail} value={rail}>
                          {POLICY_RAIL_LABELS[rail]}
                        </option>
                      ))}
                    </select>
                  </FormField>
                  <FormField id={id("currency")} label="Currency" error={currencyError}>
                    <input
                      {...describedBy(id("currency"), currencyError)}
                      {...register(`policies.${i}.currency`, { setValueAs: (v: string) => v.trim().toUpperCase() })}
                      maxLength={3}
                      autoComplete="off"
                      className={inputClass(Boolean(currencyError), "uppercase")}
                    />
                  </FormField>
                  <FormField
                    id={id("threshold")}
                    label={counts ? "From accounts" : "From amount"}
                    hint={
                      payees
                        ? "Not used: every new payee and change of account, bank or BIC waits"
                        : counts
                          ? "Accounts in this currency per batch; 0 holds back every batch"
                          : "0.00 holds back every payment"
                    }
                    error={thresholdError}
                  >
                    <input
                      {...describedBy(id("threshold"), thresholdError)}
                      {...register(`policies.${i}.threshold`, { setValueAs: (v: string) => v.trim() })}
                      inputMode={counts ? "numeric" : "decimal"}
                      autoComplete="off"
                      className={inputClass(Boolean(thresholdError), "text-right tabular-nums")}
                    />
                  </FormField>
                  <FormField id={id("approvers")} label="Approvers" error={approversError}>
                    <select
                      {...describedBy(id("approvers"), approversError)}
                      {...register(`policies.${i}.approvers`, { setValueAs: (v: string) => Number(v) })}
                      className={inputClass(Boolean(approversError))}
                    >
                      <option value={1}>1 approver</option>
                      <option value={2}>2 approvers</option>
                    </select>
                  </FormField>
                  <Button className="mt-6" onClick={() => remove(i)} aria-label={`Remove policy ${i + 1}`}>
                    Remove
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
        <div className="flex justify-end gap-2 border-t border-slate-200 px-5 py-4 dark:border-slate-800">
          <Button onClick={() => policies.data && reset(policies.data)} disabled={!formState.isDirty || save.isPending}>
            Discard changes
          </Button>
          <Button type="submit" variant="primary" disabled={save.isPending}>
            {save.isPending ? "Saving…" : "Save policies"}
          </Button>
        </div>
      </Card>
    </form>
  );
}
