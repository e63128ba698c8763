/**
 * Owners claim and keep their listing (issue #36, decision 045): one import for the routes, the pieces in their
 * own modules (tokens, sign-in, claims, edits, still-right).
 */
export * from "./owner-form";
export * from "./tokens.server";
export * from "./sign-in.server";
export * from "./claims.server";
export * from "./edits.server";
export * from "./still-right.server";
