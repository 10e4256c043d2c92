import { ZCurrency } from "@/lib/contract/api/schemas";
import { defineOperation } from "@/lib/contract/http/operation";
import { paginationQuery } from "@/lib/contract/http/pagination";
import { ZBalances, ZJobAccepted, ZTotalBalance, ZVirtualAccountList, ZVirtualAccountResponse } from "@/lib/contract/virtual-accounts/responses";
import {
  ZBalancesRequest,
  ZCreateVirtualAccountsV1,
  ZCreateVirtualAccountsV2,
  ZTotalBalanceQuery,
  ZUpdateVirtualAccountV1,
  ZUpdateVirtualAccountV2,
  ZVirtualAccountParams,
} from "@/lib/contract/virtual-accounts/schema";

const CREATE_DESCRIPTION =
  "Validates the whole batch first: any invalid item is a 400 whose `details` name each bad field (`items[7].accountName`), " +
  "including currencies not provisioned for the client. An accepted batch is a 202; the job runs on the worker " +
  "(Pending -> Processing -> Completed | CompletedWithErrors | Failed) and, when `callbackUrl` is given, ends with a signed " +
  "callback carrying `customHeaders`.";

export const ZVirtualAccountListQuery = paginationQuery()
  .extend({ currency: ZCurrency.optional().meta({ description: "Only this currency; all when omitted" }) })
  .strict();

const V1_EXAMPLE = {
  items: [
    { currency: "USD", accountHolderName: "Jane Tucker", accountName: "Tucker Tenancy Deposit", clientReference: "TENANT-0001", dob: "1984-05-17" },
    { currency: "BMD", unallocated: true, clientReference: "POOL-17" },
  ],
  callbackUrl: "https://erp.example.com/hooks/va-jobs",
  customHeaders: { "X-Batch": "tenancy-11" },
};

const V2_EXAMPLE = {
  items: [
    {
      currency: "USD",
      accountHolderType: "Individual",
      accountHolderName: "Jane Tucker",
      accountName: "Tucker Tenancy Deposit",
      individual: { dob: "1984-05-17", nationality: "BM" },
      countryOfResidence: "BM",
    },
    {
      currency: "USD",
      accountHolderType: "Business",
      accountHolderName: "Island Freight Ltd.",
      accountName: "Island Freight Collections",
      business: { registeredAddress: { addressLine1: "12 Front Street", city: "Hamilton", postalCode: "HM 11", country: "BM" } },
    },
  ],
  callbackUrl: "https://erp.example.com/hooks/va-jobs",
};

const ACCEPTED_EXAMPLE = {
  jobId: "5b8f0c2e-8f4a-4c1e-9d3a-2f6e1b7c9a10",
  status: "Pending",
  statusUrl: "https://api.harbour.bank/v1/jobs/5b8f0c2e-8f4a-4c1e-9d3a-2f6e1b7c9a10",
  resultUrl: "https://api.harbour.bank/v1/jobs/5b8f0c2e-8f4a-4c1e-9d3a-2f6e1b7c9a10/results",
};

const createErrors = ["VALIDATION_ERROR"] as const;

export const createVirtualAccountsV1Operation = defineOperation({
  id: "createVirtualAccountsV1",
  method: "POST",
  path: "/v1/virtual-accounts",
  tag: "Virtual accounts",
  summary: "Create up to 1000 virtual accounts in one asynchronous batch (v1, kept for backward compatibility)",
  description: CREATE_DESCRIPTION,
  access: { permission: "create-virtual-account" },
  body: ZCreateVirtualAccountsV1,
  response: ZJobAccepted,
  status: 202,
  csv: true,
  idempotency: "optional",
  errors: createErrors,
  example: { request: V1_EXAMPLE, response: ACCEPTED_EXAMPLE },
});

export const createVirtualAccountsV2Operation = defineOperation({
  id: "createVirtualAccountsV2",
  method: "POST",
  path: "/v2/virtual-accounts",
  tag: "Virtual accounts",
  summary: "Create up to 1000 virtual accounts with Individual/Business holder details (v2)",
  description: `${CREATE_DESCRIPTION} An allocated Individual needs individual.dob (18+) and individual.nationality; an allocated Business needs business.registeredAddress.`,
  access: { permission: "create-virtual-account" },
  body: ZCreateVirtualAccountsV2,
  response: ZJobAccepted,
  status: 202,
  csv: true,
  idempotency: "optional",
  errors: createErrors,
  example: { request: V2_EXAMPLE, response: ACCEPTED_EXAMPLE },
});

