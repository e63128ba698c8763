/** A listing's number on the map beside it, over the card's top-left corner; the map is decorative, so is the number. */
export function ListingNumber({ number }: { number: number }) {
  return (
    <span
      aria-hidden="true"
      data-testid="listing-number"
      className="absolute -left-3 -top-3 z-10 flex size-7 items-center justify-center rounded-full bg-plum text-xs font-bold text-white shadow ring-2 ring-white"
    >
      {number}
    </span>
  );
}
