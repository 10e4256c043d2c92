import { endpoint } from "@/lib/server/entry/http/endpoint";
import { listOrganisationUsersOperation } from "@/lib/contract/users/operations";
import { listOrganisationUsers } from "@/lib/server/domain/users/service";

export const dynamic = "force-dynamic";

export const GET = endpoint(listOrganisationUsersOperation, ({ runtime, principal, query }) =>
  listOrganisationUsers(runtime.db, principal, query, runtime.pageTokenSecret),
);
