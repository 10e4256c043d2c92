import { getAccountOperation, listAccountsOperation } from "@/lib/accounts/operations";
import { openApiOperation } from "@/lib/api/openapi-operation";
import { jwksOperation, systemTimeOperation, tokenOperation } from "@/lib/system/operations";
import type { OperationSpec } from "@/lib/http/operation";

/** Every operation the API serves; the OpenAPI document is built from this list. */
export const OPERATIONS: readonly OperationSpec[] = [
  tokenOperation,
  jwksOperation,
  systemTimeOperation,
  listAccountsOperation,
  getAccountOperation,
  openApiOperation,
];
