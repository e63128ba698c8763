/** What the "Forgot password" pages show, for the browser too (password-reset.server.ts re-exports it). */

export const FORGOT_PASSWORD_PATH = "/admin/forgot-password";
export const PASSWORD_RESET_PATH = "/admin/reset-password";

/** The one answer to every request, whether the address is an admin's or not. */
export const RESET_REQUESTED_MESSAGE =
  "If that address belongs to an admin, a link to reset the password is on its way. It works once, within 30 minutes.";
export const RESET_LINK_EXPIRED_MESSAGE = "This link has expired or was already used. Ask for a new one.";
export const PASSWORD_CHANGED_MESSAGE = "Your password was changed. Sign in with the new one.";
/** The sign-in page's query after a reset (`/admin/login?reset=done`), which shows PASSWORD_CHANGED_MESSAGE. */
export const PASSWORD_CHANGED_PARAM = { name: "reset", value: "done" } as const;
