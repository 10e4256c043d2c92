import { Badge } from "@/components/ui/badge";

/** Its own module: the delivery log shows it without loading the subscriptions page and its form (react-hook-form, zod). */
export function SubscriptionStatus({ active }: { active: boolean }) {
  return active ? <Badge tone="green">Active</Badge> : <Badge tone="neutral">Inactive</Badge>;
}
