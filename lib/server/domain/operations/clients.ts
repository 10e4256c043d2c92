import "server-only";
import { randomBytes, randomUUID } from "node:crypto";
import { PERMISSIONS } from "@/lib/contract/auth/permissions";
import { ApiError } from "@/lib/contract/http/errors";
import { ZClientAllowList, ZClientCreate, ZClientPermissions, ZClientRef, ZSecretRotate } from "@/lib/contract/ops/schema";
import { hashSecret } from "@/lib/server/domain/auth/password";
import { sealSigningSecret } from "@/lib/server/core/crypto/stored-secrets";
import { withTransaction } from "@/lib/server/core/db/transaction";
import type { Queryable } from "@/lib/server/core/db/types";
import { parseInput } from "@/lib/contract/validation";
import { auditOperation, opsActor } from "@/lib/server/core/audit/operation";
import * as repo from "@/lib/server/domain/operations/clients-repo";
import type { OpsContext } from "@/lib/server/core/operation-context";

/** Onboarding and life cycle of API clients (docs/operations.md, Clients). */

/** `sandbox` (decisions §8) exists only in uat; production clients can never hold it. */
function permissionsFor(ctx: OpsContext, requested: string[] | undefined): string[] {
  const all = PERMISSIONS.filter((p) => ctx.appEnv === "uat" || p !== "sandbox");
  if (!requested) return all;
  if (ctx.appEnv !== "uat" && requested.includes("sandbox")) {
    throw new ApiError("VALIDATION_ERROR", "Invalid permissions: sandbox exists only in uat.", { field: "permissions" });
  }
  return requested;
}

export function newClientSecret(): string {
  return `hbs_${randomBytes(32).toString("base64url")}`;
}

export function newSigningSecret(): string {
  return `whsec_${randomBytes(24).toString("base64url")}`;
}

export type CreatedClient = { clientId: string; clientSecret: string };

/**
 * Creates a client and its first credential. The secret is returned here and
 * nowhere else: only its scrypt hash is stored. `clientSecret` may be given
 * by the uat seed (decisions §9 fixes the demo secrets); never in production.
 */
export async function createClient(ctx: OpsContext, input: unknown, fixedSecret?: string): Promise<CreatedClient> {
  const data = parseInput(ZClientCreate, input);
  const permissions = permissionsFor(ctx, data.permissions);
  if (fixedSecret !== undefined && ctx.appEnv !== "uat") throw new Error("fixed client secrets exist only in uat");
  const clientSecret = fixedSecret ?? newClientSecret();
  const secretHash = await hashSecret(clientSecret);
  return withTransaction(ctx.db, async (tx) => {
    const row = await repo.insertClient(tx, {
      clientId: data.clientId,
      name: data.name,
      cif: data.cif,
      permissions,
      ipAllowList: data.ipAllowList ?? [],
      signing: data.signing,
      signingSecret: data.signing === "hmac" ? sealSigningSecret(newSigningSecret()) : null,
    });
    if (!row) throw new ApiError("ALREADY_EXISTS", `A client with id ${data.clientId} already exists.`, { field: "clientId" });
    const credentialId = randomUUID();
    await repo.insertCredential(tx, data.clientId, credentialId, secretHash);
    await auditOperation(tx, { ...audit(ctx, data.clientId, "client.created"), before: null, after: { ...publicView(row), credentialId } });
    return { clientId: data.clientId, clientSecret };
  });
}

function audit(ctx: OpsContext, clientId: string, action: string) {
  return { clientId, ...opsActor(ctx), action, entity: "client", entityId: clientId };
}

export type ClientView = {
  clientId: string;
  name: string;
  cif: string;
  permissions: string[];
  ipAllowList: string[];
  signing: "rsa" | "hmac";
  status: "active" | "suspended";
  createdAt: string;
};

function publicView(row: repo.ClientRow): ClientView {
  return {
    clientId: row.client_id,
    name: row.name,
    cif: row.cif,
    permissions: row.permissions,
    ipAllowList: row.ip_allow_list,
    signing: row.signing_mode,
    status: row.suspended_at ? "suspended" : "active",
    createdAt: row.created_at.toISOString(),
  };
}

export async function requireClient(db: Queryable, clientId: string, lock = false): Promise<repo.ClientRow> {
  const row = lock ? await repo.lockClient(db, clientId) : await repo.findClient(db, clientId);
  if (!row) throw new ApiError("CLIENT_NOT_FOUND", `There is no client ${clientId}.`, { field: "clientId" });
  return row;
}

