import { endpoint } from "@/lib/server/entry/http/endpoint";
import { listJobResultsOperation } from "@/lib/contract/virtual-accounts/jobs/operations";
import { listJobResultsPage } from "@/lib/server/domain/virtual-accounts/jobs/service";

export const dynamic = "force-dynamic";

export const GET = endpoint(listJobResultsOperation, ({ runtime, principal, params, query }) =>
  listJobResultsPage(runtime.db, principal.clientId, params.jobId, query, runtime.pageTokenSecret),
);
