import type { Role } from "@/lib/contract/auth/roles";

/** What the portal keeps in the session cookie: identifiers only, re-read from the database per request. */
declare module "next-auth" {
  interface Session {
    user: { id: string; email: string; name: string; role: Role; clientId: string };
    /** The server-side session (portal_sessions) this cookie stands for. */
    sessionId?: string;
  }
  interface User {
    id: string;
    email: string;
    name: string;
    role: Role;
    clientId: string;
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    uid?: string;
    role?: Role;
    clientId?: string;
    sid?: string;
  }
}
