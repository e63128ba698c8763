/** Owners' tokens and the rule of the website's domain: shared by sign-in links, claims and "Yes, still right". */
import crypto from "node:crypto";
import { emailDomain } from "../mail/address";
import { OWNER_LINK_MINUTES, OWNER_LINK_PATH, STILL_RIGHT_PATH } from "./owner-form";

const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
export const OWNER_LINK_LIFETIME_MS = OWNER_LINK_MINUTES * MINUTE;
/** An owner's session lasts a week from sign-in. */
export const OWNER_SESSION_LIFETIME_MS = 7 * DAY;
/** Claims accepted per client address each hour, across all listings. */
export const CLAIMS_PER_HOUR = 5;
/** Unused sign-in links per address in an hour; past it a request is answered the same and sends nothing. */
export const OWNER_LINKS_PER_HOUR = 3;

/** 32 random bytes, base64url: what a link or cookie carries. Only its SHA-256 (hex) is stored. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const newToken = () => crypto.randomBytes(32).toString("base64url");
export const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

export const ownerLinkUrl = (siteUrl: string, token: string) =>
  `${siteUrl.replace(/\/+$/, "")}${OWNER_LINK_PATH}?token=${encodeURIComponent(token)}`;
export const stillRightUrl = (siteUrl: string, token: string) =>
  `${siteUrl.replace(/\/+$/, "")}${STILL_RIGHT_PATH}?token=${encodeURIComponent(token)}`;

/** The website's host without "www.", lower case; null without a readable website. */
export function websiteHost(website: string | null | undefined): string | null {
  if (!website) return null;
  try {
    return new URL(website).hostname.toLowerCase().replace(/^www\./, "") || null;
  } catch {
    return null;
  }
}

/**
 * Whether an email address is on the listing's own website domain: its domain is the website's host, "www." aside
 * (info@originallaflowermarket.com for https://www.originallaflowermarket.com/). Only the exact host counts: a
 * shared host's subdomain (someone.wixsite.com) would otherwise hand a listing to the host's staff.
 */
export function emailOnWebsiteDomain(email: string, website: string | null | undefined): boolean {
  const host = websiteHost(website);
  const domain = emailDomain(email);
  return host !== null && domain.includes(".") && domain === host;
}
