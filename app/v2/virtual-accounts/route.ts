import { endpoint } from "@/lib/http/endpoint";
import { createBatchV2 } from "@/lib/virtual-accounts/create";
import { createVirtualAccountsV2Operation } from "@/lib/virtual-accounts/operations";

export const dynamic = "force-dynamic";

export const POST = endpoint(createVirtualAccountsV2Operation, createBatchV2);
