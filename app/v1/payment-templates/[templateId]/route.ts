import { endpoint } from "@/lib/server/entry/http/endpoint";
import { changePaymentTemplate, deletePaymentTemplate, getPaymentTemplateOrThrow } from "@/lib/server/domain/payment-templates/service";
import { deletePaymentTemplateOperation, getPaymentTemplateOperation, updatePaymentTemplateOperation } from "@/lib/contract/payment-templates/operations";

export const dynamic = "force-dynamic";

export const GET = endpoint(getPaymentTemplateOperation, ({ runtime, principal, params }) =>
  getPaymentTemplateOrThrow(runtime.db, principal.clientId, params.templateId),
);

export const PATCH = endpoint(updatePaymentTemplateOperation, ({ params, body, principal, inUnit }) =>
  inUnit((unit) => changePaymentTemplate(unit, { scopes: principal.scopes, templateId: params.templateId, patch: body })),
);

export const DELETE = endpoint(deletePaymentTemplateOperation, ({ params, principal, inUnit }) =>
  inUnit((unit) => deletePaymentTemplate(unit, { scopes: principal.scopes, templateId: params.templateId })),
);
