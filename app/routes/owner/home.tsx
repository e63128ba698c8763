import { Form, Link } from "react-router";
import { getDb } from "~/db/db.server";
import { pageMeta } from "~/http/meta";
import { OWNER_NO_STORE, requireOwner } from "~/http/owner-auth.server";
import { OWNER_SIGN_OUT_PATH, ownerListingPath } from "~/services/owners/owner-form";
import { listOwnedListings } from "~/services/owners/owners.server";
import { listingPath } from "~/services/wholesalers/slug";
import { Pencil } from "~/components/icons/admin";
import { Button, buttonVariants } from "~/components/ui/button";
import { OwnerCard } from "~/components/owners/owner-frame";
import { checkedLabel, useRenderedDay } from "~/components/wholesalers/listing-facts";
import type { Route } from "./+types/home";

/** The owner's page: the listings this address owns (an admin may have removed it from all of them). */
export async function loader({ request }: Route.LoaderArgs) {
  const email = await requireOwner(request);
  const listings = await listOwnedListings(getDb(), email);
  return {
    email,
    listings: listings.map((l) => ({
      id: l.id,
      name: l.name,
      place: `${l.address}, ${l.city}, ${l.state} ${l.zipcode}`,
      path: listingPath(l),
      verifiedAt: l.verifiedAt,
      pending: l.pendingChange !== null,
    })),
  };
}

export const headers: Route.HeadersFunction = () => OWNER_NO_STORE;
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { title: "Your listings", path: "/owner", noindex: true });

export default function OwnerHome({ loaderData }: Route.ComponentProps) {
  const { email, listings } = loaderData;
  const today = useRenderedDay();
  return (
    <OwnerCard
      wide
      title="Your listings"
      intro={
        <>
          Signed in as <strong className="font-semibold text-ink [overflow-wrap:anywhere]">{email}</strong>.
        </>
      }
    >
      {listings.length === 0 ? (
        <p className="text-sm text-muted">This address owns no listing any more. If that is a mistake, write to us from the About page.</p>
      ) : (
        <ul className="grid gap-3">
          {listings.map((listing) => (
            <li key={listing.id} className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-stone-200 p-4">
              <div className="min-w-0">
                <a href={listing.path} className="font-semibold text-ink underline-offset-4 hover:underline">
                  {listing.name}
                </a>
                <p className="text-sm text-muted">{listing.place}</p>
                <p className="mt-1 text-xs text-muted">
                  {listing.verifiedAt ? checkedLabel(listing.verifiedAt, today) : "Never verified"}
                  {listing.pending ? " · A change of name or address waits for an admin" : ""}
                </p>
              </div>
              <Link to={ownerListingPath(listing.id)} className={buttonVariants({ size: "sm" })}>
                <Pencil aria-hidden="true" />
                Edit<span className="sr-only"> {listing.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Form method="post" action={OWNER_SIGN_OUT_PATH} className="mt-6">
        <Button type="submit" variant="secondary" size="sm">
          Sign out
        </Button>
      </Form>
    </OwnerCard>
  );
}
