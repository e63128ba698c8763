import { useState, type ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { FormAlert, FormNotice } from "~/components/admin/sign-in-frame";
import { Download, ShieldCheck } from "~/components/icons";
import { CopyCheck } from "~/components/icons/admin";
import { Button, buttonVariants } from "~/components/ui/button";
import { useHydrated } from "~/components/wholesalers/use-hydrated";
import { FieldError, Input, Label } from "~/components/ui/input";
import type { ActionResult } from "~/http/action-result";
import { ACCOUNT_PATH, RECOVERY_CODE_COUNT } from "~/services/auth/second-factor-form";

export interface SecondFactorActionResult extends ActionResult {
  /** Shown once, right after two-step sign-in was turned on or the codes were made again. */
  recoveryCodes?: string[];
}

interface Status {
  enabled: boolean;
  pending: boolean;
  enabledAt: string | null;
  recoveryCodesLeft: number;
}

function Section({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id={id} className="font-serif text-xl font-semibold text-ink">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** The ten codes, once: as a list, as a text file to download, and copied with a click where a script runs. */
function RecoveryCodes({ codes, email }: { codes: string[]; email: string }) {
  // The copy button needs the page's script (and a clipboard): without them, the list and the download remain.
  const hydrated = useHydrated();
  const canCopy = hydrated && !!navigator.clipboard;
  const [copied, setCopied] = useState(false);
  const text = `Recovery codes for ${email} (admin sign-in). Each works once.\n\n${codes.join("\n")}\n`;
  return (
    <Section title="Save your recovery codes" id="recovery-codes-heading">
      <p className="text-sm text-muted">
        If you lose your phone, each of these codes signs you in once instead of the app&apos;s code. They are shown only now: keep them
        somewhere safe, such as your password manager.
      </p>
      <ul aria-label="Recovery codes" className="mt-4 grid grid-cols-2 gap-2 rounded-xl bg-stone-50 p-4 font-mono text-base sm:grid-cols-5">
        {codes.map((code) => (
          <li key={code} className="text-center tracking-wider">
            {code}
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap gap-3">
        <a
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download="admin-recovery-codes.txt"
          className={buttonVariants({ variant: "secondary" })}
        >
          <Download className="size-4" aria-hidden="true" />
          Download as text
        </a>
        {canCopy ? (
          <Button
            type="button"
            variant="secondary"
            onClick={() => {
              void navigator.clipboard.writeText(text).then(() => setCopied(true));
            }}
          >
            <CopyCheck className="size-4" aria-hidden="true" />
            {copied ? "Copied" : "Copy"}
          </Button>
        ) : null}
        <Link to={ACCOUNT_PATH} className={buttonVariants()}>
          I have saved them
        </Link>
      </div>
    </Section>
  );
}

/** A field for a current code or the password, and its button: what turning off or new codes ask for. */
function ConfirmedForm({
  intent,
  label,
  button,
  danger = false,
  result,
}: {
  intent: string;
  label: string;
  button: string;
  danger?: boolean;
  result: SecondFactorActionResult | undefined;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const error = result && !result.ok && result.intent === intent ? result : null;
  const id = `${intent}-confirmation`;
  return (
    <Form method="post" className="mt-3">
      <input type="hidden" name="intent" value={intent} />
      {error && !error.fieldErrors?.confirmation ? <FormAlert>{error.message}</FormAlert> : null}
      <Label htmlFor={id}>{label}</Label>
      <div className="mt-1 flex flex-col gap-3 sm:flex-row">
        <Input
          id={id}
          name="confirmation"
          type="password"
          autoComplete="off"
          required
          className="sm:max-w-xs"
          aria-describedby={error?.fieldErrors?.confirmation ? `${id}-error` : undefined}
          aria-invalid={error?.fieldErrors?.confirmation ? true : undefined}
        />
        <Button type="submit" variant="secondary" className={danger ? "text-red-700" : undefined} disabled={busy}>
          {button}
        </Button>
      </div>
      <FieldError id={`${id}-error`}>{error?.fieldErrors?.confirmation}</FieldError>
    </Form>
  );
}

/**
 * Two-step sign-in on the admin's account page (decision 048): off (a button to set it up), being set up (the QR
 * code drawn on the server, the secret to type by hand, and the code that confirms it), or on (new recovery codes,
 * turning it off). Every step is a plain form post, so it works without JavaScript.
 */
export function SecondFactorPanel({
  email,
  status,
  setup,
  result,
}: {
  email: string;
  status: Status;
  setup: { qrSvg: string; secret: string; uri: string } | null;
  result: SecondFactorActionResult | undefined;
}) {
  const navigation = useNavigation();
  const submitting = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const notice = result?.ok && !result.recoveryCodes ? <FormNotice className="mb-0">{result.message}</FormNotice> : null;
  const failure = (intent: string) => (result && !result.ok && result.intent === intent ? result : null);

  if (result?.ok && result.recoveryCodes) {
    return (
      <div className="grid gap-6">
        <FormNotice className="mb-0">{result.message}</FormNotice>
        <RecoveryCodes codes={result.recoveryCodes} email={email} />
      </div>
    );
  }

  if (status.enabled) {
    return (
      <div className="grid gap-6">
        {notice}
        <Section title="Two-step sign-in" id="two-step-heading">
          <p className="flex items-start gap-2 text-sm text-ink">
            <ShieldCheck className="mt-0.5 size-5 shrink-0 text-leaf" aria-hidden="true" />
            <span>
              <strong className="font-semibold">On</strong>
              {status.enabledAt ? ` since ${status.enabledAt.slice(0, 10)}` : ""}. Signing in asks for your password and then a code from
              your authenticator app.
            </span>
          </p>
          <p className="mt-2 text-sm text-muted">
            {status.recoveryCodesLeft} of {RECOVERY_CODE_COUNT} recovery codes left.
          </p>
        </Section>
        <Section title="New recovery codes" id="regenerate-heading">
          <p className="text-sm text-muted">Makes ten new codes; the ones you have stop working.</p>
          <ConfirmedForm
            intent="regenerate"
            label="A current code from your app, or your password"
            button="Make new codes"
            result={result}
          />
        </Section>
        <Section title="Turn off two-step sign-in" id="disable-heading">
          <p className="text-sm text-muted">Your password alone will sign you in again.</p>
          <ConfirmedForm intent="disable" label="A current code from your app, or your password" button="Turn off" danger result={result} />
        </Section>
      </div>
    );
  }

  if (setup) {
    const error = failure("enable");
    return (
      <div className="grid gap-6">
        {notice}
        <Section title="Set up two-step sign-in" id="setup-heading">
          <ol className="grid gap-6 text-sm text-ink md:grid-cols-[auto_1fr]">
            <li className="md:row-span-2">
              <p className="font-medium">1. Scan this QR code with your authenticator app</p>
              <div
                role="img"
                aria-label="QR code of the sign-in secret for your authenticator app"
                className="mt-3 size-52 rounded-xl border border-stone-200 bg-white p-1 [&>svg]:size-full"
                dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
              />
            </li>
            <li>
              <p className="font-medium">Or type this key into the app</p>
              <p className="mt-1 text-muted">Account: {email}. Time-based, 6 digits.</p>
              <p className="mt-2 rounded-xl bg-stone-50 px-3 py-2 font-mono text-base tracking-wider" data-testid="totp-secret">
                {setup.secret}
              </p>
            </li>
            <li>
              <Form method="post">
                <input type="hidden" name="intent" value="enable" />
                {error && !error.fieldErrors?.code ? <FormAlert>{error.message}</FormAlert> : null}
                <Label htmlFor="setup-code">2. Enter the 6-digit code the app shows</Label>
                <div className="mt-1 flex flex-col gap-3 sm:flex-row">
                  <Input
                    id="setup-code"
                    name="code"
                    type="text"
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    required
                    maxLength={12}
                    placeholder="123456"
                    className="font-mono tracking-widest sm:max-w-40"
                    aria-describedby={error?.fieldErrors?.code ? "setup-code-error" : undefined}
                    aria-invalid={error?.fieldErrors?.code ? true : undefined}
                  />
                  <Button type="submit" disabled={submitting("enable")}>
                    {submitting("enable") ? "Checking..." : "Turn on"}
                  </Button>
                </div>
                <FieldError id="setup-code-error">{error?.fieldErrors?.code}</FieldError>
              </Form>
            </li>
          </ol>
          <Form method="post" className="mt-6 border-t border-stone-200 pt-4">
            <input type="hidden" name="intent" value="cancel" />
            <Button type="submit" variant="ghost" size="sm" disabled={submitting("cancel")}>
              Cancel setup
            </Button>
          </Form>
        </Section>
      </div>
    );
  }

  const error = failure("start");
  return (
    <div className="grid gap-6">
      {notice}
      <Section title="Two-step sign-in" id="two-step-heading">
        <p className="text-sm text-ink">
          <strong className="font-semibold">Off.</strong> Your password alone signs you in.
        </p>
        <p className="mt-2 text-sm text-muted">
          With two-step sign-in, signing in also asks for a 6-digit code from an authenticator app on your phone (such as Google
          Authenticator, Microsoft Authenticator, 1Password or Aegis), so a stolen or guessed password alone no longer gets in.
        </p>
        {error ? <FormAlert className="mt-4">{error.message}</FormAlert> : null}
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="start" />
          <Button type="submit" disabled={submitting("start")}>
            Set up two-step sign-in
          </Button>
        </Form>
      </Section>
    </div>
  );
}
