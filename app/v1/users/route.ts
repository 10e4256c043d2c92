import { endpoint } from "@/lib/server/http/endpoint";
import { listOrganisationUsersOperation } from "@/lib/contract/users/operations";
import { listOrganisationUsers } from "@/lib/server/users/service";

export const dynamic = "force-dynamic";

export const GET = endpoint(listOrganisationUsersOperation, ({ runtime, principal, query }) =>
  listOrganisationUsers(runtime.db, principal, query, runtime.pageTokenSecret),
);