export const listVirtualAccountsOperation = defineOperation({
  id: "listVirtualAccounts",
  method: "GET",
  path: "/v1/virtual-accounts",
  tag: "Virtual accounts",
  summary: "List virtual accounts with the settlement and parent accounts, newest first",
  access: { permission: "get-virtual-accounts" },
  query: ZVirtualAccountListQuery,
  response: ZVirtualAccountList,
  csv: true,
  errors: ["VALIDATION_ERROR", "INVALID_PAGE_TOKEN"],
});

export const getVirtualAccountOperation = defineOperation({
  id: "getVirtualAccount",
  method: "GET",
  path: "/v1/virtual-accounts/{virtualAccountNumber}",
  tag: "Virtual accounts",
  summary: "Retrieve one virtual account with its parent and settlement accounts",
  access: { permission: "get-a-virtual-account" },
  params: ZVirtualAccountParams,
  response: ZVirtualAccountResponse,
  csv: true,
  errors: ["VALIDATION_ERROR", "VIRTUAL_ACCOUNT_NOT_FOUND"],
});

const UPDATE_DESCRIPTION =
  "Allocates an unallocated account once (accountHolderName and accountName together); the holder fields are then immutable " +
  "(409 ACCOUNT_NAMES_IMMUTABLE; sending the stored value again is not a change). dob and nativeLanguageName can be set once. " +
  "clientReference is always changeable (null clears it).";

const updateErrors = ["VALIDATION_ERROR", "VIRTUAL_ACCOUNT_NOT_FOUND", "ACCOUNT_NAMES_IMMUTABLE"] as const;

export const updateVirtualAccountV1Operation = defineOperation({
  id: "updateVirtualAccountV1",
  method: "PATCH",
  path: "/v1/virtual-accounts/{virtualAccountNumber}",
  tag: "Virtual accounts",
  summary: "Allocate a virtual account or change its client reference (v1)",
  description: UPDATE_DESCRIPTION,
  access: { permission: "update-virtual-account" },
  params: ZVirtualAccountParams,
  body: ZUpdateVirtualAccountV1,
  response: ZVirtualAccountResponse,
  csv: true,
  idempotency: "optional",
  errors: updateErrors,
});

export const updateVirtualAccountV2Operation = defineOperation({
  id: "updateVirtualAccountV2",
  method: "PATCH",
  path: "/v2/virtual-accounts/{virtualAccountNumber}",
  tag: "Virtual accounts",
  summary: "Allocate a virtual account with v2 holder details, or change its client reference",
  description: `${UPDATE_DESCRIPTION} At allocation the v2 Individual/Business rules apply; after it, taxIdentificationNumber, countryOfResidence and the holder block can each be set once.`,
  access: { permission: "update-virtual-account" },
  params: ZVirtualAccountParams,
  body: ZUpdateVirtualAccountV2,
  response: ZVirtualAccountResponse,
  csv: true,
  idempotency: "optional",
  errors: updateErrors,
});

export const getVirtualAccountBalancesOperation = defineOperation({
  id: "getVirtualAccountBalances",
  method: "POST",
  path: "/v1/virtual-accounts/balances",
  tag: "Virtual accounts",
  summary: "Balances of up to 1000 virtual accounts",
  description: "Any unknown or foreign number is a 400 whose details name it (`accountNumbers[3]`). Not paginated.",
  access: { permission: "get-virtual-account-transactions" },
  body: ZBalancesRequest,
  response: ZBalances,
  csv: true,
  errors: ["VALIDATION_ERROR"],
});

export const getVirtualAccountTotalBalanceOperation = defineOperation({
  id: "getVirtualAccountTotalBalance",
  method: "GET",
  path: "/v1/virtual-accounts/balances/total",
  tag: "Virtual accounts",
  summary: "Total balance of the client's virtual accounts in one currency",
  description: "currency defaults to the settlement account's currency; a currency not provisioned for the client is a 400.",
  access: { permission: "get-virtual-account-transactions" },
  query: ZTotalBalanceQuery,
  response: ZTotalBalance,
  csv: true,
  errors: ["VALIDATION_ERROR"],
});

export const VIRTUAL_ACCOUNT_OPERATIONS = [
  createVirtualAccountsV1Operation,
  createVirtualAccountsV2Operation,
  listVirtualAccountsOperation,
  getVirtualAccountOperation,
  updateVirtualAccountV1Operation,
  updateVirtualAccountV2Operation,
  getVirtualAccountBalancesOperation,
  getVirtualAccountTotalBalanceOperation,
] as const;
