/** What an admin form action answers (browser-safe: the dialogs and forms read it). */
export interface ActionResult {
  ok: boolean;
  intent: string;
  message: string;
  fieldErrors?: Record<string, string>;
  /** The id of the record the action created or changed. */
  id?: number | string;
}
