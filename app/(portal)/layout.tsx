import type { ReactNode } from "react";
import { Providers } from "@/components/providers";
import { PortalUserProvider } from "@/components/portal-user";
import { AppShell } from "@/components/shell/app-shell";
import { IdleMonitor } from "@/components/shell/idle-monitor";
import { getPortalUser } from "@/lib/server/auth/session";
import { getConfig } from "@/lib/server/config";

/**
 * The signed-in frame. Access control is each page's own first line
 * (`requirePortalUser`): this layout is not re-rendered on client-side
 * navigation, so it cannot be the gate.
 */
export default async function PortalLayout({ children }: { children: ReactNode }) {
  const user = await getPortalUser();
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
