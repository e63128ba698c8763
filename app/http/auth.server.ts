import { createCookie, redirect, type Cookie } from "react-router";
import { getDb } from "~/db/db.server";
import { deleteSession, getActiveSession, SESSION_ABSOLUTE_TIMEOUT_MS, type SessionAdmin } from "~/services/auth/sessions.server";
import { getEnv } from "~/utils/env.server";

export const SESSION_COOKIE_NAME = "wff_session";
export const LOGIN_PATH = "/admin/login";
export const ADMIN_HOME = "/admin";
export const UNAUTHORIZED_MESSAGE = "Please sign in to continue.";

export interface CurrentAdmin extends SessionAdmin {
  /** The raw session id from the cookie, for ending this session or keeping it on a password change. */
  sessionId: string;
}

let sessionCookie: Cookie | undefined;

/** The cookie holds only the session id, signed with SESSION_SECRET; the session itself lives in the database. */
function getSessionCookie(): Cookie {
  if (!sessionCookie) {
    const env = getEnv();
    sessionCookie = createCookie(SESSION_COOKIE_NAME, {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: env.SITE_URL.startsWith("https://"),
      secrets: [env.SESSION_SECRET],
      maxAge: SESSION_ABSOLUTE_TIMEOUT_MS / 1000,
    });
  }
  return sessionCookie;
}

async function readSessionId(request: Request): Promise<string | undefined> {
  const value: unknown = await getSessionCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" ? value : undefined;
}

/** Set-Cookie value that hands the browser a new session id. */
export const commitSessionCookie = (sessionId: string) => getSessionCookie().serialize(sessionId);

/** Set-Cookie value that removes the session cookie. */
export const clearSessionCookie = () => getSessionCookie().serialize("", { maxAge: 0, expires: new Date(0) });

/** The signed-in admin, or null without a valid session. */
export async function getOptionalAdmin(request: Request): Promise<CurrentAdmin | null> {
  const sessionId = await readSessionId(request);
  if (!sessionId) return null;
  const session = await getActiveSession(getDb(), sessionId);
  return session ? { ...session.admin, sessionId } : null;
}

/**
 * The signed-in admin; without one, a redirect to the sign-in page that comes back here afterwards
 * (and drops a cookie whose session has ended).
 */
export async function requireAdmin(request: Request): Promise<CurrentAdmin> {
  const admin = await getOptionalAdmin(request);
  if (admin) return admin;
  const url = new URL(request.url);
  const next = `${url.pathname}${url.search}`;
  const headers = new Headers();
  if (request.headers.get("Cookie")?.includes(`${SESSION_COOKIE_NAME}=`)) headers.append("Set-Cookie", await clearSessionCookie());
  throw redirect(`${LOGIN_PATH}?${new URLSearchParams({ next })}`, { headers });
}

/** For admin JSON endpoints and mutations: the signed-in admin, or a 401 JSON answer. */
export async function requireAdminForApi(request: Request): Promise<CurrentAdmin> {
  const admin = await getOptionalAdmin(request);
  if (admin) return admin;
  throw Response.json({ message: UNAUTHORIZED_MESSAGE }, { status: 401, headers: { "Cache-Control": "no-store" } });
}

/** Ends the request's session, if any; returns whose it was. */
export async function endSession(request: Request): Promise<CurrentAdmin | null> {
  const sessionId = await readSessionId(request);
  if (!sessionId) return null;
  const session = await getActiveSession(getDb(), sessionId);
  await deleteSession(getDb(), sessionId);
  return session ? { ...session.admin, sessionId } : null;
}

/**
 * Where to go after signing in: `next` only when it is a path inside the admin area of this site
 * (never another origin, so the sign-in page cannot be used as an open redirect).
 */
export function safeAdminRedirect(next: FormDataEntryValue | string | null | undefined): string {
  if (typeof next !== "string" || !next.startsWith("/") || next.startsWith("//") || next.includes("\\")) return ADMIN_HOME;
  const base = "http://admin.invalid";
  let url: URL;
  try {
    url = new URL(next, base);
  } catch {
    return ADMIN_HOME;
  }
  const inAdmin = url.pathname === ADMIN_HOME || url.pathname.startsWith(`${ADMIN_HOME}/`);
  const loops = url.pathname === LOGIN_PATH || url.pathname === "/admin/logout";
  if (url.origin !== base || !inAdmin || loops) return ADMIN_HOME;
  return `${url.pathname}${url.search}${url.hash}`;
}
