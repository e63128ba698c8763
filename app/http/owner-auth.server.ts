import { createCookie, redirect, type Cookie } from "react-router";
import { getDb } from "~/db/db.server";
import { deleteOwnerSession, findOwnerSession, OWNER_SESSION_LIFETIME_MS } from "~/services/owners/owners.server";
import { OWNER_SIGN_IN_PATH } from "~/services/owners/owner-form";
import { getEnv } from "~/utils/env.server";

/**
 * The owner's session cookie (decision 045): its own, separate from the admin's (an owner is never an admin, and
 * an admin's cookie opens no owner page). HttpOnly, SameSite=Lax, Secure with the `__Host-` prefix on https, signed
 * with SESSION_SECRET; it holds only the session id, whose SHA-256 is stored.
 */
export const OWNER_COOKIE_NAMES = { https: "__Host-wff_owner", http: "wff_owner" } as const;
const siteIsHttps = () => getEnv().SITE_URL.startsWith("https://");

let cookie: Cookie | undefined;
const ownerCookie = () =>
  (cookie ??= createCookie(siteIsHttps() ? OWNER_COOKIE_NAMES.https : OWNER_COOKIE_NAMES.http, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: siteIsHttps(),
    secrets: [getEnv().SESSION_SECRET],
    maxAge: OWNER_SESSION_LIFETIME_MS / 1000,
  }));

/** The headers every owner page and answer carries: never kept by a cache, never indexed. */
export const OWNER_NO_STORE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" } as const;

export const commitOwnerCookie = (sessionId: string) => ownerCookie().serialize(sessionId);
export const clearOwnerCookie = () => ownerCookie().serialize("", { maxAge: 0, expires: new Date(0) });

async function readOwnerSessionId(request: Request): Promise<string | undefined> {
  const value: unknown = await ownerCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" ? value : undefined;
}

/** The signed-in owner's address, or null. */
export async function getOptionalOwner(request: Request): Promise<string | null> {
  const sessionId = await readOwnerSessionId(request);
  return sessionId ? findOwnerSession(getDb(), sessionId) : null;
}

/** The signed-in owner's address; without a session a page goes to the sign-in page and a post gets a 401. */
export async function requireOwner(request: Request): Promise<string> {
  const email = await getOptionalOwner(request);
  if (email) return email;
  if (request.method !== "GET" && request.method !== "HEAD") {
    throw Response.json({ message: "Please sign in to continue." }, { status: 401, headers: OWNER_NO_STORE });
  }
  throw redirect(OWNER_SIGN_IN_PATH, { headers: OWNER_NO_STORE });
}

/** Ends the request's owner session, if any. */
export async function endOwnerSession(request: Request): Promise<void> {
  const sessionId = await readOwnerSessionId(request);
  if (sessionId) await deleteOwnerSession(getDb(), sessionId);
}
