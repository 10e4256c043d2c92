import { Badge, type Tone } from "@/components/ui/badge";
import { DRAFT_STATUS_LABELS, type TDraftStatus } from "@/lib/contract/approvals/schema";

const TONES: Record<TDraftStatus, Tone> = {
  AwaitingApproval: "amber",
  Submitting: "blue",
  Submitted: "green",
  Rejected: "red",
  Refused: "red",
  Expired: "neutral",
};

export function DraftStatusBadge({ status }: { status: TDraftStatus }) {
  return <Badge tone={TONES[status]}>{DRAFT_STATUS_LABELS[status]}</Badge>;
}
