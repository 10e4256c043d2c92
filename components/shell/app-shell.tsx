"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useState, type ReactNode } from "react";
import { EnvBadge } from "@/components/shell/env-badge";
import { HeaderClock } from "@/components/shell/header-clock";
import { NavLinks } from "@/components/shell/nav-links";
import { NotificationBell } from "@/components/notifications/notification-bell";
import { QuotaMeter } from "@/components/shell/quota-meter";
import { ThemeToggle } from "@/components/shell/theme-toggle";
import { UserMenu } from "@/components/shell/user-menu";
import { usePortalUser } from "@/components/portal-user";
import { MenuIcon } from "@/components/ui/icons";

function Brand() {
  return (
    <Link href="/dashboard" className="flex items-center gap-2 rounded-md px-1 py-1">
      <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" className="text-brand-700 dark:text-brand-400">
        <rect x="1" y="1" width="22" height="22" rx="6" fill="currentColor" />
        <path d="M6 16.5c2-1.6 4-1.6 6 0s4 1.6 6 0M8 7v6M16 7v6M8 10h8" stroke="white" strokeWidth="1.8" fill="none" strokeLinecap="round" />
      </svg>
      <span className="text-[15px] font-semibold tracking-tight text-slate-900 dark:text-white">Harbour</span>
    </Link>
  );
}

/** Sidebar on wide screens, a collapsible panel on narrow ones; the main landmark holds the page. */
export function AppShell({ env, children }: { env: "uat" | "production"; children: ReactNode }) {
  // The panel remembers the page it was opened on, so moving to another page closes it without an effect.
  const pathname = usePathname();
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  const menuOpen = openedOn === pathname;
  const setMenuOpen = (open: boolean) => setOpenedOn(open ? pathname : null);
  const { clientName } = usePortalUser();

  return (
    <div className="min-h-screen lg:grid lg:grid-cols-[15rem_1fr]">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-3 py-2 text-sm font-medium focus:not-sr-only focus:fixed focus:top-2 focus:left-2 dark:bg-slate-900"
      >
        Skip to content
      </a>
      <aside className="hidden border-r border-slate-200 bg-white lg:flex lg:flex-col dark:border-slate-800 dark:bg-slate-900">
        <div className="flex h-14 items-center px-4">
          <Brand />
        </div>
        <nav aria-label="Main" className="flex-1 px-3 py-2">
          <NavLinks />
        </nav>
        <p className="border-t border-slate-200 px-4 py-3 text-xs text-slate-500 dark:border-slate-800 dark:text-slate-400">{clientName}</p>
      </aside>
      <div className="flex min-w-0 flex-col">
        <header className="sticky top-0 z-20 flex h-14 items-center gap-3 border-b border-slate-200 bg-white/90 px-4 backdrop-blur sm:px-6 dark:border-slate-800 dark:bg-slate-900/90">
          <button
            type="button"
            className="inline-flex size-9 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 lg:hidden dark:text-slate-200 dark:hover:bg-slate-800"
            aria-expanded={menuOpen}
            aria-controls="mobile-nav"
            onClick={() => setMenuOpen(!menuOpen)}
          >
            <MenuIcon />
            <span className="sr-only">Menu</span>
          </button>
          <div className="lg:hidden">
            <Brand />
          </div>
          <EnvBadge env={env} />
          <div className="ml-auto flex items-center gap-2 sm:gap-4">
            <HeaderClock />
            <QuotaMeter />
            <ThemeToggle />
            <NotificationBell />
            <UserMenu />
          </div>
        </header>
        {menuOpen ? (
          <nav id="mobile-nav" aria-label="Main" className="border-b border-slate-200 bg-white px-3 py-2 lg:hidden dark:border-slate-800 dark:bg-slate-900">
            <NavLinks onNavigate={() => setMenuOpen(false)} />
          </nav>
        ) : null}
        <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:px-6 lg:px-8">
          {children}
        </main>
      </div>
    </div>
  );
}
