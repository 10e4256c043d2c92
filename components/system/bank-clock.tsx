"use client";

import { useMemo } from "react";
import { useBankNow } from "@/components/system/use-bank-now";
import { Badge } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { ErrorState } from "@/components/ui/state-message";
import { ACH_CUTOFF, formatCountdown, nextAchCutoff } from "@/lib/portal/system/ach-cutoff";
import { clockFace } from "@/lib/portal/system/bank-clock";
import { formatBankTime } from "@/lib/contract/time/date-format";

const CUTOFF_DAY = new Intl.DateTimeFormat("en-US", { timeZone: "Atlantic/Bermuda", weekday: "long", day: "numeric", month: "short" });

/** `holidays`: the bank's holiday list (YYYY-MM-DD, bank time); the cut-off skips them like weekends. `achCutoff`: the time the bank set. */
export function BankClock({ holidays = [], achCutoff = ACH_CUTOFF }: { holidays?: readonly string[]; achCutoff?: { hour: number; minute: number } }) {
  const { now, sync } = useBankNow();
  const holidaySet = useMemo(() => new Set(holidays), [holidays]);

  return (
    <Card aria-labelledby="clock-title">
      <CardHeader id="clock-title" title="Bank time" description="Atlantic/Bermuda: the clock of every cut-off and settlement date." />
      <div className="grid min-h-[188px] gap-6 px-5 py-5 md:grid-cols-2">
        {sync.isError ? (
          <ErrorState className="md:col-span-2" title="Bank time could not be read" error={sync.error} onRetry={() => void sync.refetch()} />
        ) : !now ? (
          <>
            <div role="status" aria-busy="true" aria-label="Loading bank time">
              <Skeleton className="h-10 w-44" />
              <Skeleton className="mt-3 h-4 w-56" />
              <Skeleton className="mt-2 h-4 w-48" />
            </div>
            <div>
              <Skeleton className="h-4 w-32" />
              <Skeleton className="mt-3 h-8 w-40" />
              <Skeleton className="mt-2 h-4 w-52" />
            </div>
          </>
        ) : (
          <ClockBody now={now} holidays={holidaySet} achCutoff={achCutoff} />
        )}
      </div>
    </Card>
  );
}

function ClockBody({ now, holidays, achCutoff }: { now: Date; holidays: ReadonlySet<string>; achCutoff: { hour: number; minute: number } }) {
  const face = clockFace(now);
  const cutoff = nextAchCutoff(now, holidays, achCutoff);
  return (
    <>
      <div>
        <p className="tabular text-4xl font-semibold tracking-tight text-slate-900 dark:text-white">
          <time dateTime={now.toISOString()} data-testid="bank-time">
            {face.time}
          </time>
          <span className="ml-2 align-middle text-base font-medium text-slate-500 dark:text-slate-400">{face.abbreviation}</span>
        </p>
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{face.date}</p>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          <span data-testid="bank-zone-name">{face.zoneName}</span> · <span className="tabular">{face.offset}</span>
        </p>
      </div>
      <div>
        <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
          ACH same-day cut-off
          <Badge tone={cutoff.isToday ? "green" : "neutral"}>{cutoff.isToday ? "Open today" : "Closed for today"}</Badge>
        </p>
        <p className="tabular mt-2 text-2xl font-semibold tracking-tight text-slate-900 dark:text-white" data-testid="ach-countdown">
          {formatCountdown(cutoff.at.getTime() - now.getTime())}
        </p>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          until {cutoff.isToday ? "today" : CUTOFF_DAY.format(cutoff.at)} at {formatBankTime(cutoff.at)}. Payments sent after it settle the next business day.
        </p>
      </div>
    </>
  );
}
