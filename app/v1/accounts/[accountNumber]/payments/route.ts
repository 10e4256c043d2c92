import { endpoint } from "@/lib/http/endpoint";
import { listAccountPaymentsOperation } from "@/lib/payments/operations";
import { listAccountPaymentsPage } from "@/lib/payments/service";

export const dynamic = "force-dynamic";

export const GET = endpoint(listAccountPaymentsOperation, ({ runtime, principal, params, query }) =>
  listAccountPaymentsPage(runtime.db, principal.clientId, params.accountNumber, query, runtime.pageTokenSecret),
);
