import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { getAuthOptions } from "@/lib/server/entry/portal/auth-options";
import { answerPasswordStep } from "@/lib/server/entry/portal/sign-in-step";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ nextauth: string[] }> };

/** next-auth's handler, built once the session secret has been read from the database; the password step of a two-step sign-in is not a 401. */
async function handler(request: NextRequest, context: Context): Promise<Response> {
  const nextAuth = NextAuth(await getAuthOptions()) as (request: NextRequest, context: Context) => Promise<Response>;
  return answerPasswordStep(await nextAuth(request, context));
}

export { handler as GET, handler as POST };
