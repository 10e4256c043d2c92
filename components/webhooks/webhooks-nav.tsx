"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { cx } from "@/components/ui/cx";

/** The webhooks section's tabs; the sandbox exists only in uat. */
export function WebhooksNav({ env }: { env: "uat" | "production" }) {
  const pathname = usePathname();
  const tabs = [
    { href: "/webhooks", label: "Subscriptions", current: pathname === "/webhooks" || pathname.startsWith("/webhooks/subscriptions") },
    { href: "/webhooks/signing", label: "Signing", current: pathname.startsWith("/webhooks/signing") },
    ...(env === "uat" ? [{ href: "/webhooks/sandbox", label: "Sandbox", current: pathname.startsWith("/webhooks/sandbox") }] : []),
  ];
  return (
    <nav aria-label="Webhooks" className="mb-6 border-b border-slate-200 dark:border-slate-800">
      <ul className="-mb-px flex gap-1">
        {tabs.map((tab) => (
          <li key={tab.href}>
            <Link
              href={tab.href}
              aria-current={tab.current ? "page" : undefined}
              className={cx(
                "inline-flex h-10 items-center border-b-2 px-3 text-sm font-medium",
                tab.current
                  ? "border-brand-700 text-brand-800 dark:border-brand-400 dark:text-brand-100"
                  : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100",
              )}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
