import { endpoint } from "@/lib/server/entry/http/endpoint";
import { createInternalTransfer } from "@/lib/server/domain/payments/internal";
import { paymentOptionsOf } from "@/lib/server/domain/payments/context";
import { createInternalTransferOperation } from "@/lib/contract/ledger/operations";

export const dynamic = "force-dynamic";

export const POST = endpoint(createInternalTransferOperation, ({ runtime, request, body, inUnit }) =>
  inUnit((unit) => createInternalTransfer(unit, { body, ...paymentOptionsOf(runtime, request) })),
);
