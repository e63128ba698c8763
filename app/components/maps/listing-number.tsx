/** A listing's number on the map beside it, over the card's top-left corner; the map is decorative, so is the number. */
export function ListingNumber({ number }: { number: number }) {
  return (
    <span aria-hidden="true" data-testid="listing-number" className="listing-number">
      {number}
    </span>
  );
}
