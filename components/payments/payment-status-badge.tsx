import { Badge, type Tone } from "@/components/ui/badge";
import type { TPaymentStatus } from "@/lib/contract/payments/schema";

const TONES: Record<TPaymentStatus, Tone> = {
  Scheduled: "neutral",
  Pending: "blue",
  Completed: "green",
  Failed: "red",
  Reversed: "amber",
  Cancelled: "neutral",
};

export function PaymentStatusBadge({ status }: { status: TPaymentStatus }) {
  return <Badge tone={TONES[status] ?? "neutral"}>{status}</Badge>;
}
