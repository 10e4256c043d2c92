import { endpoint } from "@/lib/http/endpoint";
import { systemTimeOperation } from "@/lib/system/operations";
import { bankTimeNow } from "@/lib/time/bank-time";

export const dynamic = "force-dynamic";

export const GET = endpoint(systemTimeOperation, async () => bankTimeNow());
