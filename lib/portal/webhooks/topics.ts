import { EVENT_TOPICS, type TEventTopic } from "@/lib/contract/events/schema";

/**
 * The words the portal says about each webhook topic. The topics themselves are the contract's one enum
 * (lib/contract/events/schema.ts, EVENT_TOPICS): a topic added there fails to compile here until it has its words,
 * and the form offers exactly the contract's topics, in its order. Browser-safe.
 */
type TopicWords = {
  /** Its name in a list or a heading. */
  label: string;
  /** One line, for the person choosing: when a delivery is sent. */
  explanation: string;
  /** What it sends, as the subject of a sentence: "New deposits no longer notify it." */
  events: string;
};

export const TOPIC_WORDS: Readonly<Record<TEventTopic, TopicWords>> = {
  Deposits: { label: "Deposits", explanation: "Money arrives in one of your accounts.", events: "New deposits" },
  PaymentStatusChanged: {
    label: "Payment status changes",
    explanation: "A payment moves on: completed, failed, reversed or cancelled.",
    events: "Payment status changes",
  },
  PaymentReturned: {
    label: "Returned payments",
    explanation: "The beneficiary's bank sends a completed payment back, with its reason.",
    events: "Returned payments",
  },
  ApprovalRequested: {
    label: "Approvals requested",
    explanation: "A draft needs an approver's decision before it is sent.",
    events: "Drafts waiting for approval",
  },
  ApprovalDecided: { label: "Approval decisions", explanation: "Someone approves or rejects a draft.", events: "Approval decisions" },
  JobCompleted: { label: "Finished jobs", explanation: "A virtual-account batch or a payment run has finished.", events: "Finished jobs" },
};

export const TOPIC_OPTIONS = EVENT_TOPICS.map((topic) => ({ topic, ...TOPIC_WORDS[topic] }));

/** The notice after a deactivation, e.g. "New deposits no longer notify it." */
export const noLongerNotifies = (topic: TEventTopic) => `${TOPIC_WORDS[topic].events} no longer notify it.`;
