import { endpoint } from "@/lib/server/entry/http/endpoint";
import { listJobResultsOperation } from "@/lib/contract/virtual-accounts/jobs/operations";
import { jobResults } from "@/lib/server/entry/http/jobs";

export const dynamic = "force-dynamic";

export const GET = endpoint(listJobResultsOperation, jobResults);
