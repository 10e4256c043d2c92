import { endpoint } from "@/lib/server/entry/http/endpoint";
import { listAccountPaymentsOperation } from "@/lib/contract/payments/operations";
import { listAccountPaymentsPage } from "@/lib/server/domain/payments/service";

export const dynamic = "force-dynamic";

export const GET = endpoint(listAccountPaymentsOperation, ({ runtime, principal, params, query }) =>
  listAccountPaymentsPage(runtime.db, principal.clientId, params.accountNumber, query, runtime.pageTokenSecret),
);
