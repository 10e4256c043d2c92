import { endpoint } from "@/lib/server/http/endpoint";
import { createBatchV2 } from "@/lib/server/virtual-accounts/create";
import { createVirtualAccountsV2Operation } from "@/lib/contract/virtual-accounts/operations";

export const dynamic = "force-dynamic";

export const POST = endpoint(createVirtualAccountsV2Operation, createBatchV2);
