"use client";

import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Badge, type Tone } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { ErrorState } from "@/components/ui/state-message";
import { portalJson } from "@/lib/portal/shared/api-client";
import { systemKeys } from "@/lib/portal/shared/query-keys";
import { clockFace } from "@/lib/portal/system/bank-clock";
import { formatBankTime } from "@/lib/contract/time/date-format";
import { ZSystemStatus, type THealth, type TSystemStatus } from "@/lib/contract/system/status";

/** Refreshed every 10 s; this route is the portal's own, so it costs no API quota. */
const REFRESH_MS = 10_000;

const HEALTH: Record<THealth, { tone: Tone; label: string }> = {
  ok: { tone: "green", label: "Operational" },
  degraded: { tone: "amber", label: "Degraded" },
  down: { tone: "red", label: "Down" },
  unavailable: { tone: "neutral", label: "Not available" },
};

const n = (value: number | null, unit = "") => (value === null ? "—" : `${value.toLocaleString("en-US")}${unit}`);

function Tile({ title, health, label, children }: { title: string; health?: THealth; label?: string; children: ReactNode }) {
  return (
    <div className="rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-medium text-slate-900 dark:text-slate-100">{title}</h3>
        {health ? <Badge tone={HEALTH[health].tone}>{label ?? HEALTH[health].label}</Badge> : null}
      </div>
      <dl className="mt-3 space-y-1 text-sm">{children}</dl>
    </div>
  );
}

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="tabular text-right text-slate-900 dark:text-slate-100">{value}</dd>
    </div>
  );
}

function Tiles({ s }: { s: TSystemStatus }) {
  return (
    <>
      <Tile title="Database" health={s.database.health}>
        <Row label="PostgreSQL" value={s.database.version ?? "—"} />
        <Row label="Round trip" value={n(s.database.latencyMs, " ms")} />
      </Tile>
      <Tile title="Worker" health={s.worker.health}>
        <Row label="Workers alive" value={n(s.worker.alive)} />
        <Row label="Last heartbeat" value={s.worker.lastSeenSeconds === null ? "—" : `${s.worker.lastSeenSeconds} s ago`} />
      </Tile>
      <Tile title="Queue" health={s.queue.health}>
        <Row label="Open tasks" value={n(s.queue.open)} />
        <Row label="Due now / running" value={`${n(s.queue.due)} / ${n(s.queue.running)}`} />
        <Row label="Failed (24 h)" value={n(s.queue.failedLastDay)} />
        <Row label="Oldest due" value={s.queue.oldestDueSeconds === null ? "—" : `${s.queue.oldestDueSeconds} s`} />
      </Tile>
      <ApiQuotaTile quota={s.apiQuota} checkedAt={s.checkedAt} />
      <Tile title="Service">
        <Row label="Environment" value={s.environment === "production" ? "Production" : "UAT"} />
        <Row label="Version" value={s.version} />
        <Row label="Up for" value={`${Math.floor(s.uptimeSeconds / 3600)} h ${Math.floor((s.uptimeSeconds % 3600) / 60)} min`} />
      </Tile>
    </>
  );
}

/** The client's API quota: when it runs out, the client's integrations get 429s, and this says so. */
function ApiQuotaTile({ quota, checkedAt }: { quota: TSystemStatus["apiQuota"]; checkedAt: string }) {
  const exhausted = quota.health === "down" && quota.used !== null;
  // Counted from the server's check, not the browser's clock.
  const resetsAt = quota.resetSeconds === null ? null : formatBankTime(new Date(Date.parse(checkedAt) + quota.resetSeconds * 1000));
  return (
    <Tile title="API quota" health={quota.health} label={exhausted ? "Exhausted" : undefined}>
      <Row label="Used this window" value={quota.used === null ? "—" : `${n(quota.used)} of ${n(quota.limit)}`} />
      <Row label="Window resets" value={resetsAt ?? "—"} />
      {exhausted ? (
        <p className="pt-1 text-sm text-red-700 dark:text-red-300" data-testid="api-quota-exhausted">
          Your integrations are refused until the window resets. The portal has its own quota and keeps working.
        </p>
      ) : null}
    </Tile>
  );
}

export function StatusMonitor() {
  const status = useQuery({
    queryKey: systemKeys.status(),
    queryFn: ({ signal }) => portalJson("/api/portal/status", ZSystemStatus, signal),
    refetchInterval: REFRESH_MS,
    staleTime: 0,
  });
  // In bank time with its zone, like every other time on this page (not the browser's zone).
  const checkedFace = status.data ? clockFace(new Date(status.data.checkedAt)) : null;
  const checked = checkedFace ? `${checkedFace.time} ${checkedFace.abbreviation}` : null;

  return (
    <Card aria-labelledby="status-title">
      <CardHeader
        id="status-title"
        title="Service status"
        description="Refreshes every 10 seconds."
        actions={
          <span className="tabular text-xs text-slate-600 dark:text-slate-400" aria-live="off">
            {status.isFetching ? "Checking…" : checked ? `Checked ${checked}` : ""}
          </span>
        }
      />
      <div className="grid min-h-[172px] gap-4 p-5 sm:grid-cols-2 xl:grid-cols-5">
        {status.isPending ? (
          [0, 1, 2, 3, 4].map((i) => <Skeleton key={i} className="h-[150px] w-full rounded-lg" />)
        ) : status.isError ? (
          <ErrorState className="sm:col-span-2 xl:col-span-5" title="Status could not be read" error={status.error} onRetry={() => void status.refetch()} />
        ) : (
          <Tiles s={status.data} />
        )}
      </div>
    </Card>
  );
}
