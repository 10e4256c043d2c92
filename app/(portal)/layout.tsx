import type { ReactNode } from "react";
import { Providers } from "@/components/providers";
import { PortalUserProvider } from "@/components/portal-user";
import { AppShell } from "@/components/shell/app-shell";
import { IdleMonitor } from "@/components/shell/idle-monitor";
import { getPortalUser, requestPath, requirePortalUser } from "@/lib/server/entry/portal/session";
import { getConfig } from "@/lib/server/core/config";

/**
 * The signed-in frame. Access control is each page's own first line
 * (`requirePortalUser`): this layout is not re-rendered on client-side
 * navigation, so it cannot be the only gate. It is the first one on a full
 * page load: it runs before the loading boundary streams a 200, so an ended
 * or missing session gets a real redirect, not a page that redirects later.
 */
export default async function PortalLayout({ children }: { children: ReactNode }) {
  const user = await getPortalUser();
  if (!user || user.mustEnrol) await requirePortalUser(await requestPath());
  if (!user) return children;
  return (
    <PortalUserProvider user={{ name: user.name, email: user.email, role: user.role, clientId: user.clientId, clientName: user.clientName }}>
      <Providers>
        <AppShell env={getConfig().appEnv}>{children}</AppShell>
        <IdleMonitor />
      </Providers>
    </PortalUserProvider>
  );
}
