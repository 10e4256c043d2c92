import {
  createPaymentTemplateOperation,
  deletePaymentTemplateOperation,
  getPaymentTemplateOperation,
  listPaymentTemplatesOperation,
} from "@/lib/contract/payment-templates/operations";
import type { TPaymentTemplate, TPaymentTemplateList } from "@/lib/contract/payment-templates/schema";
import type { TRail } from "@/lib/contract/payments/schema";
import { apiJson, formBody } from "@/lib/portal/shared/api-client";
import { listPageQuery } from "@/lib/portal/shared/filtered-list";

/** Payment templates as the portal calls them (/v1/payment-templates, docs/payees-and-schedules.md). */

export type TemplateSearch = { name?: string; rail?: TRail; pageStart: number; pageSize: number };

export function fetchTemplates(search: TemplateSearch, signal?: AbortSignal): Promise<TPaymentTemplateList> {
  return apiJson(listPaymentTemplatesOperation, { params: { query: listPageQuery({ name: search.name, rail: search.rail }, search) }, signal });
}

export function fetchTemplate(templateId: string, signal?: AbortSignal): Promise<TPaymentTemplate> {
  return apiJson(getPaymentTemplateOperation, { params: { path: { templateId } }, signal });
}

export function createTemplate(body: { name: string; rail: TRail; request: Record<string, unknown> }, idempotencyKey: string): Promise<TPaymentTemplate> {
  return apiJson(createPaymentTemplateOperation, {
    body: formBody(createPaymentTemplateOperation, body),
    params: { header: { "Idempotency-Key": idempotencyKey } },
  });
}

export function deleteTemplate(templateId: string): Promise<TPaymentTemplate> {
  return apiJson(deletePaymentTemplateOperation, { params: { path: { templateId } } });
}

/** Where a form for the rail starts from a template or from a past payment ("New from template", "Pay again"). */
export const RAIL_FORM_PATHS: Readonly<Record<TRail, string>> = {
  ACH: "/payments/ach/new",
  SWIFT: "/payments/swift/new",
  INTERNAL: "/payments/transfer/new",
};

/** Where a form starts from: a template ("New from template") or a past payment ("Pay again"), from the page's URL. */
export type FillSource = { template: string } | { payment: string };

/** The form page's `?template=` or `?payment=`, when it names one. */
export function fillSourceOf(params: Record<string, string | string[] | undefined>): FillSource | null {
  const { template, payment } = params;
  if (typeof template === "string" && template) return { template };
  if (typeof payment === "string" && payment) return { payment };
  return null;
}

export function formPathFor(rail: TRail, source: FillSource): string {
  const [key, id] = "template" in source ? ["template", source.template] : ["payment", source.payment];
  return `${RAIL_FORM_PATHS[rail]}?${key}=${encodeURIComponent(id)}`;
}
