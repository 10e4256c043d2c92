import "server-only";
import type { AuditActor } from "@/lib/server/audit/write";

/** The actor of a request made with an API client's token (the portal's calls included). */
export function clientActor(clientId: string): AuditActor {
  return `client:${clientId}`;
}

/** The actor of a portal user's own action (sign-in, approvals, policies, roles). */
export function userActor(userId: string): AuditActor {
  return `user:${userId}`;
}

/** The actor of the bank's own processes: the worker, the operations CLI. */
export function systemActor(name: string): AuditActor {
  return `system:${name}`;
}
