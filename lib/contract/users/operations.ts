import { defineOperation } from "@/lib/contract/http/operation";
import { ZOrganisationUserList, ZSessionsEnded, ZUserParams, ZUsersQuery } from "@/lib/contract/users/schema";

/**
 * The organisation's people, for its portal administrators (403 for anyone
 * else, an integration's token included). A user of another organisation is
 * not found, never told apart from one that does not exist.
 */
const tag = "Users (portal)";

export const listOrganisationUsersOperation = defineOperation({
  id: "listOrganisationUsers",
  method: "GET",
  path: "/v1/users",
  tag,
  summary: "The organisation's portal users with their role and signed-in sessions (portal administrators only)",
  access: "authenticated",
  query: ZUsersQuery,
  response: ZOrganisationUserList,
  csv: false,
  errors: ["VALIDATION_ERROR", "INVALID_PAGE_TOKEN", "FORBIDDEN"],
});

export const endUserSessionsOperation = defineOperation({
  id: "endUserSessions",
  method: "DELETE",
  path: "/v1/users/{userId}/sessions",
  tag,
  summary: "Sign a user of the organisation out everywhere: every session and the portal's API tokens stop at once (audited)",
  access: "authenticated",
  params: ZUserParams,
  response: ZSessionsEnded,
  csv: false,
  errors: ["VALIDATION_ERROR", "FORBIDDEN", "USER_NOT_FOUND"],
});
