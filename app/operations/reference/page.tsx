import type { Metadata } from "next";
import { ConfirmAction } from "@/components/operations/confirm-action";
import { OpsForm } from "@/components/operations/ops-form";
import { Badge } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { Cell, DataTable } from "@/components/ui/data-table";
import { PageHeader } from "@/components/ui/page-header";
import { EmptyState } from "@/components/ui/state-message";
import { requireOperator } from "@/lib/server/entry/console/operator-session";
import { getAchCutoff, listFxRates, listHolidays } from "@/lib/server/domain/operations/reference";
import { getRuntime } from "@/lib/server/entry/runtime";

export const metadata: Metadata = { title: "Reference data · Bank operations" };

const WHEN = new Intl.DateTimeFormat("en-GB", { timeZone: "Atlantic/Bermuda", dateStyle: "medium", timeStyle: "short" });
const WEEKDAY = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", weekday: "short" });

export default async function ReferenceDataPage() {
  await requireOperator("/operations/reference");
  const runtime = await getRuntime();
  const thisYear = new Date().getUTCFullYear();
  const [holidays, rates, cutoff] = await Promise.all([listHolidays(runtime), listFxRates(runtime), getAchCutoff(runtime)]);
  const coming = holidays.filter((h) => Number(h.date.slice(0, 4)) >= thisYear);

  return (
    <>
      <PageHeader
        title="Reference data"
        description="The settlement calendar, FX rates and the ACH cut-off. Every running server uses a change from its next payment; no restart. Every change is audited under your name."
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader title="ACH cut-off" description={`Payments before ${cutoff.time} bank time (Atlantic/Bermuda) on a business day settle that day.`} />
          <p className="px-5 text-sm text-slate-700 dark:text-slate-300">
            Now <span className="font-mono text-base font-semibold">{cutoff.time}</span>, set {WHEN.format(new Date(cutoff.setAt))}.
          </p>
          <div className="p-5">
            <OpsForm form="ach-cutoff-set" />
          </div>
        </Card>

        <Card>
          <CardHeader title="Add a holiday" description="Payments never settle on a bank holiday; an existing holiday is renamed." />
          <div className="p-5">
            <OpsForm form="holiday-add" />
          </div>
        </Card>

        <Card className="lg:col-span-2">
          <CardHeader title="Bank holidays" description={`From ${thisYear} on: ${coming.length} day${coming.length === 1 ? "" : "s"}.`} />
          {coming.length === 0 ? (
            <EmptyState title="No holidays from this year on">
              Add a day above or import a year below; until then only weekends are not business days.
            </EmptyState>
          ) : (
            <DataTable caption="Bank holidays" scrollRegion="Bank holidays" columns={["Date", "Holiday", { label: "Actions", srOnly: true }]}>
              {coming.map((h) => (
                <tr key={h.date}>
                  <Cell mono className="whitespace-nowrap">
                    {h.date} <span className="font-sans text-xs text-slate-500 dark:text-slate-400">{WEEKDAY.format(new Date(`${h.date}T00:00:00Z`))}</span>
                  </Cell>
                  <Cell>{h.name}</Cell>
                  <Cell className="text-right">
                    <ConfirmAction
                      action="holiday-remove"
                      input={{ date: h.date }}
                      label="Remove"
                      destructive
                      title={`Remove ${h.name} (${h.date})?`}
                      explanation="It becomes a business day: payments may settle on it from the next one."
                    />
                  </Cell>
                </tr>
              ))}
            </DataTable>
          )}
          <div className="border-t border-slate-200 p-5 dark:border-slate-800">
            <h3 className="mb-3 text-sm font-semibold">Import a year</h3>
            <OpsForm form="holiday-import" />
          </div>
        </Card>

        <Card className="lg:col-span-2">
          <CardHeader
            title="FX rates"
            description="Units of the second currency for one of the first. History is kept; payments use the rate in effect when they are made."
          />
          {rates.length === 0 ? (
            <EmptyState title="No rates quoted">Cross-currency payments are refused until a rate is set below.</EmptyState>
          ) : (
            <DataTable
              caption="FX rates and their history"
              scrollRegion="FX rates and their history"
              columns={["Pair", { label: "Rate", align: "right" }, "Effective from", "State"]}
            >
              {rates.map((r) => {
                return (
                  <tr key={`${r.from}${r.to}${r.effectiveAt}`} className={r.current || r.scheduled ? undefined : "text-slate-500 dark:text-slate-400"}>
                    <Cell mono>
                      {r.from}/{r.to}
                    </Cell>
                    <Cell mono numeric>
                      {r.rate.replace(/0+$/, "").replace(/\.$/, "")}
                    </Cell>
                    <Cell>{r.effectiveAt.startsWith("1970-") ? "Always" : WHEN.format(new Date(r.effectiveAt))}</Cell>
                    <Cell>{r.current ? <Badge tone="green">Current</Badge> : r.scheduled ? <Badge tone="neutral">Scheduled</Badge> : "Earlier"}</Cell>
                  </tr>
                );
              })}
            </DataTable>
          )}
          <div className="border-t border-slate-200 p-5 dark:border-slate-800">
            <OpsForm form="fx-rate-set" />
          </div>
        </Card>
      </div>
    </>
  );
}
