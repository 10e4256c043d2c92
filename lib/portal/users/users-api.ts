import { endUserSessionsOperation, listOrganisationUsersOperation } from "@/lib/contract/users/operations";
import type { TOrganisationUserList, TSessionsEnded } from "@/lib/contract/users/schema";
import { apiJson } from "@/lib/portal/shared/api-client";

/** The organisation's users (GET /v1/users) and the administrator's "end sessions" (DELETE /v1/users/{id}/sessions). */

export function fetchUsersPage(page: { pageStart: number; pageSize: number }, signal?: AbortSignal): Promise<TOrganisationUserList> {
  return apiJson(listOrganisationUsersOperation, { params: { query: page }, signal });
}

export function endUserSessions(userId: string): Promise<TSessionsEnded> {
  return apiJson(endUserSessionsOperation, { params: { path: { userId } } });
}
