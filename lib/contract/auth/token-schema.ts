/** RFC 6749 §4.4 client credentials and §5.2 errors (decisions §2): the wire shapes. */
import { z } from "zod";

export const ZTokenRequest = z
  .object({
    // Optional here so that a missing grant answers RFC 6749 invalid_request, not a validation error.
    grant_type: z.string().optional().meta({ example: "client_credentials" }),
    client_id: z.string().optional(),
    client_secret: z.string().optional(),
    scope: z.string().optional().meta({ description: "Space-separated subset of the client's permissions; omitted means all" }),
  })
  .meta({ id: "TokenRequest" });

export const ZTokenResponse = z
  .object({
    access_token: z.string(),
    token_type: z.literal("Bearer"),
    expires_in: z.number().int(),
    scope: z.string(),
  })
  .meta({ id: "TokenResponse" });

export const ZOAuthError = z
  .object({
    error: z.enum(["invalid_request", "invalid_client", "invalid_scope", "unsupported_grant_type"]),
    error_description: z.string(),
  })
  .meta({ id: "OAuthError" });

export type OAuthErrorBody = z.infer<typeof ZOAuthError>;
