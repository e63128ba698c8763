import { ArrowLeft } from "~/components/icons";
import { Switch, Tabs } from "radix-ui";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Link, useActionData, useFetcher } from "react-router";
import { SelectField, TextAreaField, TextField } from "~/components/admin/list/fields";
import { AdminPageHeader } from "~/components/admin/list/list-page";
import { adminHeaders, adminMeta } from "~/http/admin-meta";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/use-toast";
import { getDb } from "~/db/db.server";
import { DIGEST_FREQUENCIES, DIGEST_LABELS } from "~/services/settings/settings-form";
import { getSettingsForEditing, updateGeneralSettings, updateMailSettings, updateSeoSettings } from "~/services/settings/settings.server";
import { formToObject, runAdminAction, type ActionResult } from "~/http/admin-action.server";
import { requireAdmin } from "~/http/auth.server";
import { cn } from "~/utils/cn";
import type { Route } from "./+types/settings";
import { FlowerHolidaysForm } from "~/components/admin/wholesalers/flower-holidays-form";
import { getFlowerHolidaysForEditing, saveFlowerHolidays } from "~/services/wholesalers/flower-holidays.server";
import { todayIsoDate } from "~/utils/dates";

/** The confirmations of SPEC section 8. */
const SETTINGS_TOASTS = {
  general: { title: "Settings updated", description: "Your general settings have been saved successfully." },
  seo: { title: "Meta settings updated", description: "Your SEO settings have been saved successfully." },
  mail: { title: "Mail settings updated", description: "Your mail settings have been saved successfully." },
} as const;

type SettingsGroup = keyof typeof SETTINGS_TOASTS;

const FEATURE_TOGGLES = [
  { name: "enableFeaturedWholesalers", label: "Featured Wholesalers", description: "Show featured wholesalers on the homepage" },
  { name: "enableBlog", label: "Blog", description: "Enable blog features and show posts on the homepage" },
  { name: "enableFestivals", label: "Flower Festivals", description: "Show the festivals calendar and upcoming events" },
] as const;

const META_TITLE_RANGE = [50, 60] as const;
const META_DESCRIPTION_RANGE = [150, 160] as const;

export async function loader({ context }: Route.LoaderArgs) {
  requireAdmin(context);
  const db = getDb();
  return { ...(await getSettingsForEditing(db)), holidays: await getFlowerHolidaysForEditing(db, todayIsoDate()) };
}

export const headers = adminHeaders;
export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Settings", { nofollow: true });

const isOn = (form: FormData, name: string) => form.get(name) === "on";

export function action({ request, context }: Route.ActionArgs) {
  const db = getDb();
  return runAdminAction(request, context, {
    general: async ({ form, actor, version }) => {
      const raw = {
        siteName: String(form.get("siteName") ?? ""),
        contactEmail: String(form.get("contactEmail") ?? ""),
        enableFeaturedWholesalers: isOn(form, "enableFeaturedWholesalers"),
        enableBlog: isOn(form, "enableBlog"),
        enableFestivals: isOn(form, "enableFestivals"),
      };
      await updateGeneralSettings(db, raw, version("version"), actor);
      return { id: "general", message: SETTINGS_TOASTS.general.description };
    },
    seo: async ({ form, actor, version }) => {
      const { metaTitle, metaDescription, googleAnalyticsId } = formToObject(form);
      await updateSeoSettings(db, { metaTitle, metaDescription, googleAnalyticsId }, version("version"), actor);
      return { id: "seo", message: SETTINGS_TOASTS.seo.description };
    },
    holidays: async ({ actor, text, version }) => {
      const holidays = await saveFlowerHolidays(db, text("holidays"), version("version"), actor);
      return { message: `${holidays.length} flower ${holidays.length === 1 ? "holiday" : "holidays"} saved.` };
    },
    mail: async ({ form, actor, version }) => {
      const { sendRate, postalAddress, adminDigest, ownerCheckMonths } = formToObject(form);
      await updateMailSettings(db, { sendRate, postalAddress, adminDigest, ownerCheckMonths }, version("version"), actor);
      return { id: "mail", message: SETTINGS_TOASTS.mail.description };
    },
  });
}

/** Submits one settings group without leaving the page: field errors in place, the spec's toast on success. */
function useSettingsForm(intent: SettingsGroup) {
  const fetcher = useFetcher<ActionResult>();
  // A form posted before the page's scripts ran arrives as the page's own action data.
  const posted = useActionData<ActionResult>();
  const latest = fetcher.data ?? posted;
  const result = latest?.intent === intent && fetcher.state === "idle" ? latest : undefined;
  const handled = useRef<ActionResult | undefined>(undefined);
  useEffect(() => {
    if (!result || handled.current === result) return;
    handled.current = result;
    if (result.ok) toast({ ...SETTINGS_TOASTS[intent], variant: "success" });
  }, [result, intent]);
  const failure = result && !result.ok ? result : undefined;
  return {
    fetcher,
    busy: fetcher.state !== "idle",
    errors: failure?.fieldErrors ?? {},
    // A refusal that is not about one field (a conflicting save, an ended session) is said above the button.
    formError: failure && !failure.fieldErrors ? failure.message : undefined,
  };
}

