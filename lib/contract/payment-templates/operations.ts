import { defineOperation } from "@/lib/contract/http/operation";
import {
  ZCreatePaymentTemplate,
  ZPaymentTemplate,
  ZPaymentTemplateList,
  ZPaymentTemplateListQuery,
  ZPaymentTemplateParams,
  ZUpdatePaymentTemplate,
} from "@/lib/contract/payment-templates/schema";

/** Payment templates (decisions §11, docs/payees-and-schedules.md). */
const tag = "Payment templates";
const access = { permission: "payment-templates" } as const;
const railRule = " Needs the template's rail permission too (payment-ach, payment-swift or payment-internal).";

export const createPaymentTemplateOperation = defineOperation({
  id: "createPaymentTemplate",
  method: "POST",
  path: "/v1/payment-templates",
  tag,
  summary: "Save a payment as a named template (rail, debit account, payee or creditor, optional amount and remittance)",
  description: "Using a template is an ordinary payment: send its request (with an amount and a new instructionIdentification) to the rail." + railRule,
  access,
  body: ZCreatePaymentTemplate,
  response: ZPaymentTemplate,
  status: 201,
  csv: false,
  idempotency: "optional",
  errors: ["VALIDATION_ERROR", "FORBIDDEN", "ALREADY_EXISTS"],
});

export const listPaymentTemplatesOperation = defineOperation({
  id: "listPaymentTemplates",
  method: "GET",
  path: "/v1/payment-templates",
  tag,
  summary: "The client's payment templates, by name; filter by part of the name and rail",
  access,
  query: ZPaymentTemplateListQuery,
  response: ZPaymentTemplateList,
  csv: true,
  errors: ["VALIDATION_ERROR", "INVALID_PAGE_TOKEN"],
});

export const getPaymentTemplateOperation = defineOperation({
  id: "getPaymentTemplate",
  method: "GET",
  path: "/v1/payment-templates/{templateId}",
  tag,
  summary: "One payment template",
  access,
  params: ZPaymentTemplateParams,
  response: ZPaymentTemplate,
  csv: true,
  errors: ["VALIDATION_ERROR", "PAYMENT_TEMPLATE_NOT_FOUND"],
});

export const updatePaymentTemplateOperation = defineOperation({
  id: "updatePaymentTemplate",
  method: "PATCH",
  path: "/v1/payment-templates/{templateId}",
  tag,
  summary: "Rename a template or replace its saved request (the rail never changes)",
  description: railRule.trim(),
  access,
  params: ZPaymentTemplateParams,
  body: ZUpdatePaymentTemplate,
  response: ZPaymentTemplate,
  csv: false,
  errors: ["VALIDATION_ERROR", "FORBIDDEN", "ALREADY_EXISTS", "PAYMENT_TEMPLATE_NOT_FOUND"],
});

export const deletePaymentTemplateOperation = defineOperation({
  id: "deletePaymentTemplate",
  method: "DELETE",
  path: "/v1/payment-templates/{templateId}",
  tag,
  summary: "Delete a template (payments made from it are not affected)",
  description: railRule.trim(),
  access,
  params: ZPaymentTemplateParams,
  response: ZPaymentTemplate,
  csv: false,
  errors: ["VALIDATION_ERROR", "FORBIDDEN", "PAYMENT_TEMPLATE_NOT_FOUND"],
});

export const PAYMENT_TEMPLATE_OPERATIONS = [
  createPaymentTemplateOperation,
  listPaymentTemplatesOperation,
  getPaymentTemplateOperation,
  updatePaymentTemplateOperation,
  deletePaymentTemplateOperation,
] as const;
