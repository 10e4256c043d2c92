import "server-only";
import { SIGN_IN_ERRORS } from "@/lib/server/entry/portal/auth-options";

/**
 * The password step of a two-step sign-in (issue 24, item 11). next-auth
 * answers every refusal of the credentials provider with 401, "code-needed"
 * included; but a right password on an account with an authenticator is not
 * a failure, it is the next step, and a 401 there put a red "Failed to load
 * resource" in every admin's and approver's console. This answers that one
 * case 200 with next-auth's own body (`{url: …?error=code-needed}`), so the
 * client's signIn() still reports `error: "code-needed"` and the form asks for
 * the code. Every real refusal (wrong password, wrong code, locked) stays 401.
 */
export async function answerPasswordStep(response: Response): Promise<Response> {
  if (response.status !== 401 || !response.headers.get("content-type")?.includes("application/json")) return response;
  const body = await response.text();
  const url = (JSON.parse(body) as { url?: unknown }).url;
  const error = typeof url === "string" && URL.canParse(url) ? new URL(url).searchParams.get("error") : null;
  return new Response(body, { status: error === SIGN_IN_ERRORS.codeNeeded ? 200 : 401, headers: response.headers });
}
