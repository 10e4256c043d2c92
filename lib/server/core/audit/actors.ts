import "server-only";
import type { AuditActor, AuditEntry } from "@/lib/server/core/audit/write";

/**
 * The one place an audit actor is spelled (docs/audit.md, decisions §11 "attribution"): a person's act carries the
 * person, an integration's the client, a console action the operator (a person: `user:<id>`), a job or the command
 * line `system:<name>`. Nothing else writes `user:`, `client:` or `system:` by hand.
 */

/** The actor of a request made with an API client's own token (an integration: no person behind it). */
export function clientActor(clientId: string): AuditActor {
  return `client:${clientId}`;
}

/** The actor of a person's own action: a portal user (their portal token, sign-in, sign-out) or a bank operator. */
export function userActor(userId: string): AuditActor {
  return `user:${userId}`;
}

/** The actor of the bank's own processes: a worker job, the operations CLI, the demo seed. */
export function systemActor(name: string): AuditActor {
  return `system:${name}`;
}

/** A failed sign-in whose email names nobody: there is no one to attribute it to. */
export const ANONYMOUS_ACTOR = "anonymous";

/**
 * Who acted, for which organisation, from where: what every audit row of an action carries, handed to the service
 * instead of a bare actor string. The pipeline's `ctx.actor` (lib/server/core/actor.ts) is one; a job's or the
 * CLI's has no ip, and a job's no correlation id. A row is `writeAudit(tx, { ...audit, action, entity, entityId })`.
 */
export type AuditContext = {
  clientId: string;
  actor: AuditEntry["actor"];
  ip: string | null;
  correlationId: string | null;
};
