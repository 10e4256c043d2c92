/** Permission claims (spec §5, plus `sandbox` from decisions §8). */
export const PERMISSIONS = [
  "get-account",
  "get-all-accounts",
  "get-payment-status",
  "payment-ach",
  "payment-swift",
  "get-virtual-account-transactions",
  "create-virtual-account",
  "get-virtual-accounts",
  "get-a-virtual-account",
  "update-virtual-account",
  "receive-notifications",
  "sandbox",
  // Beyond the specification (decisions §10): account transactions and statements, internal transfers.
  "get-account-transactions",
  "payment-internal",
  // Payments at corporate scale (decisions §11): payment runs (each item also needs its rail's permission).
  "payment-batch",
  "counterparties",
  // Saved payments (issue 21): reading; saving one also needs its rail's permission.
  "payment-templates",
  // Standing orders (decisions §11): each also needs its rail's permission.
  "standing-orders",
] as const;

export type Permission = (typeof PERMISSIONS)[number];

export function isPermission(value: string): value is Permission {
  return (PERMISSIONS as readonly string[]).includes(value);
}
