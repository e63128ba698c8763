import { MapPin } from "~/components/icons";
import { ImageIcon } from "~/components/icons/admin";
import { useEffect, useState, type DragEvent } from "react";
import { useLocation, useNavigation, useSearchParams } from "react-router";
import { UploadWidget, type UploadResult } from "~/components/admin/images/upload-widget";
import { AdminPageHeader } from "~/components/admin/list/list-page";
import { adminHeaders, adminMeta } from "~/http/admin-meta";
import { fieldClass, Label } from "~/components/ui/input";
import { toast } from "~/components/ui/use-toast";
import { WholesalerImage } from "~/components/wholesalers/wholesaler-image";
import { getDb } from "~/db/db.server";
import { findState, listStates } from "~/services/states/states.server";
import { listWholesalersByState } from "~/services/wholesalers/wholesalers.server";
import { requireAdmin } from "~/http/auth.server";
import { SITE_TIME_ZONE } from "~/utils/dates";
import { cn } from "~/utils/cn";
import type { Route } from "./+types/image-manager";

const DEFAULT_STATE = "california";
const TEXTS = {
  selectBusiness: "Select a business to upload images",
  loadFailed: "Failed to load wholesalers. Please try again.",
  noBusiness: "Please select a business first",
  uploaded: "Image uploaded successfully",
  uploadFailedFallback: "An error occurred during upload",
} as const;

interface Business {
  id: number;
  name: string;
  address: string;
  city: string;
  state: string;
  image: string | null;
  imageUpdatedAt: string | null;
}

const toBusiness = ({ id, name, address, city, state, image, imageUpdatedAt }: Business): Business => ({
  id,
  name,
  address,
  city,
  state,
  image,
  imageUpdatedAt: imageUpdatedAt ?? null,
});

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context);
  const db = getDb();
  const requested = new URL(request.url).searchParams.get("state") ?? DEFAULT_STATE;
  const state = (await findState(db, requested)) ?? (await findState(db, DEFAULT_STATE));
  const states = await listStates(db);
  // A failed list is reported in the page (the spec's toast), not as a broken page.
  const wholesalers = state ? await listWholesalersByState(db, state.id).catch(() => null) : [];
  return {
    states: states.map((s) => ({ id: s.id, name: s.name })),
    stateId: state?.id ?? DEFAULT_STATE,
    wholesalers: (wholesalers ?? []).map(toBusiness),
    loadFailed: wholesalers === null,
  };
}

export const headers = adminHeaders;
export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Image Manager");

const lastUpdated = new Intl.DateTimeFormat("en-US", { timeZone: SITE_TIME_ZONE, dateStyle: "medium", timeStyle: "short" });

export default function ImageManager({ loaderData }: Route.ComponentProps) {
  const [params, setParams] = useSearchParams();
  const navigation = useNavigation();
  const location = useLocation();
  const loading = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  // Uploads replace a business's image in place, on top of the list the server sent.
  const [uploaded, setUploaded] = useState<Record<number, Pick<Business, "image" | "imageUpdatedAt">>>({});
  const businesses = loaderData.wholesalers.map((b) => ({ ...b, ...uploaded[b.id] }));
  const businessId = Number(params.get("business")) || null;

  useEffect(() => {
    if (loaderData.loadFailed) toast({ title: "Error", description: TEXTS.loadFailed, variant: "destructive" });
  }, [loaderData]);

  const chooseState = (next: string) => setParams({ state: next }, { preventScrollReset: true });
  const chooseBusiness = (id: number | null) =>
    setParams(id ? { state: loaderData.stateId, business: String(id) } : { state: loaderData.stateId }, {
      replace: true,
      preventScrollReset: true,
    });

  const business = businesses.find((b) => b.id === businessId);

  function onUploaded(result: UploadResult) {
    if (businessId) setUploaded((current) => ({ ...current, [businessId]: { image: result.imageUrl, imageUpdatedAt: result.updatedAt } }));
    toast({ title: "Success!", description: TEXTS.uploaded, variant: "success" });
  }

  const refuseWithoutBusiness = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    toast({ title: "Error", description: TEXTS.noBusiness, variant: "destructive" });
  };

  return (
    <div className="grid gap-6">
      <AdminPageHeader title="Image Manager" description="Add or replace the photo shown on a wholesaler's card." />

      <div className="grid gap-4 rounded-2xl border border-stone-200 bg-white p-5 sm:grid-cols-2">
        <div>
          <Label htmlFor="image-state">State</Label>
          <select
            id="image-state"
            className={cn(fieldClass, "h-11")}
            value={
              loading && navigation.location
                ? (new URLSearchParams(navigation.location.search).get("state") ?? loaderData.stateId)
                : loaderData.stateId
            }
            onChange={(event) => chooseState(event.target.value)}
          >
            {loaderData.states.map((state) => (
              <option key={state.id} value={state.id}>
                {state.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <Label htmlFor="image-business">Business</Label>
          <select
            id="image-business"
            className={cn(fieldClass, "h-11")}
            value={businessId ?? ""}
            disabled={loading || businesses.length === 0}
            onChange={(event) => chooseBusiness(Number(event.target.value) || null)}
          >
            <option value="">{loading ? "Loading…" : businesses.length === 0 ? "No businesses in this state" : "Choose a business"}</option>
            {businesses.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </select>
        </div>
      </div>

      {business ? (
        <section aria-labelledby="business-name" className="grid gap-6 rounded-2xl border border-stone-200 bg-white p-5 lg:grid-cols-2">
          <div>
            <h2 id="business-name" className="font-serif text-xl font-semibold">
              {business.name}
            </h2>
            <p className="mt-1 flex items-start gap-1.5 text-sm text-muted">
              <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {business.address}, {business.city}, {business.state}
            </p>
            <div className="mt-4 overflow-hidden rounded-xl border border-stone-200">
              <WholesalerImage
                src={business.image}
                alt={`Photo of ${business.name}`}
                lazy={false}
                sizes="(min-width: 1024px) 40vw, 100vw"
              />
            </div>
            {business.imageUpdatedAt ? (
              <p className="mt-2 text-xs text-muted">Last updated {lastUpdated.format(new Date(business.imageUpdatedAt))}</p>
            ) : null}
          </div>
          <div className="grid content-start gap-4">
            <UploadWidget
              url={`/api/upload/wholesaler/${business.id}`}
              onUploaded={onUploaded}
              onFailed={(message) =>
                toast({ title: "Upload Failed", description: message || TEXTS.uploadFailedFallback, variant: "destructive" })
              }
            />
            <div className="rounded-xl bg-stone-50 p-4 text-sm text-muted">
              <p className="font-medium text-ink">Photo guidance</p>
              <ul className="mt-2 list-disc space-y-1 pl-5">
                <li>Landscape photos work best: 1200 x 800 px (3:2) is ideal; other shapes are cropped around the center.</li>
                <li>Show the storefront or the flowers on sale, in daylight, without people's faces or text overlays.</li>
                <li>JPG, PNG or WebP up to 5 MB. Location data in the photo is removed before it is stored.</li>
              </ul>
            </div>
          </div>
        </section>
      ) : (
        <div
          onDragOver={(event) => event.preventDefault()}
          onDrop={refuseWithoutBusiness}
          className="flex flex-col items-center gap-3 rounded-2xl border-2 border-dashed border-stone-300 bg-white px-6 py-14 text-center text-muted"
        >
          <ImageIcon className="size-10 text-stone-400" aria-hidden="true" />
          <p className="font-medium">{TEXTS.selectBusiness}</p>
        </div>
      )}
    </div>
  );
}
