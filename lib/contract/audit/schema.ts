import { z } from "zod";
import { envelopeOf } from "@/lib/contract/api/schemas";
import { paginationQuery } from "@/lib/contract/http/pagination";

/** The audit log as administrators read it (GET /v1/audit-log; docs/audit.md). */

const filterText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `${label} must not be empty`)
    .max(max, `${label} must be at most ${max} characters`)
    .regex(/^[^\u0000-\u001f\u007f]+$/, `${label} must not contain control characters`)
    .optional();

export const AUDIT_FILTERS = ["actor", "action", "target", "fromDate", "toDate"] as const;

export const ZAuditQuery = paginationQuery()
  .extend({
    actor: filterText("actor", 254).meta({ description: "A person's email address, or an actor as recorded (user:<id>, client:<id>, system:<name>)" }),
    action: filterText("action", 100).meta({ description: "An action or its beginning: payment. matches payment.created and payment.completed" }),
    target: filterText("target", 100).meta({ description: "The id of what was changed (a payment, a draft, a subscription...)" }),
    fromDate: z.iso.date("fromDate must be a date written YYYY-MM-DD").optional().meta({ description: "From this day (bank time, inclusive)" }),
    toDate: z.iso.date("toDate must be a date written YYYY-MM-DD").optional().meta({ description: "Up to this day (bank time, inclusive)" }),
  })
  .strict()
  .superRefine((q, ctx) => {
    if (q.fromDate && q.toDate && q.fromDate > q.toDate) ctx.addIssue({ code: "custom", path: ["toDate"], message: "toDate must not be before fromDate" });
  });

export const ZAuditEntry = z
  .strictObject({
    auditId: z.string(),
    occurredAt: z.iso.datetime({ offset: true }),
    actor: z.string(),
    /** The person's email when the actor is a portal user. */
    actorEmail: z.string().nullable(),
    action: z.string(),
    entity: z.string(),
    entityId: z.string(),
    ip: z.string().nullable(),
    correlationId: z.string().nullable(),
    data: z.record(z.string(), z.unknown()),
    before: z.record(z.string(), z.unknown()).nullable(),
    after: z.record(z.string(), z.unknown()).nullable(),
    /** Whether the row is sealed into the organisation's hash chain yet (within about a second). */
    sealed: z.boolean(),
  })
  .meta({ id: "AuditEntry" });

export const ZAuditList = envelopeOf(ZAuditEntry).meta({ id: "AuditList" });

export type TAuditQuery = z.infer<typeof ZAuditQuery>;
export type TAuditFilters = Partial<Pick<TAuditQuery, (typeof AUDIT_FILTERS)[number]>>;
export type TAuditEntry = z.infer<typeof ZAuditEntry>;
export type TAuditList = z.infer<typeof ZAuditList>;
