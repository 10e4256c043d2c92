import type { Role } from "@/lib/contract/auth/roles";
import type { StaffRole } from "@/lib/contract/auth/staff";

/** What the portal keeps in the session cookie: identifiers only, re-read from the database per request. */
declare module "next-auth" {
  interface Session {
    /** clientId is "" for an operator (bank staff belong to no client). */
    user: { id: string; email: string; name: string; role: Role | StaffRole; clientId: string };
    /** The server-side session (portal_sessions) this cookie stands for. */
    sessionId?: string;
  }
  interface User {
    id: string;
    email: string;
    name: string;
    role: Role | StaffRole;
    clientId: string;
    /** Sign-in only: the address it came from, for its audit row (never stored in the cookie). */
    ip?: string | null;
    /** Sign-in only: the request's correlation id, for its audit row (never stored in the cookie). */
    correlationId?: string | null;
    /** Sign-in only: when the second factor was proven, for the new session (never stored in the cookie). */
    secondFactorAt?: string | null;
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    uid?: string;
    role?: Role | StaffRole;
    clientId?: string;
    sid?: string;
  }
}
