import { endpoint } from "@/lib/server/entry/http/endpoint";
import { systemTimeOperation } from "@/lib/contract/system/operations";
import { bankTimeNow } from "@/lib/contract/time/bank-time";

export const dynamic = "force-dynamic";

export const GET = endpoint(systemTimeOperation, async () => bankTimeNow());
