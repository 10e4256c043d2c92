"use client";

import { createContext, useContext, type ReactNode } from "react";
import type { Role } from "@/lib/contract/auth/roles";

/** What the browser knows about the signed-in user: display only, never a credential. */
export type ClientUser = { name: string; email: string; role: Role; clientId: string; clientName: string };

const PortalUserContext = createContext<ClientUser | null>(null);

export function PortalUserProvider({ user, children }: { user: ClientUser; children: ReactNode }) {
  return <PortalUserContext.Provider value={user}>{children}</PortalUserContext.Provider>;
}

export function usePortalUser(): ClientUser {
  const user = useContext(PortalUserContext);
  if (!user) throw new Error("usePortalUser outside the portal shell");
  return user;
}
