import crypto from "node:crypto";
import { createContext, createCookie, redirect, type Cookie, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { getDb } from "~/db/db.server";
import { deleteSession, getActiveSession, SESSION_ABSOLUTE_TIMEOUT_MS, type SessionAdmin } from "~/services/auth/sessions.server";
import { secondFactorKeys, type SecondFactorKeys } from "~/services/auth/second-factor.server";
import { SIGN_IN_CHALLENGE_TTL_MS } from "~/services/auth/sign-in-challenges.server";
import { getEnv } from "~/utils/env.server";

/**
 * The session cookie's name: with the `__Host-` prefix when the site runs on https, so that the browser takes it
 * only from this host, over TLS, for the whole site, and no subdomain can set or shadow it (ASVS 5.0 3.3.1).
 */
export const SESSION_COOKIE_NAMES = { https: "__Host-wff_session", http: "wff_session" } as const;
const siteIsHttps = () => getEnv().SITE_URL.startsWith("https://");
export const sessionCookieName = () => (siteIsHttps() ? SESSION_COOKIE_NAMES.https : SESSION_COOKIE_NAMES.http);
const SESSION_NAMES = new Set<string>(Object.values(SESSION_COOKIE_NAMES));

/** Whether a Cookie header carries a session cookie by name (valid or not: the servers' caches step aside for it). */
export const carriesSessionCookie = (cookieHeader: string | undefined): boolean =>
  !!cookieHeader && cookieHeader.split(";").some((pair) => SESSION_NAMES.has(pair.split("=", 1)[0]!.trim()));
export const LOGIN_PATH = "/admin/login";
export const ADMIN_HOME = "/admin";
export const UNAUTHORIZED_MESSAGE = "Please sign in to continue.";

export interface CurrentAdmin extends SessionAdmin {
  /** The raw session id from the cookie, for ending this session or keeping it on a password change. */
  sessionId: string;
}

/**
 * A cookie of the admin area, made once, when first used (the environment is read then): HttpOnly, SameSite=Lax,
 * Secure on https, signed with SESSION_SECRET.
 */
function adminCookie(name: () => string, options: { path: string; maxAgeSeconds: number }): () => Cookie {
  let cookie: Cookie | undefined;
  return () =>
    (cookie ??= createCookie(name(), {
      httpOnly: true,
      sameSite: "lax",
      path: options.path,
      secure: siteIsHttps(),
      secrets: [getEnv().SESSION_SECRET],
      maxAge: options.maxAgeSeconds,
    }));
}

/** The cookie holds only the session id, signed with SESSION_SECRET; the session itself lives in the database. */
const getSessionCookie = adminCookie(sessionCookieName, { path: "/", maxAgeSeconds: SESSION_ABSOLUTE_TIMEOUT_MS / 1000 });

async function readSessionId(request: Request): Promise<string | undefined> {
  const value: unknown = await getSessionCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" ? value : undefined;
}

/** The cookie that marks a browser as one that signed in as an admin before (services/auth/throttle.server.ts). */
export const DEVICE_COOKIE_NAME = "wff_device";
/** On https the device cookie is `__Secure-` (it has its own path, so not `__Host-`). */
const deviceCookieName = () => (siteIsHttps() ? `__Secure-${DEVICE_COOKIE_NAME}` : DEVICE_COOKIE_NAME);
const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * `{ email, id }`, the admin it signed in as and a random id. Its path is /admin, not /admin/login: the page's
 * script posts the form to /admin/login.data, which a cookie of path /admin/login does not match (a path matches
 * only up to a "/").
 */
const getDeviceCookie = adminCookie(deviceCookieName, { path: "/admin", maxAgeSeconds: DEVICE_COOKIE_MAX_AGE_SECONDS });

/** The id of the request's device cookie when it is valid and was given for `email`, else null. */
export async function readDeviceId(request: Request, email: string): Promise<string | null> {
  const value: unknown = await getDeviceCookie().parse(request.headers.get("Cookie"));
  if (typeof value !== "object" || value === null) return null;
  const { email: given, id } = value as { email?: unknown; id?: unknown };
  return typeof id === "string" && /^[A-Za-z0-9_-]{22}$/.test(id) && given === email.trim().toLowerCase() ? id : null;
}

/** Set-Cookie value that marks this browser as one `email` signed in on (keeping the id it had, if any). */
export const commitDeviceCookie = (email: string, id: string | null) =>
  getDeviceCookie().serialize({ email: email.trim().toLowerCase(), id: id ?? crypto.randomBytes(16).toString("base64url") });

/**
 * The step between a right password and the code (decision 048): the challenge's random id, signed, HttpOnly,
 * SameSite=Lax, five minutes, sent only to /admin (the code page posts to /admin/login/code and its `.data`).
 */
const challengeCookieName = () => (siteIsHttps() ? "__Secure-wff_sign_in_step" : "wff_sign_in_step");
const getChallengeCookie = adminCookie(challengeCookieName, { path: "/admin", maxAgeSeconds: SIGN_IN_CHALLENGE_TTL_MS / 1000 });

export const commitChallengeCookie = (challengeId: string) => getChallengeCookie().serialize(challengeId);
export const clearChallengeCookie = () => getChallengeCookie().serialize("", { maxAge: 0, expires: new Date(0) });

/** The challenge id this browser's cookie holds, or null. */
export async function readChallengeId(request: Request): Promise<string | null> {
  const value: unknown = await getChallengeCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && value ? value : null;
}

let keys: { secret: string; keys: SecondFactorKeys } | undefined;
/** The second factor's keys, derived from SESSION_SECRET once. */
export function getSecondFactorKeys(): SecondFactorKeys {
  const secret = getEnv().SESSION_SECRET;
  if (keys?.secret !== secret) keys = { secret, keys: secondFactorKeys(secret) };
  return keys.keys;
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

const MUTATION_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

const unauthorized = () => Response.json({ message: UNAUTHORIZED_MESSAGE }, { status: 401, headers: { "Cache-Control": "no-store" } });

/** The sign-in page, coming back here afterwards (and dropping a cookie whose session has ended). */
async function signInRedirect(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const next = `${url.pathname}${url.search}`;
  const headers = new Headers();
  if (request.headers.get("Cookie")?.includes(`${sessionCookieName()}=`)) headers.append("Set-Cookie", await clearSessionCookie());
  return redirect(`${LOGIN_PATH}?${new URLSearchParams({ next })}`, { headers });
}

/** The request's signed-in admin, set by `adminMiddleware`; null on a route it does not guard. */
export const adminContext = createContext<CurrentAdmin | null>(null);

/**
 * Route middleware of the signed-in admin area: looks the session up once per request and hands the admin to
 * every loader and action below it through `adminContext`. Without a session, before any of them runs, a page
 * (GET, HEAD) sends the visitor to the sign-in page and a mutation answers 401 JSON, whether it comes from a
 * script, a plain form post or the app's own fetch.
 */
export const adminMiddleware: MiddlewareFunction<Response> = async ({ request, context }) => {
  const admin = await getOptionalAdmin(request);
  if (!admin) return MUTATION_METHODS.has(request.method) ? unauthorized() : signInRedirect(request);
  context.set(adminContext, admin);
};

/** `adminMiddleware` for resource routes that only take POST: a GET goes on to their 405, without a lookup. */
export const adminMutationMiddleware: MiddlewareFunction<Response> = (args, next) =>
  MUTATION_METHODS.has(args.request.method) ? adminMiddleware(args, next) : undefined;

/**
 * The request's signed-in admin, found by `adminMiddleware`. A route that middleware does not guard gets an
 * error here instead of an admin: it fails closed.
 */
export function requireAdmin(context: Readonly<RouterContextProvider>): CurrentAdmin {
  const admin = context.get(adminContext);
  if (!admin) throw new Error("An admin route ran without adminMiddleware: add it to the route or to a parent in app/routes.ts.");
  return admin;
}

/** For admin endpoints outside the admin routes (the image uploads): the signed-in admin, or a 401 JSON answer. */
export async function requireAdminForApi(request: Request): Promise<CurrentAdmin> {
  const admin = await getOptionalAdmin(request);
  if (admin) return admin;
  throw unauthorized();
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
  const loops = url.pathname === LOGIN_PATH || url.pathname === `${LOGIN_PATH}/code` || url.pathname === "/admin/logout";
  if (url.origin !== base || !inAdmin || loops) return ADMIN_HOME;
  return `${url.pathname}${url.search}${url.hash}`;
}
