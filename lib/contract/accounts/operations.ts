import { ZAccount, ZAccountList, ZAccountListQuery, ZAccountParams } from "@/lib/contract/accounts/schema";
import { defineOperation } from "@/lib/contract/http/operation";

export const getAccountOperation = defineOperation({
  id: "getAccount",
  method: "GET",
  path: "/v1/accounts/{accountNumber}",
  tag: "Accounts",
  summary: "Retrieve one of the client's accounts",
  access: { permission: "get-account" },
  params: ZAccountParams,
  response: ZAccount,
  csv: true,
  errors: ["VALIDATION_ERROR", "ACCOUNT_NOT_FOUND"],
});

export const listAccountsOperation = defineOperation({
  id: "listAccounts",
  method: "GET",
  path: "/v1/accounts",
  tag: "Accounts",
  summary: "List the client's accounts, newest first",
  description: "Paginated (decisions §4). A customer without accounts gets 404 NO_ACCOUNTS.",
  access: { permission: "get-all-accounts" },
  query: ZAccountListQuery,
  response: ZAccountList,
  csv: true,
  errors: ["VALIDATION_ERROR", "INVALID_PAGE_TOKEN", "NO_ACCOUNTS"],
});
