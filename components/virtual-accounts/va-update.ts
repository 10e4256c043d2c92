"use client";

import { useQueryClient } from "@tanstack/react-query";
import type { FieldValues, UseFormSetError } from "react-hook-form";
import type { TVirtualAccountDetail } from "@/lib/contract/virtual-accounts/responses";
import { ApiRequestError } from "@/lib/portal/shared/api-client";
import { placeApiErrorsOrReport } from "@/lib/portal/shared/field-errors";
import { virtualAccountKeys } from "@/lib/portal/shared/query-keys";

/** A 400's fields on their controls (the one way: lib/portal/shared/field-errors.ts), the rest as the form's message. */
export function updateErrorMessage<T extends FieldValues>(setError: UseFormSetError<T>, error: unknown, known: (field: string) => boolean): string {
  const report = placeApiErrorsOrReport(setError, error, known);
  if (error instanceof ApiRequestError) {
    const reference = error.body.correlationId ? ` Reference ${error.body.correlationId}.` : "";
    return report ? `${error.message}${reference}` : `The bank refused some fields: see below.${reference}`;
  }
  return error instanceof Error ? error.message : "The change could not be saved.";
}

/** After a PATCH: the detail page shows the account the API returned, and the list pages are read again. */
export function useSaved(number: string) {
  const queryClient = useQueryClient();
  return (account: TVirtualAccountDetail) => {
    queryClient.setQueryData(virtualAccountKeys.detail(number), account);
    void queryClient.invalidateQueries({ queryKey: virtualAccountKeys.pages() });
  };
}
