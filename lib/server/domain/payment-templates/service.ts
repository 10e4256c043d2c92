import "server-only";
import { randomUUID } from "node:crypto";
import { writeAudit } from "@/lib/server/core/audit/write";
import { pagedList, type PageQuery } from "@/lib/server/core/lists/list";
import type { Queryable } from "@/lib/server/core/db/types";
import { respondingTransaction, transactionOf, type Unit } from "@/lib/server/core/unit";
import { findAccountByNumber } from "@/lib/server/domain/accounts/repo";
import { payeeOfRail } from "@/lib/server/domain/counterparties/pay";
import { whoActs } from "@/lib/server/domain/counterparties/service";
import {
  deleteTemplate,
  findTemplate,
  insertTemplate,
  nameTaken,
  templatesPage,
  updateTemplate,
  type TemplateRow,
} from "@/lib/server/domain/payment-templates/repo";
import { RAIL_PERMISSIONS } from "@/lib/contract/payment-runs/schema";
import {
  ZCreatePaymentTemplate,
  type TCreatePaymentTemplate,
  type TPaymentTemplate,
  type TPaymentTemplateList,
  type TPaymentTemplateListQuery,
  type TUpdatePaymentTemplate,
} from "@/lib/contract/payment-templates/schema";
import type { TRail } from "@/lib/contract/payments/schema";
import { ApiError } from "@/lib/contract/http/errors";
import { parseInput } from "@/lib/contract/validation";

/**
 * Payment templates (issue 21): saved payments that fill a payment form. A
 * template never pays: the payment made from one goes through the rail's own
 * use case with its own rules and approvals (docs/payees-and-schedules.md).
 */

/** What the caller may do: `payment-templates` was checked by the way in; the template's rail permission is checked here. */
type Scopes = ReadonlySet<string>;

export function templateNotFound(templateId: string): ApiError {
  return new ApiError("PAYMENT_TEMPLATE_NOT_FOUND", `No payment template ${templateId} was found for this client.`, { field: "templateId" });
}

function toTemplate(row: TemplateRow): TPaymentTemplate {
  return {
    templateId: row.template_id,
    name: row.name,
    rail: row.rail,
    request: row.request,
    createdBy: row.created_by,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  } as TPaymentTemplate;
}

/** A template is a saved payment of its rail: keeping, changing or deleting one needs the permission paying it needs. */
function requireRail(scopes: Scopes, rail: TRail): void {
  const permission = RAIL_PERMISSIONS[rail];
  if (!scopes.has(permission)) throw new ApiError("FORBIDDEN", `Saving ${rail} payments as templates requires the permission ${permission}.`);
}

const nameInUse = (name: string) => new ApiError("ALREADY_EXISTS", `You already have a template named "${name}".`, { field: "name" });

/**
 * The accounts and the payee a template names must be the client's now (a
 * payee waiting for approval may be saved: paying it waits, as it would
 * without a template). Amounts are kept as decimal strings.
 */
async function checkedRequest(db: Queryable, clientId: string, template: TCreatePaymentTemplate): Promise<TCreatePaymentTemplate["request"]> {
  const request = template.request;
  const own = async (identification: string, field: string) => {
    if (!(await findAccountByNumber(db, clientId, identification))) {
      throw new ApiError("VALIDATION_ERROR", `${field} must be one of your accounts.`, { field });
    }
  };
  await own(request.debtorAccount.identification, "request.debtorAccount.identification");
  if (template.rail === "INTERNAL") await own(template.request.creditorAccount.identification, "request.creditorAccount.identification");
  if (template.rail !== "INTERNAL" && template.request.counterpartyId) {
    if (!(await payeeOfRail(db, clientId, template.request.counterpartyId, template.rail))) {
      throw new ApiError("VALIDATION_ERROR", `counterpartyId must be one of your ${template.rail} payees.`, { field: "request.counterpartyId" });
    }
  }
  const amount = request.instructedAmount.amount;
  return {
    ...request,
    instructedAmount: { ...request.instructedAmount, amount: amount === null || amount === undefined ? amount : String(amount) },
  } as typeof request;
}