export async function listClients(ctx: Pick<OpsContext, "db">): Promise<ClientView[]> {
  return (await repo.listClients(ctx.db)).map(publicView);
}

export type ClientDetail = ClientView & {
  credentials: Array<{ credentialId: string; createdAt: string; expiresAt: string | null; lastUsedAt: string | null }>;
};

export async function showClient(ctx: Pick<OpsContext, "db">, input: unknown): Promise<ClientDetail> {
  const { clientId } = parseInput(ZClientRef, input);
  return describeClient(ctx.db, await requireClient(ctx.db, clientId));
}

/** The console's client page: null for an unknown id (the page answers 404). */
export async function findClientView(ctx: Pick<OpsContext, "db">, clientId: string): Promise<ClientDetail | null> {
  const row = await repo.findClient(ctx.db, clientId);
  return row ? describeClient(ctx.db, row) : null;
}

async function describeClient(db: Queryable, row: repo.ClientRow): Promise<ClientDetail> {
  const clientId = row.client_id;
  const credentials = (await repo.listCredentials(db, clientId)).map((c) => ({
    credentialId: c.credential_id,
    createdAt: c.created_at.toISOString(),
    expiresAt: c.expires_at?.toISOString() ?? null,
    lastUsedAt: c.last_used_at?.toISOString() ?? null,
  }));
  return { ...publicView(row), credentials };
}

/** A change to one client under its row lock, audited with the state before and after. */
async function changeClient(ctx: OpsContext, clientId: string, action: string, change: (tx: Queryable) => Promise<repo.ClientRow>): Promise<ClientView> {
  return withTransaction(ctx.db, async (tx) => {
    const before = publicView(await requireClient(tx, clientId, true));
    const after = publicView(await change(tx));
    await auditOperation(tx, { ...audit(ctx, clientId, action), before, after });
    return after;
  });
}

/**
 * Suspension takes effect on the next request: the token endpoint and every
 * API request's admission read `suspended_at`, and deliveries are not sent.
 */
export async function suspendClient(ctx: OpsContext, input: unknown): Promise<ClientView> {
  const { clientId } = parseInput(ZClientRef, input);
  return changeClient(ctx, clientId, "client.suspended", (tx) => repo.setSuspended(tx, clientId, true));
}

export async function reactivateClient(ctx: OpsContext, input: unknown): Promise<ClientView> {
  const { clientId } = parseInput(ZClientRef, input);
  return changeClient(ctx, clientId, "client.reactivated", (tx) => repo.setSuspended(tx, clientId, false));
}

/** Takes effect at the client's next token: issued tokens keep their scopes until they expire. */
export async function setClientPermissions(ctx: OpsContext, input: unknown): Promise<ClientView> {
  const data = parseInput(ZClientPermissions, input);
  const permissions = permissionsFor(ctx, data.permissions);
  return changeClient(ctx, data.clientId, "client.permissions_changed", (tx) => repo.setPermissions(tx, data.clientId, permissions));
}

export async function setClientAllowList(ctx: OpsContext, input: unknown): Promise<ClientView> {
  const data = parseInput(ZClientAllowList, input);
  return changeClient(ctx, data.clientId, "client.ip_allow_list_changed", (tx) => repo.setAllowList(tx, data.clientId, data.ipAllowList));
}

/**
 * Issues a new secret (returned once) and gives every current secret an end
 * `overlapHours` from now, so deployments can switch without an outage.
 */
export async function rotateClientSecret(ctx: OpsContext, input: unknown): Promise<CreatedClient & { credentialId: string; previousValidHours: number }> {
  const data = parseInput(ZSecretRotate, input);
  const clientSecret = newClientSecret();
  const secretHash = await hashSecret(clientSecret);
  return withTransaction(ctx.db, async (tx) => {
    await requireClient(tx, data.clientId, true);
    const expired = await repo.expireOpenCredentials(tx, data.clientId, data.overlapHours);
    const credentialId = randomUUID();
    await repo.insertCredential(tx, data.clientId, credentialId, secretHash);
    await auditOperation(tx, {
      ...audit(ctx, data.clientId, "client.secret_rotated"),
      before: { endedCredentials: expired, overlapHours: data.overlapHours },
      after: { credentialId },
    });
    return { clientId: data.clientId, clientSecret, credentialId, previousValidHours: data.overlapHours };
  });
}
