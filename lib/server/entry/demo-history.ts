import "server-only";
import { randomUUID } from "node:crypto";
import type { Pool, PoolClient } from "pg";
import { withTransaction } from "@/lib/server/core/db/transaction";
import { systemActor, userActor } from "@/lib/server/core/audit/actors";
import type { Unit } from "@/lib/server/core/unit";
import { bankLocalParts } from "@/lib/contract/time/bank-time";
import { settlementRunAt } from "@/lib/contract/payments/settlement-date";
import type { TPaymentResponse, TPaymentStatus } from "@/lib/contract/payments/schema";
import type { Role } from "@/lib/contract/auth/roles";
import { postEntry } from "@/lib/server/domain/ledger/ledger";
import { createAchPayment } from "@/lib/server/domain/payments/ach";
import { createSwiftPayment } from "@/lib/server/domain/payments/swift";
import { createInternalTransfer } from "@/lib/server/domain/payments/internal";
import { returnPayment, settlePayment } from "@/lib/server/domain/payments/lifecycle";
import type { PaymentOptions } from "@/lib/server/domain/payments/submit";
import { getPaymentStatusOrThrow } from "@/lib/server/domain/payments/service";
import { currentReferenceData } from "@/lib/server/domain/payments/known-data";
import { findUserByEmail } from "@/lib/server/domain/users/repo";
import { savePolicies } from "@/lib/server/domain/dual-control/policies";
import { createDraft } from "@/lib/server/domain/approvals/drafts";
import { approveDraft, rejectDraft, type Making } from "@/lib/server/domain/approvals/decide";
import type { PortalCaller } from "@/lib/server/domain/approvals/actor";
import { businessDays, CLIENT, historyActs, type Act, type PaymentRequest } from "@/lib/server/entry/demo-history-plan";
import { DEMO_POLICY, draftActs, type DraftAct } from "@/lib/server/entry/demo-history-drafts";

/**
 * The uat demo's history (DEMO_HISTORY_DAYS, docs/demo-data.md): Acme's last N days of a working treasury, so the
 * dashboard, the transactions and statements, the payments list and the approvals show more than opening balances on
 * first start. Every act goes through the use case any way in uses, with a unit whose clock is the act's past time:
 * the treasurer's payments (createAchPayment, createSwiftPayment, createInternalTransfer, back-dated: recorded and
 * booked at that time), their settlement on their settlement date (settlePayment, as the worker does), the AC04 return
 * (returnPayment), the drafts and their decisions (createDraft, approveDraft, rejectDraft); the customers' deposits are
 * the ledger's entries through its one writer. One transaction, oldest first, after the accounts' opening balances
 * (booked when each was opened): the ledger refuses a booking earlier than one already on an account.
 */

/** The seed is the only writer at first start: the duplicate check never waits for anyone. */
const DEDUPE_WAIT_MS = 2_000;
const PAYMENT_OPTIONS: PaymentOptions = { lockTimeoutMs: DEDUPE_WAIT_MS, simulate: null, backDated: true };
const MAKING: Making = {
  payment: PAYMENT_OPTIONS,
  config: { appEnv: "uat", webhookAllowPrivateNetworks: false },
  baseUrl: "",
  idempotencyTtlSeconds: 86_400,
};
const SEED = systemActor("uat-seed");

type Person = PortalCaller & { email: string };

async function person(tx: PoolClient, email: string): Promise<Person> {
  const user = await findUserByEmail(tx, email);
  if (!user) throw new Error(`demo history: the demo user ${email} is missing`);
  return { clientId: CLIENT, actor: userActor(user.user_id), ip: null, correlationId: null, userId: user.user_id, role: user.role as Role, email };
}

/** The person's unit of work at `at`, in the history's transaction. */
function unitOf(tx: PoolClient, who: Person, at: string): Unit {
  return {
    db: tx,
    inTransaction: true,
    responseSlot: null,
    now: new Date(at),
    actor: { clientId: CLIENT, actor: who.actor, ip: null, correlationId: null, person: { userId: who.userId, email: who.email } },
  };
}