function FormError({ children }: { children?: string }) {
  if (!children) return null;
  return (
    <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
      {children}
    </p>
  );
}

function Card({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-stone-200 bg-white p-5 shadow-xs sm:p-8">
      <h2 className="font-serif text-xl font-semibold text-ink">{title}</h2>
      <p className="mt-1 text-sm text-muted">{description}</p>
      <div className="mt-6">{children}</div>
    </section>
  );
}

function FeatureToggle({
  name,
  label,
  description,
  defaultChecked,
}: {
  name: string;
  label: string;
  description: string;
  defaultChecked: boolean;
}) {
  return (
    <div className="flex items-start justify-between gap-4 py-4">
      <div>
        <label htmlFor={`field-${name}`} className="text-sm font-medium text-ink">
          {label}
        </label>
        <p id={`${name}-description`} className="mt-0.5 text-sm text-muted">
          {description}
        </p>
      </div>
      <Switch.Root
        id={`field-${name}`}
        name={name}
        defaultChecked={defaultChecked}
        aria-describedby={`${name}-description`}
        className="relative inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full bg-stone-300 transition-colors data-[state=checked]:bg-rose-brand"
      >
        <Switch.Thumb className="block size-5 translate-x-1 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-6" />
      </Switch.Root>
    </div>
  );
}

/** "Recommended length" with the live count, which turns green inside the recommended range. */
function LengthHint({ length, range }: { length: number; range: readonly [number, number] }) {
  const within = length >= range[0] && length <= range[1];
  return (
    <span className="flex flex-wrap justify-between gap-x-3">
      <span>
        Recommended length: {range[0]}-{range[1]} characters.
      </span>
      <span className={cn("tabular-nums", within ? "font-medium text-leaf" : undefined)}>
        {length} {length === 1 ? "character" : "characters"}
      </span>
    </span>
  );
}

function GeneralSettingsForm({
  settings,
  version,
}: {
  settings: Route.ComponentProps["loaderData"]["settings"]["general"];
  version: string;
}) {
  const { fetcher, busy, errors, formError } = useSettingsForm("general");
  return (
    <Card title="General Settings" description="Your site's name and contact address, and which sections the public site shows.">
      <fetcher.Form method="post" noValidate className="grid gap-5">
        <input type="hidden" name="intent" value="general" />
        <input type="hidden" name="version" value={version} />
        <TextField name="siteName" label="Site Name" defaultValue={settings.siteName} error={errors.siteName} autoComplete="organization" />
        <TextField
          name="contactEmail"
          label="Contact Email"
          type="email"
          defaultValue={settings.contactEmail}
          error={errors.contactEmail}
          autoComplete="email"
          hint="Shown in the footer and on the About, Privacy and Terms pages."
        />
        <fieldset>
          <legend className="text-sm font-semibold text-ink">Features</legend>
          <div className="mt-1 divide-y divide-stone-100">
            {FEATURE_TOGGLES.map((toggle) => (
              <FeatureToggle key={toggle.name} {...toggle} defaultChecked={settings[toggle.name]} />
            ))}
          </div>
        </fieldset>
        <FormError>{formError}</FormError>
        <div>
          <Button type="submit" disabled={busy}>
            {busy ? "Saving..." : "Save Settings"}
          </Button>
        </div>
      </fetcher.Form>
    </Card>
  );
}

function SeoSettingsForm({ settings, version }: { settings: Route.ComponentProps["loaderData"]["settings"]["seo"]; version: string }) {
  const { fetcher, busy, errors, formError } = useSettingsForm("seo");
  const [title, setTitle] = useState(settings.metaTitle);
  const [description, setDescription] = useState(settings.metaDescription);
  return (
    <Card
      title="SEO & Meta"
      description="The title and description search engines and social networks show for pages that have none of their own."
    >
      <fetcher.Form method="post" noValidate className="grid gap-5">
        <input type="hidden" name="intent" value="seo" />
        <input type="hidden" name="version" value={version} />
        <TextField
          name="metaTitle"
          label="Default Meta Title"
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          error={errors.metaTitle}
          hint={<LengthHint length={title.trim().length} range={META_TITLE_RANGE} />}
        />
        <TextAreaField
          name="metaDescription"
          label="Default Meta Description"
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          error={errors.metaDescription}
          rows={5}
          hint={<LengthHint length={description.trim().length} range={META_DESCRIPTION_RANGE} />}
        />
        <TextField
          name="googleAnalyticsId"
          label="Google Analytics ID"
          defaultValue={settings.googleAnalyticsId ?? ""}
          placeholder="G-XXXXXXXXXX"
          autoComplete="off"
          spellCheck={false}
          error={errors.googleAnalyticsId}
          hint="Enables Google Analytics tracking on every public page. Leave it empty to turn tracking off."
        />
        <FormError>{formError}</FormError>
        <div>
          <Button type="submit" disabled={busy}>
            {busy ? "Saving..." : "Save SEO Settings"}
          </Button>
        </div>
      </fetcher.Form>
    </Card>
  );
}

