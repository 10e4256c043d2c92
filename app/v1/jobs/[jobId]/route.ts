import { endpoint } from "@/lib/server/entry/http/endpoint";
import { getJobOperation } from "@/lib/contract/virtual-accounts/jobs/operations";
import { getJobStatus } from "@/lib/server/domain/virtual-accounts/jobs/service";

export const dynamic = "force-dynamic";

export const GET = endpoint(getJobOperation, ({ runtime, principal, params, baseUrl }) => getJobStatus(runtime.db, principal.clientId, params.jobId, baseUrl));
