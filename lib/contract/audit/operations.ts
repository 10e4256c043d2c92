import { defineOperation } from "@/lib/contract/http/operation";
import { ZAuditList, ZAuditQuery } from "@/lib/contract/audit/schema";

export const listAuditLogOperation = defineOperation({
  id: "listAuditLog",
  method: "GET",
  path: "/v1/audit-log",
  tag: "Audit (portal)",
  summary: "The organisation's audit trail, newest first (portal administrators only)",
  description:
    "Filters combine (AND): actor (an email or a recorded actor), action (a prefix), target (an id) and fromDate/toDate (bank time, inclusive). " +
    "Spec pagination; the page token binds the filters. Answers only a portal administrator's token (403 otherwise). " +
    "With Accept: text/csv the page is flattened by the spec's CSV rules (meta_pagination_..., data_<index>_...).",
  access: "authenticated",
  query: ZAuditQuery,
  response: ZAuditList,
  csv: true,
  errors: ["VALIDATION_ERROR", "INVALID_PAGE_TOKEN", "FORBIDDEN"],
});