function pay(unit: Unit, payment: PaymentRequest): Promise<TPaymentResponse> {
  switch (payment.rail) {
    case "ACH":
      return createAchPayment(unit, { body: payment.body, ...PAYMENT_OPTIONS });
    case "SWIFT":
      return createSwiftPayment(unit, { body: payment.body, ...PAYMENT_OPTIONS });
    case "INTERNAL":
      return createInternalTransfer(unit, { body: payment.body, ...PAYMENT_OPTIONS });
  }
}

/** Plays the acts in time order; a Pending payment settles at its settlement run, as the worker's task would. */
class History {
  private readonly paid = new Map<string, string>();
  private readonly drafts = new Map<string, string>();
  private settling: Array<{ paymentId: string; at: Date }> = [];

  constructor(
    private readonly tx: PoolClient,
    private readonly treasurer: Person,
    private readonly approver: Person,
  ) {}

  /** Settles every Pending payment whose settlement run is at or before `at`. */
  async settleUntil(at: Date): Promise<void> {
    const due = this.settling.filter((s) => s.at <= at);
    this.settling = this.settling.filter((s) => s.at > at);
    for (const s of due) await settlePayment(this.tx, CLIENT, s.paymentId, s.at);
  }

  private track(made: { id: string; reference: string | null; status: TPaymentStatus; settlementDate: string }): void {
    if (made.reference) this.paid.set(made.reference, made.id);
    if (made.status === "Pending") this.settling.push({ paymentId: made.id, at: settlementRunAt(made.settlementDate) });
  }

  async play(act: Act | DraftAct): Promise<void> {
    await this.settleUntil(new Date(act.at));
    switch (act.kind) {
      case "deposit":
        await postEntry(this.tx, { ...act.entry, bookedAt: act.at });
        return;
      case "payment": {
        const made = await pay(unitOf(this.tx, this.treasurer, act.at), act.payment);
        if (made.status !== "success") throw new Error(`demo history: ${act.payment.body.instructionIdentification} failed`);
        const { extReference: reference, settlementDetails } = made.details;
        return this.track({ id: made.id, reference, status: made.transactionStatus, settlementDate: settlementDetails.settlementDate });
      }
      case "return":
        await returnPayment(this.tx, CLIENT, this.paid.get(act.instructionIdentification)!, "AC04", SEED, new Date(act.at));
        return;
      case "draft": {
        const { draft } = await createDraft(
          this.tx,
          this.treasurer,
          { rail: "ACH", request: act.request, nextBusinessDay: act.nextBusinessDay },
          randomUUID(),
          new Date(act.at),
        );
        this.drafts.set(act.key, draft!.draftId);
        return;
      }
      case "decide": {
        const unit = unitOf(this.tx, this.approver, act.at);
        const input = { draftId: this.drafts.get(act.key)!, comment: act.comment };
        const decided = act.decision === "approve" ? await approveDraft(unit, this.approver, input, MAKING) : await rejectDraft(unit, this.approver, input);
        if (!decided.paymentId) return;
        const made = await getPaymentStatusOrThrow(this.tx, CLIENT, decided.paymentId);
        return this.track({ id: decided.paymentId, reference: made.externalReference, status: made.status, settlementDate: made.valueDate });
      }
    }
  }
}

/** Writes the history in one transaction, oldest first; returns how many acts it played. */
export async function seedDemoHistory(db: Pool, days: number, now = new Date()): Promise<number> {
  if (days <= 0) return 0;
  const { holidays } = await currentReferenceData(db);
  const calendar = businessDays(days, bankLocalParts(now).date, holidays);
  const acts: Array<Act | DraftAct> = [...historyActs(calendar, holidays), ...draftActs(calendar, now)].sort((a, b) => a.at.localeCompare(b.at));
  return withTransaction(db, async (tx) => {
    const admin = await person(tx, "admin@acme.test");
    await savePolicies(tx, admin, { policies: [DEMO_POLICY] });
    const history = new History(tx, await person(tx, "treasurer@acme.test"), await person(tx, "approver@acme.test"));
    for (const act of acts) await history.play(act);
    await history.settleUntil(now);
    return acts.length;
  });
}
