"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { isCurrent, NAV_ITEMS } from "@/components/shell/nav-items";
import { usePortalUser } from "@/components/portal-user";
import { ApprovalsBadge } from "@/components/approvals/approvals-badge";
import { cx } from "@/components/ui/cx";
import { hasRole } from "@/lib/contract/auth/roles";

export function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const pathname = usePathname();
  const { role } = usePortalUser();
  return (
    <ul className="space-y-0.5">
      {NAV_ITEMS.filter((item) => hasRole(role, item.role)).map(({ href, label, icon: Icon, badge }) => {
        const current = isCurrent(pathname, href);
        return (
          <li key={href}>
            <Link
              href={href}
              onClick={onNavigate}
              aria-current={current ? "page" : undefined}
              className={cx(
                "flex items-center gap-2.5 rounded-md px-2.5 py-2 text-sm font-medium transition-colors",
                current
                  ? "bg-brand-50 text-brand-800 dark:bg-brand-900/60 dark:text-brand-100"
                  : "text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white",
              )}
            >
              <Icon className={current ? "text-brand-700 dark:text-brand-300" : "text-slate-500 dark:text-slate-400"} />
              {label}
              {badge === "approvals" ? <ApprovalsBadge /> : null}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
