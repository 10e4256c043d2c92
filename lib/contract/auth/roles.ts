import type { Permission } from "@/lib/contract/auth/permissions";

/**
 * Portal roles (decisions §9) and what each may do. A portal user never gets
 * more than their client holds: the access token minted for them carries
 * `role scopes ∩ client permissions`, so the API enforces the role too.
 */
export const ROLES = ["viewer", "treasurer", "approver", "admin"] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

const READ: readonly Permission[] = [
  "get-account",
  "get-all-accounts",
  "get-payment-status",
  "get-virtual-account-transactions",
  "get-virtual-accounts",
  "get-a-virtual-account",
  "get-account-transactions",
  // Everyone may see the saved payments; saving one needs its rail's permission (lib/contract/payment-templates).
  "payment-templates",
];

/** Paying and running virtual accounts are the treasury's day-to-day operations. */
const OPERATE: readonly Permission[] = [
  "payment-ach",
  "payment-swift",
  "payment-internal",
  "create-virtual-account",
  "update-virtual-account",
  "payment-batch",
  "counterparties",
  "standing-orders",
];

/** Webhooks, signing secrets and the UAT sandbox change how the client integrates: admins only. */
const ADMINISTER: readonly Permission[] = ["receive-notifications", "sandbox"];

export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  viewer: READ,
  treasurer: [...READ, ...OPERATE],
  /** Approves what treasurers draft (lib/server/domain/approvals); pays nothing itself. */
  approver: [...READ, "counterparties"],
  admin: [...READ, ...OPERATE, ...ADMINISTER],
};

/**
 * The scopes of a portal user's access token, in the canonical order of the
 * role's list. A permission the client lacks is dropped, never added.
 */
export function scopesForRole(role: Role, clientPermissions: readonly string[]): Permission[] {
  const granted = new Set(clientPermissions);
  return ROLE_PERMISSIONS[role].filter((permission) => granted.has(permission));
}

const RANK: Readonly<Record<Role, number>> = { viewer: 0, treasurer: 1, approver: 0, admin: 2 };

/** Roles are ordered: a treasurer can do all a viewer can, an admin all a treasurer can. */
export function hasRole(actual: Role, required: Role): boolean {
  return RANK[actual] >= RANK[required];
}

export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  viewer: "Viewer",
  treasurer: "Treasurer",
  approver: "Approver",
  admin: "Administrator",
};

/** Who may approve or reject payment drafts (dual control): approvers and admins, never a viewer or a treasurer. */
export function canApprove(role: Role): boolean {
  return role === "approver" || role === "admin";
}
