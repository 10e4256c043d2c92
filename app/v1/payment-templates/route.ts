import { endpoint } from "@/lib/server/entry/http/endpoint";
import { createPaymentTemplate, listPaymentTemplates } from "@/lib/server/domain/payment-templates/service";
import { createPaymentTemplateOperation, listPaymentTemplatesOperation } from "@/lib/contract/payment-templates/operations";

export const dynamic = "force-dynamic";

export const POST = endpoint(createPaymentTemplateOperation, ({ body, principal, inUnit }) =>
  inUnit((unit) => createPaymentTemplate(unit, { scopes: principal.scopes, template: body })),
);

export const GET = endpoint(listPaymentTemplatesOperation, ({ runtime, principal, query }) =>
  listPaymentTemplates(runtime.db, principal.clientId, query, runtime.pageTokenSecret),
);
