import { z } from "zod";
import { envelopeOf } from "@/lib/contract/api/schemas";
import { paginationQuery } from "@/lib/contract/http/pagination";
import { ROLES } from "@/lib/contract/auth/roles";

/** The organisation's portal users as its administrators manage them (GET /v1/users; docs/security.md). */

export const ZUsersQuery = paginationQuery().strict();

export const ZOrganisationUser = z
  .strictObject({
    userId: z.uuid(),
    email: z.string(),
    name: z.string(),
    role: z.enum(ROLES),
    /** invited: has not set a password yet; disabled: can no longer sign in. */
    status: z.enum(["active", "invited", "disabled"]),
    /** Sessions that are signed in now (not signed out, not timed out). */
    liveSessions: z.number().int().min(0),
    /** The last activity of any of the user's sessions, or null when they never signed in (or it was purged). */
    lastActiveAt: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: "OrganisationUser" });

export const ZOrganisationUserList = envelopeOf(ZOrganisationUser).meta({ id: "OrganisationUserList" });

export const ZUserParams = z.strictObject({ userId: z.uuid("userId must be a UUID") });

export const ZSessionsEnded = z.strictObject({ data: z.strictObject({ userId: z.uuid(), ended: z.number().int().min(0) }) }).meta({ id: "SessionsEnded" });

export type TOrganisationUser = z.infer<typeof ZOrganisationUser>;
export type TOrganisationUserList = z.infer<typeof ZOrganisationUserList>;
export type TSessionsEnded = z.infer<typeof ZSessionsEnded>;
