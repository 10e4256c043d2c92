import { endpoint } from "@/lib/server/entry/http/endpoint";
import { getJobOperation } from "@/lib/contract/virtual-accounts/jobs/operations";
import { jobStatus } from "@/lib/server/entry/http/jobs";

export const dynamic = "force-dynamic";

export const GET = endpoint(getJobOperation, jobStatus);
