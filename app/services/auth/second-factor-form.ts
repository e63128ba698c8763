/** What the sign-in code step and the account page share with the browser (decision 048). */

export const SIGN_IN_CODE_PATH = "/admin/login/code";
export const ACCOUNT_PATH = "/admin/account";

export const RECOVERY_CODE_COUNT = 10;

export const CODE_MISSING_MESSAGE = "Enter the 6-digit code from your authenticator app, or a recovery code.";
export const CODE_MALFORMED_MESSAGE =
  "Enter the 6-digit code from your authenticator app (such as 123456), or a recovery code (such as 7kq2-mx9d).";
export const WRONG_CODE_MESSAGE = "That code is not right, or it was used already. Try the newest code from your app.";
export const SIGN_IN_STEP_EXPIRED_MESSAGE = "Your sign-in took more than 5 minutes. Enter your email and password again.";
export const CONFIRMATION_MISSING_MESSAGE = "Enter a current code from your authenticator app, or your password.";
export const WRONG_CONFIRMATION_MESSAGE = "That is neither a current code from your app nor your password.";
export const SECOND_FACTOR_UNREADABLE_MESSAGE =
  "This account's authenticator secret cannot be read with this server's SESSION_SECRET. " +
  "Ask whoever runs the server to turn it off with `npm run admin -- reset-second-factor <email>`.";

/** "Too many wrong codes": the limit's message, in the style of the password's (services/auth/throttle.server.ts). */
export const codeThrottledMessage = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `Too many wrong codes. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`;
};

/** A base32 secret in groups of four, as it is typed into an app by hand. */
export const groupSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, "$1 ");
