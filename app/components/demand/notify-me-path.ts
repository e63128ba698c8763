/**
 * Where every "tell me" form posts, with or without JavaScript (routes/public/notify-me.tsx), and where its answer
 * is shown. A module of its own so that the root route can name it without the forms' code.
 */
export const NOTIFY_ME_PATH = "/notify-me";
