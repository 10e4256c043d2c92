import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ConfirmAction } from "@/components/operations/confirm-action";
import { OpsForm } from "@/components/operations/ops-form";
import { Badge } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { Cell, DataTable } from "@/components/ui/data-table";
import { PageHeader } from "@/components/ui/page-header";
import { EmptyState } from "@/components/ui/state-message";
import { ZClientId } from "@/lib/contract/ops/schema";
import { listAccountsOf } from "@/lib/server/domain/operations/accounts";
import { findClientView } from "@/lib/server/domain/operations/clients";
import { requireOperator } from "@/lib/server/entry/console/operator-session";
import { listUsersOf } from "@/lib/server/domain/operations/users";
import { getRuntime } from "@/lib/server/entry/runtime";

export const metadata: Metadata = { title: "Client · Bank operations" };

type Props = { params: Promise<{ clientId: string }> };

export default async function ClientPage({ params }: Props) {
  const { clientId } = await params;
  await requireOperator(`/operations/clients/${encodeURIComponent(clientId)}`);
  if (!ZClientId.safeParse(clientId).success) notFound();
  const runtime = await getRuntime();
  const client = await findClientView(runtime, clientId);
  if (!client) notFound();
  const [accounts, users] = await Promise.all([listAccountsOf(runtime, clientId), listUsersOf(runtime, clientId)]);
  const suspended = client.status === "suspended";

  return (
    <>
      <p className="mb-3 text-sm">
        <Link href="/operations" className="text-brand-700 underline-offset-2 hover:underline dark:text-brand-400">
          ← All clients
        </Link>
      </p>
      <PageHeader
        title={client.name}
        description={
          <>
            <span className="font-mono">{client.clientId}</span> · CIF <span className="font-mono">{client.cif}</span> · {client.signing.toUpperCase()} webhook
            signing · <Badge tone={suspended ? "red" : "green"}>{suspended ? "Suspended" : "Active"}</Badge>
          </>
        }
        actions={
          <>
            {suspended ? (
              <ConfirmAction
                action="client-reactivate"
                input={{ clientId }}
                label="Reactivate"
                title={`Reactivate ${client.name}?`}
                explanation="Its secrets get tokens again and held webhooks are sent."
              />
            ) : (
              <ConfirmAction
                action="client-suspend"
                input={{ clientId }}
                label="Suspend"
                destructive
                title={`Suspend ${client.name}?`}
                explanation="From the next request, its tokens and token requests get 401 and its webhooks are held. Nothing is deleted."
              />
            )}
            <ConfirmAction
              action="client-rotate-secret"
              input={{ clientId }}
              label="Rotate secret"
              title="Issue a new client secret?"
              explanation="The current secrets stay valid for 24 hours, then are refused. The new secret is shown once."
              reveal={{ key: "clientSecret", label: "New client secret" }}
            />
          </>
        }
      />

      <div className="grid gap-6 lg:grid-cols-2">
        <Card className="lg:col-span-2">
          <CardHeader title="Access" description="Permissions take effect at the client's next token." />
          <dl className="space-y-3 p-5 text-sm">
            <div>
              <dt className="font-medium">Permissions</dt>
              <dd className="mt-1 text-slate-700 dark:text-slate-300">{client.permissions.join(", ")}</dd>
            </div>
            <div>
              <dt className="font-medium">IP allow-list</dt>
              <dd className="mt-1 font-mono text-slate-700 dark:text-slate-300">{client.ipAllowList.length ? client.ipAllowList.join(", ") : "Any address"}</dd>
            </div>
            <div>
              <dt className="font-medium">Credentials</dt>
              <dd className="mt-1 text-slate-700 dark:text-slate-300">
                <ul className="space-y-1">
                  {client.credentials.map((c) => (
                    <li key={c.credentialId} className="font-mono text-xs">
                      created {c.createdAt.slice(0, 16).replace("T", " ")} · last used {c.lastUsedAt ? c.lastUsedAt.slice(0, 16).replace("T", " ") : "never"}
                      {c.expiresAt ? ` · valid until ${c.expiresAt.slice(0, 16).replace("T", " ")}` : ""}
                    </li>
                  ))}
                </ul>
              </dd>
            </div>
          </dl>
          <div className="border-t border-slate-200 p-5 dark:border-slate-800">
            <OpsForm form="client-ip-allow-list" fixed={{ clientId }} />
          </div>
        </Card>

        <Card className="lg:col-span-2">
          <CardHeader title="Accounts" description="Opening balances are booked through the ledger." />
          {accounts.length === 0 ? (
            <EmptyState title="No accounts yet">Open the first account below.</EmptyState>
          ) : (
            <DataTable
              caption="Accounts"
              columns={["Number", "Nickname", "Status", { label: "Available", align: "right" }, { label: "Actions", srOnly: true }]}
            >
              {accounts.map((a) => (
                <tr key={a.accountNumber}>
                  <Cell mono>{a.accountNumber}</Cell>
                  <Cell>{a.nickname ?? "—"}</Cell>
                  <Cell>
                    <Badge tone={a.status === "Closed" ? "neutral" : a.status === "INACTIVE" ? "red" : "green"}>
                      {a.status === "INACTIVE" ? "Inactive" : a.status === "ACTIVE" ? "Active" : a.status}
                    </Badge>
                  </Cell>
                  <Cell mono numeric>
                    {a.availableBalance} {a.currency}
                  </Cell>
                  <Cell>
                    {a.status === "Closed" ? null : (
                      <div className="flex flex-wrap justify-end gap-2">
                        {a.status === "INACTIVE" ? (
                          <ConfirmAction
                            action="account-status"
                            input={{ clientId, accountNumber: a.accountNumber, status: "Active" }}
                            label="Activate"
                            title={`Activate account ${a.accountNumber}?`}
                            explanation="It can be debited again from the next payment."
                          />
                        ) : (
                          <ConfirmAction
                            action="account-status"
                            input={{ clientId, accountNumber: a.accountNumber, status: "INACTIVE" }}
                            label="Deactivate"
                            destructive
                            title={`Deactivate account ${a.accountNumber}?`}
                            explanation="Payments from it are refused from the next one. Its balance and history stay."
                          />
                        )}
                        <ConfirmAction
                          action="account-close"
                          input={{ clientId, accountNumber: a.accountNumber }}
                          label="Close"
                          destructive
                          title={`Close account ${a.accountNumber}?`}
                          explanation="Only an account at zero with no pending payment closes. It stays visible to the client as inactive, with its history; it cannot be reopened."
                        />
                      </div>
                    )}
                  </Cell>
                </tr>
              ))}
            </DataTable>
          )}
          <div className="border-t border-slate-200 p-5 dark:border-slate-800">
            <OpsForm form="account-open" fixed={{ clientId }} />
          </div>
        </Card>

        <Card className="lg:col-span-2">
          <CardHeader title="Portal users" description="Invited users set their own password through a single-use link." />
          {users.length === 0 ? (
            <EmptyState title="No portal users yet">Invite the first user below and hand them the link.</EmptyState>
          ) : (
            <DataTable caption="Portal users" columns={["Email", "Role", "Status", { label: "Actions", srOnly: true }]}>
              {users.map((u) => (
                <tr key={u.email}>
                  <Cell>{u.email}</Cell>
                  <Cell>{u.role}</Cell>
                  <Cell>
                    <Badge tone={u.status === "active" ? "green" : u.status === "invited" ? "amber" : "red"}>{u.status}</Badge>
                  </Cell>
                  <Cell className="flex flex-wrap justify-end gap-2">
                    <ConfirmAction
                      action="user-reset-password"
                      input={{ clientId, email: u.email }}
                      label="New link"
                      title={`New set-password link for ${u.email}?`}
                      explanation="Older links stop working. The new link is shown once."
                      reveal={{ key: "inviteUrl", label: "Set-password link" }}
                    />
                    {u.status === "disabled" ? (
                      <ConfirmAction
                        action="user-enable"
                        input={{ clientId, email: u.email }}
                        label="Enable"
                        title={`Enable ${u.email}?`}
                        explanation="They can sign in again."
                      />
                    ) : (
                      <ConfirmAction
                        action="user-disable"
                        input={{ clientId, email: u.email }}
                        label="Disable"
                        destructive
                        title={`Disable ${u.email}?`}
                        explanation="Their sessions end at once and they cannot sign in."
                      />
                    )}
                  </Cell>
                </tr>
              ))}
            </DataTable>
          )}
          <div className="border-t border-slate-200 p-5 dark:border-slate-800">
            <OpsForm form="user-invite" fixed={{ clientId }} />
          </div>
        </Card>
      </div>
    </>
  );
}
