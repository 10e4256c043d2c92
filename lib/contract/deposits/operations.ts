import { ZCreateDeposit, ZDeposit } from "@/lib/contract/deposits/schema";
import { defineOperation } from "@/lib/contract/http/operation";

export const createSandboxDepositOperation = defineOperation({
  id: "createSandboxDeposit",
  method: "POST",
  path: "/v1/sandbox/deposits",
  tag: "Sandbox",
  summary: "Simulate an incoming deposit (uat only)",
  description: "Credits an account of the caller and raises the deposit event: one webhook per active Deposits subscription. " + "404 NOT_FOUND in production.",
  access: { permission: "sandbox" },
  body: ZCreateDeposit,
  response: ZDeposit,
  status: 201,
  csv: false,
  errors: ["VALIDATION_ERROR", "ACCOUNT_NOT_FOUND", "NOT_FOUND"],
  idempotency: "optional",
});
