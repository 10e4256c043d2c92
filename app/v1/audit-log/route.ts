import { endpoint } from "@/lib/server/entry/http/endpoint";
import { listAuditLogOperation } from "@/lib/contract/audit/operations";
import { listAuditLog } from "@/lib/server/domain/audit-log/log";

export const dynamic = "force-dynamic";

export const GET = endpoint(listAuditLogOperation, ({ runtime, principal, query }) => listAuditLog(runtime.db, principal, query, runtime.pageTokenSecret));
