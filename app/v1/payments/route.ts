import { endpoint } from "@/lib/server/entry/http/endpoint";
import { listPaymentsOperation } from "@/lib/contract/payments/operations";
import { listPaymentsPage } from "@/lib/server/domain/payments/search";

export const dynamic = "force-dynamic";

export const GET = endpoint(listPaymentsOperation, ({ runtime, principal, query }) =>
  listPaymentsPage(runtime.db, principal.clientId, query, runtime.pageTokenSecret),
);
