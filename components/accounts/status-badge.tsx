import { Badge } from "@/components/ui/badge";
import { isInactive } from "@/lib/portal/accounts/balances";

/** The API spells statuses several ways (`Active`, `ACTIVE`, `INACTIVE`); the portal shows one word each. */
export function StatusBadge({ status }: { status: string }) {
  return isInactive({ status }) ? <Badge tone="amber">Inactive</Badge> : <Badge tone="green">Active</Badge>;
}
