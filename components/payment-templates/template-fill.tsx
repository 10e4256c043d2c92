"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Notice } from "@/components/ui/notice";
import { inputClass, labelClass } from "@/components/ui/form";
import type { TCounterparty } from "@/lib/contract/counterparties/schema";
import type { TPaymentTemplate } from "@/lib/contract/payment-templates/schema";
import type { TRail } from "@/lib/contract/payments/schema";
import { ApiRequestError } from "@/lib/portal/shared/api-client";
import { fetchPayee } from "@/lib/portal/payees/payees-api";
import { fetchPaymentSummary } from "@/lib/portal/payments/payment-search";
import { savedFromPayment, type SavedPayment } from "@/lib/portal/payment-templates/saved-payment";
import { fetchTemplate, fetchTemplates, type FillSource } from "@/lib/portal/payment-templates/templates-api";
import { templateKeys } from "@/lib/portal/shared/query-keys";

type Props = {
  rail: TRail;
  source: FillSource | null;
  /** Puts the saved payment in the form; `payee` is the payee it names, read from the book (null when typed or gone). */
  onFill: (saved: SavedPayment, payee: TCounterparty | null) => void;
};

async function savedOf(source: FillSource): Promise<{ saved: SavedPayment; label: string }> {
  if ("template" in source) {
    const t = await fetchTemplate(source.template);
    return { saved: t as SavedPayment, label: `the template “${t.name}”` };
  }
  const { data } = await fetchPaymentSummary(source.payment);
  return { saved: savedFromPayment(data), label: `payment ${data.externalReference ?? data.transactionId}` };
}

const payeeOf = (saved: SavedPayment) =>
  saved.rail !== "INTERNAL" && saved.request.counterpartyId ? fetchPayee(saved.request.counterpartyId).catch(() => null) : Promise.resolve(null);

/**
 * "New from template" above a payment form: the rail's templates to start
 * from, and the template or payment the URL names filled in once. Filling
 * never sends anything: the person checks the form and sends it as any
 * payment, with its own new reference.
 */
export function TemplateFill({ rail, source, onFill }: Props) {
  const [note, setNote] = useState<{ tone: "green" | "red"; text: string } | null>(null);
  const [chosen, setChosen] = useState("");
  const onFillRef = useRef(onFill);
  useEffect(() => {
    onFillRef.current = onFill;
  });
  const search = { rail, pageStart: 1, pageSize: 100 };
  const templates = useQuery({ queryKey: templateKeys.search(search), queryFn: ({ signal }) => fetchTemplates(search, signal) });

  const fill = async (saved: SavedPayment, label: string) => {
    onFillRef.current(saved, await payeeOf(saved));
    setNote({ tone: "green", text: `Filled from ${label}. Check the amount and the details, then send it as a new payment.` });
  };
  const sourceKey = source ? JSON.stringify(source) : null;
  useEffect(() => {
    if (!sourceKey) return;
    let live = true;
    savedOf(JSON.parse(sourceKey) as FillSource)
      .then(
        ({ saved, label }) =>
          live &&
          (saved.rail === rail
            ? fill(saved, label)
            : setNote({ tone: "red", text: `That is a ${saved.rail} payment: open the ${saved.rail} form to use it.` })),
      )
      .catch(
        (e: unknown) =>
          live && setNote({ tone: "red", text: `The form could not be filled: ${e instanceof ApiRequestError ? e.message : "the request failed"}.` }),
      );
    return () => {
      live = false;
    };
    // Filled once per source (fill reads its callback through a ref); later changes of the form are the person's.
  }, [sourceKey, rail]);

  const list: TPaymentTemplate[] = templates.data?.data ?? [];
  return (
    <div className="mb-4 space-y-2">
      {list.length > 0 ? (
        <div>
          <label htmlFor={`${rail}-template`} className={labelClass}>
            New from template
          </label>
          <select
            id={`${rail}-template`}
            value={chosen}
            onChange={(e) => {
              const t = list.find((x) => x.templateId === e.target.value);
              setChosen(e.target.value);
              if (t) void fill(t as SavedPayment, `the template “${t.name}”`);
            }}
            className={inputClass()}
          >
            <option value="">Choose one of your {rail === "INTERNAL" ? "transfer" : rail} templates…</option>
            {list.map((t) => (
              <option key={t.templateId} value={t.templateId}>
                {t.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {note ? <Notice tone={note.tone}>{note.text}</Notice> : null}
    </div>
  );
}
