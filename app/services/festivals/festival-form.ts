/** What the admin festival form and its server-side validation share (this module is safe in the browser). */

/** The entity in words (messages, the delete confirmation) and in the audit log. */
export const FESTIVAL_ENTITY = "festival";
