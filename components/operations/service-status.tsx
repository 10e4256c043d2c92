import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { Cell, DataTable } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/state-message";
import type { TBankStatus } from "@/lib/contract/system/bank-status";
import { formatBankDateTime, formatWaited } from "@/lib/contract/time/date-format";

/** Due work older than this means the workers are not keeping up (the client monitor's rule). */
const QUEUE_LAG_WARN_S = 60;

/** A right-aligned column of figures. */
const figures = (label: string) => ({ label, align: "right" as const });
const n = (value: number) => value.toLocaleString("en-US");

function Figure({ label, value, note, tone }: { label: string; value: string; note: ReactNode; tone?: "amber" | "red" }) {
  return (
    <div className="rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <p className="text-sm text-slate-600 dark:text-slate-400">{label}</p>
      <p
        className={`tabular mt-1 text-2xl font-semibold ${tone === "red" ? "text-red-700 dark:text-red-300" : tone === "amber" ? "text-amber-800 dark:text-amber-200" : ""}`}
      >
        {value}
      </p>
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{note}</p>
    </div>
  );
}

/**
 * The whole service as bank operators watch it (issue 15): each instance by
 * its heartbeat, the queue by kind, the oldest due task and the webhook
 * backlog, across every client. Times in bank time with the zone.
 */
export function ServiceStatus({ status }: { status: TBankStatus }) {
  const alive = status.instances.filter((i) => i.alive).length;
  const due = status.queue.reduce((sum, q) => sum + q.due, 0);
  const open = status.queue.reduce((sum, q) => sum + q.open, 0);
  const oldest = status.oldestDue;
  const lagging = oldest !== null && oldest.waitingSeconds > QUEUE_LAG_WARN_S;
  return (
    <div className="space-y-6">
      <section aria-label="Summary" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Figure
          label="Instances alive"
          value={`${n(alive)} of ${n(status.instances.length)}`}
          note={`A heartbeat within ${status.aliveWithinSeconds} s`}
          tone={alive === 0 ? "red" : alive < status.instances.length ? "amber" : undefined}
        />
        <Figure label="Queue depth" value={n(due)} note={`due now; ${n(open)} open in all`} tone={lagging ? "amber" : undefined} />
        <Figure
          label="Oldest due task"
          value={oldest ? formatWaited(oldest.waitingSeconds) : "None"}
          note={oldest ? `${oldest.kind} waiting` : "Nothing is waiting"}
          tone={lagging ? "amber" : undefined}
        />
        <Figure
          label="Webhook backlog"
          value={n(status.webhooks.pending)}
          note={`pending deliveries; ${n(status.webhooks.failedLastDay)} failed in 24 h`}
          tone={status.webhooks.failedLastDay > 0 ? "amber" : undefined}
        />
      </section>

      <Card aria-labelledby="instances-title">
        <CardHeader
          id="instances-title"
          title="Instances"
          description="One row per server process, by its last heartbeat (processes silent for a day are left out)."
        />
        {status.instances.length === 0 ? (
          <EmptyState title="No heartbeats">No instance has reported in the last day. Check that the servers are running and reach the database.</EmptyState>
        ) : (
          <DataTable caption="Instances by heartbeat" columns={["Instance", "Started", figures("Last heartbeat"), "State"]}>
            {status.instances.map((i) => (
              <tr key={i.workerId}>
                <Cell mono className="text-xs">
                  {i.workerId}
                </Cell>
                <Cell className="whitespace-nowrap">{formatBankDateTime(i.startedAt)}</Cell>
                <Cell numeric className="whitespace-nowrap">
                  {formatWaited(i.lastSeenSeconds)} ago
                </Cell>
                <Cell>
                  <Badge tone={i.alive ? "green" : "red"}>{i.alive ? "Alive" : "Stopped"}</Badge>
                </Cell>
              </tr>
            ))}
          </DataTable>
        )}
      </Card>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card aria-labelledby="queue-title">
          <CardHeader
            id="queue-title"
            title="Queue"
            description="Open tasks by kind: due now, running under a lease, and how long the oldest due one has waited."
          />
          {status.queue.length === 0 ? (
            <EmptyState title="The queue is empty">No task is waiting or running.</EmptyState>
          ) : (
            <DataTable caption="Open tasks by kind" columns={["Kind", figures("Open"), figures("Due"), figures("Running"), figures("Oldest due")]}>
              {status.queue.map((q) => (
                <tr key={q.kind}>
                  <Cell mono className="text-xs">
                    {q.kind}
                  </Cell>
                  <Cell numeric>{n(q.open)}</Cell>
                  <Cell numeric>{n(q.due)}</Cell>
                  <Cell numeric>{n(q.running)}</Cell>
                  <Cell numeric className="whitespace-nowrap">
                    {q.oldestDueSeconds === null ? "—" : formatWaited(q.oldestDueSeconds)}
                  </Cell>
                </tr>
              ))}
            </DataTable>
          )}
          {oldest ? (
            <dl
              className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 border-t border-slate-200 px-5 py-3 text-sm dark:border-slate-800"
              aria-label="Oldest due task"
            >
              <dt className="text-slate-600 dark:text-slate-400">Oldest due</dt>
              <dd>
                <span className="font-mono text-xs">{oldest.kind}</span> #{oldest.taskId}
                {oldest.clientId ? <span className="text-slate-600 dark:text-slate-400"> · client {oldest.clientId}</span> : null}
              </dd>
              <dt className="text-slate-600 dark:text-slate-400">Due since</dt>
              <dd>
                {formatBankDateTime(oldest.runAt)} ({formatWaited(oldest.waitingSeconds)})
              </dd>
              <dt className="text-slate-600 dark:text-slate-400">Attempts</dt>
              <dd>
                {n(oldest.attempts)}
                {oldest.lastError ? <span className="block text-red-700 break-words dark:text-red-300">{oldest.lastError}</span> : null}
              </dd>
            </dl>
          ) : null}
        </Card>

        <Card aria-labelledby="webhooks-title">
          <CardHeader
            id="webhooks-title"
            title="Webhook backlog"
            description="Deliveries still being tried, per client, with the failures of the last 24 hours."
          />
          {status.webhooks.byClient.length === 0 ? (
            <EmptyState title="No backlog">Every webhook delivery has gone out, and none failed in the last 24 hours.</EmptyState>
          ) : (
            <DataTable caption="Webhook backlog by client" columns={["Client", figures("Pending"), figures("Oldest pending"), figures("Failed (24 h)")]}>
              {status.webhooks.byClient.map((c) => (
                <tr key={c.clientId}>
                  <Cell mono className="text-xs">
                    {c.clientId}
                  </Cell>
                  <Cell numeric>{n(c.pending)}</Cell>
                  <Cell numeric className="whitespace-nowrap">
                    {c.pending > 0 ? formatWaited(c.oldestPendingSeconds) : "—"}
                  </Cell>
                  <Cell numeric>{n(c.failedLastDay)}</Cell>
                </tr>
              ))}
            </DataTable>
          )}
        </Card>
      </div>
    </div>
  );
}
