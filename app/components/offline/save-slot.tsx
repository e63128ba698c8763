/**
 * The place of "Save" on a listing's card and page (docs/decisions/046-offline-service-worker.md): empty as React
 * renders it, the button's size (app.css) so that nothing moves when ./saved-buttons.ts, loaded after the page is
 * interactive, puts the button in.
 *
 * Its content is declared as inner HTML so that React leaves what is inside to that script: React hydrates no
 * children of such an element, so a button put in before a card's list has hydrated (the lists hydrate later,
 * decision 026) is no mismatch. With plain children a button put in while React was part-way through hydrating a
 * list made it throw the list away and render it again (React error 418, 1 state page load in 20 in a test). The
 * object is one for every render: React writes inner HTML again only when that object changes, which would remove
 * the button.
 */
const LEFT_TO_THE_SCRIPT = { __html: "" } as const;

export function SaveSlot() {
  return <span data-testid="save" dangerouslySetInnerHTML={LEFT_TO_THE_SCRIPT} />;
}
