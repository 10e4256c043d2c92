import "server-only";
import type { AuthOptions, Session } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { ensureServerSecret } from "@/lib/server/core/auth/keys";
import { isRole } from "@/lib/contract/auth/roles";
import { safeReturnPath } from "@/lib/contract/auth/return-path";
import { OPERATOR_ROLE } from "@/lib/contract/auth/staff";
import { authenticate } from "@/lib/server/domain/auth/sign-in";
import { ZSignIn } from "@/lib/contract/auth/sign-in-schema";
import { getRuntime } from "@/lib/server/entry/runtime";
import { closeSession, openSession } from "@/lib/server/domain/auth/session-audit";
import { liveSession } from "@/lib/server/domain/auth/sessions";
import { requestOrigin } from "@/lib/server/entry/portal/person-actor";
import { recordProof, secondFactorAtSignIn } from "@/lib/server/domain/auth/second-factor";

/** The two headers a sign-in's audit rows read (address, correlation id), from next-auth's plain header object. */
function originHeaders(headers: Record<string, unknown> | undefined): Headers {
  const picked = new Headers();
  for (const name of ["x-forwarded-for", "x-correlation-id"]) {
    const value = headers?.[name];
    try {
      if (typeof value === "string") picked.set(name, value);
    } catch {
      // Not a valid header value: left out, as if not sent.
    }
  }
  return picked;
}

/**
 * A working day; the API token the portal uses lives minutes, not hours. The
 * server-side session (portal_sessions) ends at the same time, or earlier on
 * sign-out.
 */
const SESSION_MAX_AGE_S = 8 * 60 * 60;

/** What next-auth answers for no cookie at all: an empty object (its client reads it as signed out, its server-side callers find no user). */
const signedOut = (): Session => ({}) as Session;

/** Error strings the sign-in form understands (next-auth passes the thrown message through). */
export const SIGN_IN_ERRORS = { invalid: "invalid", locked: "locked", codeNeeded: "code-needed", codeInvalid: "code-invalid" } as const;

/**
 * next-auth builds absolute redirect URLs from NEXTAUTH_URL. When it is not
 * set, PUBLIC_BASE_URL is the deployment's address; failing both, the Host
 * header of the request is trusted (the server is then reached directly).
 */
function configureOrigin(publicBaseUrl: string | undefined): void {
  if (process.env.NEXTAUTH_URL) return;
  if (publicBaseUrl) process.env.NEXTAUTH_URL = publicBaseUrl;
  else process.env.AUTH_TRUST_HOST ??= "1";
}

function buildOptions(secret: string, production: boolean): AuthOptions {
  return {
    secret,
    // Production is served over TLS, often terminated by a proxy that talks http to us: the
    // cookies are Secure (and __Secure-/__Host- prefixed) whatever the scheme of the last hop.
    useSecureCookies: production,
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_S },
    pages: { signIn: "/login", error: "/login" },
    providers: [
      CredentialsProvider({
        name: "Email and password",
        credentials: {
          email: { label: "Email", type: "email" },
          password: { label: "Password", type: "password" },
          code: { label: "Authentication code", type: "text" },
        },
        async authorize(credentials, req) {
          const parsed = ZSignIn.safeParse(credentials ?? {});
          if (!parsed.success) throw new Error(SIGN_IN_ERRORS.invalid);
          const { db } = await getRuntime();
          // scripts/server.mjs sets X-Forwarded-For to the socket address unless TRUST_PROXY=1.
          const origin = requestOrigin(originHeaders(req.headers));
          const result = await authenticate(db, parsed.data, origin);
          if (result.ok) {
            // A right password, then the second factor when the user has one (a wrong code is counted and audited).
            const factor = await secondFactorAtSignIn(db, result.user, parsed.data.code, origin);
            if (!factor.ok && factor.reason === "locked") throw new Error(`${SIGN_IN_ERRORS.locked}:${factor.retryAfterSeconds}`);
            if (!factor.ok) throw new Error(factor.reason === "code-needed" ? SIGN_IN_ERRORS.codeNeeded : SIGN_IN_ERRORS.codeInvalid);
            // The address and correlation id ride on the user to the jwt callback, which opens the session (and audits it).
            return { ...result.user, ip: origin.ip, correlationId: origin.correlationId, secondFactorAt: factor.provedAt?.toISOString() ?? null };
          }
          if (result.reason === "locked") throw new Error(`${SIGN_IN_ERRORS.locked}:${result.retryAfterSeconds}`);
          throw new Error(SIGN_IN_ERRORS.invalid);
        },
      }),
    ],
    callbacks: {
      // next-auth's own redirect check builds a URL from callbackUrl and throws on what URL refuses (a bare tab
      // answered 500): every sign-in or sign-out lands where the sign-in page would send it, on this origin.
      redirect({ url, baseUrl }) {
        return `${baseUrl}${safeReturnPath(url.startsWith(`${baseUrl}/`) ? url.slice(baseUrl.length) : url)}`;
      },
      async jwt({ token, user }) {
        if (user) {
          // Sign-in: the cookie names a server-side session, which sign-out ends for good.
          const { db, config } = await getRuntime();
          const limits = { lifetimeSeconds: SESSION_MAX_AGE_S, idleSeconds: config.portalIdleTimeoutSeconds };
          token.sid = (await openSession(db, user, limits, { ip: user.ip ?? null, correlationId: user.correlationId ?? null })).sessionId;
          // Signed in with the code: step-up needs no new one for the next minutes.
          if (user.secondFactorAt) await recordProof(db, token.sid, new Date(user.secondFactorAt));
          token.uid = user.id;
          token.role = user.role;
          token.clientId = user.clientId;
        }
        return token;
      },
      // A cookie names a server-side session; once that has ended (signed out, everywhere, idle, a password set from
      // a link) the cookie is no one's: /api/auth/session answers it with no user, as for no cookie at all.
      async session({ session, token }) {
        const known = isRole(token.role) ? Boolean(token.clientId) : token.role === OPERATOR_ROLE;
        if (!token.uid || !token.sid || !token.role || !known) return signedOut();
        const live = await liveSession((await getRuntime()).db, token.sid);
        if (live?.userId !== token.uid) return signedOut();
        session.user = { id: token.uid, email: token.email ?? "", name: token.name ?? "", role: token.role, clientId: token.clientId ?? "" };
        session.sessionId = token.sid;
        return session;
      },
    },
    events: {
      async signOut({ token }) {
        const { db } = await getRuntime();
        await closeSession(db, { sessionId: token?.sid, userId: token?.uid, clientId: token?.clientId });
      },
    },
  };
}

const OPTIONS = Symbol.for("harbour.authOptions");
type Holder = { [OPTIONS]?: Promise<AuthOptions> };

/**
 * The session secret is NEXTAUTH_SECRET when set, otherwise a random secret
 * kept in the database, so every instance shares it and restarts keep users
 * signed in. Built on first use: `next build` opens no database.
 */
export function getAuthOptions(): Promise<AuthOptions> {
  const holder = globalThis as Holder;
  holder[OPTIONS] ??= (async () => {
    const runtime = await getRuntime();
    configureOrigin(runtime.config.publicBaseUrl);
    const secret = process.env.NEXTAUTH_SECRET ?? (await ensureServerSecret(runtime.db, "portal-session"));
    return buildOptions(secret, runtime.config.appEnv === "production");
  })().catch((error) => {
    delete holder[OPTIONS];
    throw error;
  });
  return holder[OPTIONS];
}