/** POST /v1/payment-templates. Audited. */
export function createPaymentTemplate(unit: Unit, input: { scopes: Scopes; template: TCreatePaymentTemplate }): Promise<TPaymentTemplate> {
  const { template } = input;
  requireRail(input.scopes, template.rail);
  return respondingTransaction(unit, async (tx) => {
    const request = await checkedRequest(tx, unit.actor.clientId, template);
    const row = await insertTemplate(tx, unit.actor.clientId, {
      template_id: randomUUID(),
      name: template.name,
      rail: template.rail,
      request,
      created_by: whoActs(unit.actor),
      now: unit.now,
    });
    if (!row) throw nameInUse(template.name);
    await writeAudit(tx, {
      ...unit.actor,
      action: "payment_template.created",
      entity: "payment_template",
      entityId: row.template_id,
      data: { rail: row.rail },
      after: { name: row.name, request: row.request },
    });
    return toTemplate(row);
  });
}

async function lockTemplate(db: Queryable, clientId: string, templateId: string, scopes: Scopes): Promise<TemplateRow> {
  const row = await findTemplate(db, clientId, templateId, true);
  if (!row) throw templateNotFound(templateId);
  requireRail(scopes, row.rail);
  return row;
}

/** PATCH: a new name and/or a whole new saved request, checked as a POST of the template's rail. Audited with before and after. */
export function changePaymentTemplate(unit: Unit, input: { scopes: Scopes; templateId: string; patch: TUpdatePaymentTemplate }): Promise<TPaymentTemplate> {
  return transactionOf(unit, async (tx) => {
    const clientId = unit.actor.clientId;
    const row = await lockTemplate(tx, clientId, input.templateId, input.scopes);
    const name = input.patch.name ?? row.name;
    // A rename alone keeps the saved request as it is (its payee may since have been deleted: paying says so).
    const patched = input.patch.request;
    const request =
      patched === undefined ? row.request : await checkedRequest(tx, clientId, parseInput(ZCreatePaymentTemplate, { name, rail: row.rail, request: patched }));
    if (await nameTaken(tx, clientId, name, row.template_id)) throw nameInUse(name);
    const updated = await updateTemplate(tx, clientId, row.template_id, { name, request, now: unit.now });
    await writeAudit(tx, {
      ...unit.actor,
      action: "payment_template.changed",
      entity: "payment_template",
      entityId: row.template_id,
      data: { rail: row.rail },
      before: { name: row.name, request: row.request },
      after: { name, request },
    });
    return toTemplate(updated);
  });
}

/** DELETE: removed outright (no payment refers to a template); answers the template as it was. Audited. */
export function deletePaymentTemplate(unit: Unit, input: { scopes: Scopes; templateId: string }): Promise<TPaymentTemplate> {
  return transactionOf(unit, async (tx) => {
    const row = await lockTemplate(tx, unit.actor.clientId, input.templateId, input.scopes);
    await deleteTemplate(tx, unit.actor.clientId, row.template_id);
    await writeAudit(tx, {
      ...unit.actor,
      action: "payment_template.deleted",
      entity: "payment_template",
      entityId: row.template_id,
      data: { rail: row.rail },
      before: { name: row.name, request: row.request },
    });
    return toTemplate(row);
  });
}

export async function getPaymentTemplateOrThrow(db: Queryable, clientId: string, templateId: string): Promise<TPaymentTemplate> {
  const row = await findTemplate(db, clientId, templateId);
  if (!row) throw templateNotFound(templateId);
  return toTemplate(row);
}

export function listPaymentTemplates(
  db: Queryable,
  clientId: string,
  query: TPaymentTemplateListQuery & PageQuery,
  secret: string,
): Promise<TPaymentTemplateList> {
  const filters = { name: query.name, rail: query.rail };
  return pagedList(secret, { clientId, endpoint: "GET /v1/payment-templates", filters }, query, async (page) => {
    const { rows, total } = await templatesPage(db, clientId, filters, page);
    return { items: rows.map(toTemplate), total };
  });
}
