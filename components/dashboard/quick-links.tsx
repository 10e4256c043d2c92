import Link from "next/link";
import { ChevronIcon } from "@/components/ui/icons";
import { Card, CardHeader } from "@/components/ui/card";
import { usePortalUser } from "@/components/portal-user";
import { hasRole } from "@/lib/contract/auth/roles";

type Task = { href: string; title: string; detail: string };

/** Only tasks the portal can really do today, and only those the role allows. */
export function QuickLinks({ isAdmin }: { isAdmin: boolean }) {
  const { role } = usePortalUser();
  const tasks: Task[] = [
    { href: "/accounts", title: "Browse accounts", detail: "Balances, owners and routing details" },
    ...(hasRole(role, "treasurer") ? [{ href: "/payments", title: "Make a payment", detail: "ACH in USD or BMD, or SWIFT with an FX quote" }] : []),
    ...(hasRole(role, "treasurer")
      ? [{ href: "/payments/transfer/new", title: "Transfer between accounts", detail: "Your own accounts, converted when currencies differ" }]
      : []),
    { href: "/accounts#export", title: "Download reconciliation CSV", detail: "Every account, one row each" },
    { href: "/system", title: "Check the ACH cut-off", detail: "Bank time and today's deadline" },
    { href: "/developers", title: "Read the API reference", detail: "Endpoints, schemas and error codes" },
    ...(isAdmin ? [{ href: "/developers/access", title: "Get an API token", detail: "Client-credentials commands" }] : []),
  ];
  return (
    <Card aria-labelledby="tasks-title" className="self-start">
      <CardHeader id="tasks-title" title="Common tasks" />
      <ul className="divide-y divide-slate-200 dark:divide-slate-800">
        {tasks.map((task) => (
          <li key={task.href}>
            <Link href={task.href} className="flex items-center gap-3 px-5 py-3 hover:bg-slate-50 dark:hover:bg-slate-800/60">
              <span className="min-w-0 flex-1">
                <span className="block text-sm font-medium text-slate-900 dark:text-slate-100">{task.title}</span>
                <span className="block text-sm text-slate-600 dark:text-slate-400">{task.detail}</span>
              </span>
              <ChevronIcon className="text-slate-400" />
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
