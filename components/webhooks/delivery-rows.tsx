"use client";

import { useState } from "react";
import { Badge, type Tone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ChevronIcon } from "@/components/ui/icons";
import { WIDE_ONLY } from "@/components/ui/list-frame";
import { BANK_TIME_ZONE } from "@/lib/contract/time/bank-time";
import type { TDeliveryAttempt } from "@/lib/contract/webhooks/schema";
import type { DeliveryGroup } from "@/lib/portal/webhooks/delivery-log";

const STATUS_TONE: Record<TDeliveryAttempt["deliveryStatus"], Tone> = { Pending: "amber", Succeeded: "green", Failed: "red" };
const ATTEMPT_TIME = new Intl.DateTimeFormat("en-US", {
  timeZone: BANK_TIME_ZONE,
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  second: "2-digit",
  timeZoneName: "short",
});
/** Attempts are seconds apart: the log shows seconds, in bank time. */
const formatAttemptTime = (iso: string) => ATTEMPT_TIME.format(new Date(iso));

function AttemptRow({ attempt }: { attempt: TDeliveryAttempt }) {
  return (
    <tr className="text-xs text-slate-700 dark:text-slate-300">
      <td className="py-1.5 pr-4 pl-4 tabular sm:pl-10">#{attempt.attemptNumber}</td>
      <td className="py-1.5 pr-4 sm:whitespace-nowrap">{formatAttemptTime(attempt.attemptedUtc)}</td>
      <td className="py-1.5 pr-4">
        <span className={attempt.succeeded ? "font-mono text-emerald-800 dark:text-emerald-300" : "font-mono text-red-800 dark:text-red-300"}>
          {attempt.statusCode ?? "—"}
        </span>
        <span className="sr-only">{attempt.succeeded ? " succeeded" : " failed"}</span>
      </td>
      <td className={`py-1.5 pr-4 tabular text-right whitespace-nowrap ${WIDE_ONLY}`}>{attempt.latencyMs} ms</td>
      <td className="py-1.5 pr-4 break-all text-slate-600 dark:text-slate-400" colSpan={2}>
        {attempt.error ?? (attempt.succeeded ? "Delivered" : "—")}
      </td>
    </tr>
  );
}

/** One delivery: its row, then its attempts (newest first), folded open or shut. */
export function DeliveryRows({
  group,
  highlighted,
  resending,
  onResend,
}: {
  group: DeliveryGroup;
  highlighted: boolean;
  resending: boolean;
  onResend: () => void;
}) {
  const [open, setOpen] = useState(true);
  const attemptsId = `attempts-${group.deliveryId}`;
  return (
    <tbody
      className={
        highlighted ? "border-t border-slate-200 bg-brand-50/60 dark:border-slate-800 dark:bg-brand-900/20" : "border-t border-slate-200 dark:border-slate-800"
      }
      data-testid="delivery"
      data-delivery-id={group.deliveryId}
    >
      <tr className="h-[52px]">
        <td className="px-4 py-2">
          <button
            type="button"
            aria-expanded={open}
            aria-controls={attemptsId}
            onClick={() => setOpen((v) => !v)}
            className="flex items-center gap-1.5 rounded text-left font-mono text-[13px] font-medium break-all text-slate-900 dark:text-slate-100"
          >
            <ChevronIcon className={open ? "rotate-90 transition-transform" : "transition-transform"} />
            {group.transactionId ?? group.deliveryId}
            <span className="sr-only"> attempts</span>
          </button>
        </td>
        <td className="px-4 py-2">
          <Badge tone={STATUS_TONE[group.status]}>{group.status}</Badge>
        </td>
        <td className={`px-4 py-2 tabular whitespace-nowrap text-slate-700 dark:text-slate-300 ${WIDE_ONLY}`}>
          {group.attempts.length} attempt{group.attempts.length === 1 ? "" : "s"}
        </td>
        <td className={`px-4 py-2 whitespace-nowrap text-slate-700 dark:text-slate-300 ${WIDE_ONLY}`}>{formatAttemptTime(group.lastAttemptUtc)}</td>
        <td className={`px-4 py-2 font-mono text-xs text-slate-600 dark:text-slate-400 ${WIDE_ONLY}`}>{group.deliveryId.slice(0, 8)}</td>
        <td className="px-4 py-2 text-right">
          <Button
            className="h-8 px-2.5"
            onClick={onResend}
            disabled={group.status === "Pending" || resending}
            title={group.status === "Pending" ? "Pending deliveries are retried automatically" : undefined}
          >
            {resending ? "Resending…" : "Resend"}
            <span className="sr-only"> {group.transactionId ?? group.deliveryId}</span>
          </Button>
        </td>
      </tr>
      <tr id={attemptsId} hidden={!open}>
        <td colSpan={6} className="pb-2">
          <table className="w-full">
            <caption className="sr-only">Attempts of {group.transactionId ?? group.deliveryId}, newest first</caption>
            <thead className="sr-only">
              <tr>
                <th scope="col">Attempt</th>
                <th scope="col">Time</th>
                <th scope="col">HTTP status</th>
                <th scope="col" className={WIDE_ONLY}>
                  Latency
                </th>
                <th scope="col">Error</th>
              </tr>
            </thead>
            <tbody>
              {group.attempts.map((a) => (
                <AttemptRow key={`${a.deliveryId}-${a.attemptNumber}`} attempt={a} />
              ))}
            </tbody>
          </table>
        </td>
      </tr>
    </tbody>
  );
}
