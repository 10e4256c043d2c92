import type { Metadata } from "next";
import Link from "next/link";
import { OpsForm } from "@/components/operations/ops-form";
import { Badge } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { Cell, DataTable } from "@/components/ui/data-table";
import { PageHeader } from "@/components/ui/page-header";
import { EmptyState } from "@/components/ui/state-message";
import { listClients } from "@/lib/server/domain/operations/clients";
import { requireOperator } from "@/lib/server/entry/console/operator-session";
import { getRuntime } from "@/lib/server/entry/runtime";

export const metadata: Metadata = { title: "Bank operations" };

export default async function OperationsHome() {
  await requireOperator("/operations");
  const clients = await listClients(await getRuntime());
  return (
    <>
      <PageHeader
        title="Clients"
        description="Onboard clients, open their accounts and invite their people. Every change is audited under your name."
        actions={
          <Link href="/operations/reference" className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-400">
            Reference data: holidays, FX rates, ACH cut-off →
          </Link>
        }
      />
      <Card className="mb-6">
        <CardHeader title="All clients" description={`${clients.length} client${clients.length === 1 ? "" : "s"}`} />
        {clients.length === 0 ? (
          <EmptyState title="No clients yet">Create the first client below; its secret is shown once.</EmptyState>
        ) : (
          <DataTable caption="Clients" columns={["Client", "CIF", "Signing", "Status"]}>
            {clients.map((c) => (
              <tr key={c.clientId}>
                <Cell>
                  <Link
                    href={`/operations/clients/${c.clientId}`}
                    className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-400"
                  >
                    {c.name}
                  </Link>
                  <span className="ml-2 font-mono text-xs text-slate-500 dark:text-slate-400">{c.clientId}</span>
                </Cell>
                <Cell mono>{c.cif}</Cell>
                <Cell className="uppercase">{c.signing}</Cell>
                <Cell>
                  <Badge tone={c.status === "active" ? "green" : "red"}>{c.status === "active" ? "Active" : "Suspended"}</Badge>
                </Cell>
              </tr>
            ))}
          </DataTable>
        )}
      </Card>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader title="New client" description="Creates the client and its first secret, with every permission unless you list some." />
          <div className="p-5">
            <OpsForm form="client-create" />
          </div>
        </Card>
        <Card>
          <CardHeader title="ACH bank codes" description="Running servers use a new code from their next payment; no restart." />
          <div className="p-5">
            <OpsForm form="bank-code-add" />
          </div>
        </Card>
      </div>
    </>
  );
}
