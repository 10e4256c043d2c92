import { endpoint } from "@/lib/http/endpoint";
import { getJobOperation } from "@/lib/virtual-accounts/jobs/operations";
import { getJobStatus } from "@/lib/virtual-accounts/jobs/service";

export const dynamic = "force-dynamic";

export const GET = endpoint(getJobOperation, ({ runtime, principal, params, baseUrl }) =>
  getJobStatus(runtime.db, principal.clientId, params.jobId, baseUrl),
);
