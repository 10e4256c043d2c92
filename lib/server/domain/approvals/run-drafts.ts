import "server-only";
import type { TCreateDraft } from "@/lib/contract/approvals/schema";

type RunDraftInput = Extract<TCreateDraft, { rail: "BATCH" }>;

/**
 * A payment-run draft is stored as its run's JSON body, with the pain.001's identifiers (`pain001`) beside the items
 * when it was drafted from such a file: the approver sees them in the draft's request, and the approved run keeps them.
 */
export function storedRunDraft(input: RunDraftInput): Record<string, unknown> {
  return input.pain001 ? { ...input.request, pain001: input.pain001 } : input.request;
}

/** The draft as it was asked for, from what storedRunDraft stored: each part is parsed again by whoever uses it. */
export function runDraftParts(stored: Record<string, unknown>): { request: Record<string, unknown>; pain001?: unknown } {
  const { pain001, ...request } = stored;
  return pain001 === undefined ? { request } : { request, pain001 };
}
