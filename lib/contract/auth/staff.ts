/**
 * The bank's own staff role (docs/operations.md). An operator belongs to no
 * client: they use the Bank operations area only, never a client's pages or
 * API. Kept apart from the client roles (roles.ts) so no client-role check
 * can ever rank it.
 */
export const OPERATOR_ROLE = "operator" as const;
export type StaffRole = typeof OPERATOR_ROLE;