function MailSettingsForm({ settings, version }: { settings: Route.ComponentProps["loaderData"]["settings"]["mail"]; version: string }) {
  const { fetcher, busy, errors, formError } = useSettingsForm("mail");
  return (
    <Card
      title="Mail"
      description="How fast the site sends its messages, the postal line of the newsletter, and the digest mailed to admins."
    >
      <fetcher.Form method="post" noValidate className="grid gap-5">
        <input type="hidden" name="intent" value="mail" />
        <input type="hidden" name="version" value={version} />
        <TextField
          name="sendRate"
          label="Messages per second"
          type="number"
          inputMode="numeric"
          min={0}
          max={1000}
          step={1}
          defaultValue={settings.sendRate}
          error={errors.sendRate}
          hint="0 sends as fast as the SMTP server accepts"
        />
        <TextField
          name="postalAddress"
          label="Postal address"
          defaultValue={settings.postalAddress}
          maxLength={200}
          autoComplete="street-address"
          error={errors.postalAddress}
          hint="Printed at the foot of every newsletter. The CAN-SPAM Act asks for a valid physical postal address."
        />
        <SelectField
          name="adminDigest"
          label="Admin digest"
          defaultValue={settings.adminDigest}
          options={DIGEST_FREQUENCIES.map((value) => ({ value, label: DIGEST_LABELS[value] }))}
          error={errors.adminDigest}
          hint="New listing requests, reports and suggestions, mailed to every admin."
        />
        <TextField
          name="ownerCheckMonths"
          label="Ask owners every (months)"
          type="number"
          inputMode="numeric"
          min={1}
          max={24}
          step={1}
          defaultValue={settings.ownerCheckMonths}
          error={errors.ownerCheckMonths}
          hint="How often each owner is mailed “Is your listing still right?”"
        />
        <FormError>{formError}</FormError>
        <div>
          <Button type="submit" disabled={busy}>
            {busy ? "Saving..." : "Save Mail Settings"}
          </Button>
        </div>
      </fetcher.Form>
    </Card>
  );
}

const tabTrigger =
  "rounded-full px-4 py-2 text-sm font-medium text-muted transition-colors hover:text-ink data-[state=active]:bg-white data-[state=active]:text-ink data-[state=active]:shadow-sm";

export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  const { settings, versions, holidays } = loaderData;
  return (
    <div className="grid gap-6">
      <div>
        <Link
          to="/admin"
          className="inline-flex items-center gap-1.5 text-sm font-medium text-rose-brand underline-offset-4 hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to Dashboard
        </Link>
      </div>
      <AdminPageHeader title="Settings" description="Changes take effect on the public site as soon as you save them." />
      <Tabs.Root defaultValue="general">
        <Tabs.List aria-label="Settings" className="inline-flex flex-wrap gap-1 rounded-full bg-stone-200/70 p-1">
          <Tabs.Trigger value="general" className={tabTrigger}>
            General Settings
          </Tabs.Trigger>
          <Tabs.Trigger value="seo" className={tabTrigger}>
            SEO &amp; Meta
          </Tabs.Trigger>
          <Tabs.Trigger value="mail" className={tabTrigger}>
            Mail
          </Tabs.Trigger>
          <Tabs.Trigger value="holidays" className={tabTrigger}>
            Flower holidays
          </Tabs.Trigger>
        </Tabs.List>
        {/* The forms stay mounted, so switching tabs keeps what was typed but not yet saved. */}
        <Tabs.Content value="general" forceMount className="mt-6 max-w-3xl outline-none data-[state=inactive]:hidden">
          <GeneralSettingsForm settings={settings.general} version={versions.general} />
        </Tabs.Content>
        <Tabs.Content value="seo" forceMount className="mt-6 max-w-3xl outline-none data-[state=inactive]:hidden">
          <SeoSettingsForm settings={settings.seo} version={versions.seo} />
        </Tabs.Content>
        <Tabs.Content value="mail" forceMount className="mt-6 max-w-3xl outline-none data-[state=inactive]:hidden">
          <MailSettingsForm settings={settings.mail} version={versions.mail} />
        </Tabs.Content>
        <Tabs.Content value="holidays" forceMount className="mt-6 max-w-3xl outline-none data-[state=inactive]:hidden">
          <FlowerHolidaysForm text={holidays.text} version={holidays.version} />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
