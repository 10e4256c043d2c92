import type { ComponentType, SVGProps } from "react";
import { AccountsIcon, BookIcon, ClockIcon, HomeIcon, KeyIcon, LayersIcon, ListIcon, PaymentsIcon, UsersIcon, WebhookIcon } from "@/components/ui/icons";
import type { Role } from "@/lib/contract/auth/roles";

export type NavItem = { href: string; label: string; icon: ComponentType<SVGProps<SVGSVGElement>>; role: Role; badge?: "approvals" };

/** The portal's sections; an item shows only to roles that may open it. */
export const NAV_ITEMS: readonly NavItem[] = [
  { href: "/dashboard", label: "Dashboard", icon: HomeIcon, role: "viewer" },
  { href: "/accounts", label: "Accounts", icon: AccountsIcon, role: "viewer" },
  { href: "/payments", label: "Payments", icon: PaymentsIcon, role: "viewer" },
  { href: "/payment-runs", label: "Payment runs", icon: LayersIcon, role: "viewer" },
  { href: "/payees", label: "Payees", icon: UsersIcon, role: "viewer" },
  { href: "/payment-templates", label: "Templates", icon: ListIcon, role: "viewer" },
  { href: "/standing-orders", label: "Standing orders", icon: ClockIcon, role: "treasurer" },
  { href: "/approvals", label: "Approvals", icon: ClockIcon, role: "viewer", badge: "approvals" },
  { href: "/approvals/policies", label: "Approval policies", icon: ListIcon, role: "admin" },
  { href: "/virtual-accounts", label: "Virtual accounts", icon: LayersIcon, role: "viewer" },
  { href: "/system", label: "System", icon: ClockIcon, role: "viewer" },
  { href: "/developers", label: "API reference", icon: BookIcon, role: "viewer" },
  { href: "/developers/access", label: "API access", icon: KeyIcon, role: "admin" },
  { href: "/webhooks", label: "Webhooks", icon: WebhookIcon, role: "admin" },
  { href: "/users", label: "Users", icon: UsersIcon, role: "admin" },
  { href: "/audit-log", label: "Audit log", icon: ListIcon, role: "admin" },
  { href: "/security", label: "Sign-in security", icon: KeyIcon, role: "viewer" },
];

/** `/accounts/123` belongs to Accounts; `/developers/access` is not also "API reference". */
export function isCurrent(pathname: string, href: string): boolean {
  if (pathname === href) return true;
  const longer = NAV_ITEMS.some((i) => i.href !== href && i.href.startsWith(href) && pathname.startsWith(i.href));
  return !longer && pathname.startsWith(`${href}/`);
}
