import { AlertDialog, Dialog, Tabs } from "radix-ui";
import { useEffect, useState } from "react";
import { Link, useFetcher } from "react-router";
import { useActionToast } from "~/components/admin/use-action-toast";
import { Mail, Send, TriangleAlert, X } from "~/components/icons";
import { IssueArticle } from "~/components/newsletter/issue-article";
import { numberFormat } from "~/components/admin/tools/format";
import { Button } from "~/components/ui/button";
import type { ActionResult } from "~/http/action-result";
import {
  ISSUE_INTENTS,
  MAIL_SETTINGS_PATH,
  NO_POSTAL_ADDRESS_MESSAGE,
  type IssuePreviewResult,
  type IssueStatus,
} from "~/services/newsletter/issue-form";

const tabTrigger =
  "rounded-full px-4 py-2 text-sm font-medium text-muted transition-colors hover:text-ink data-[state=active]:bg-white data-[state=active]:text-ink data-[state=active]:shadow-sm";

const subscribers = (n: number) => `${numberFormat.format(n)} confirmed ${n === 1 ? "subscriber" : "subscribers"}`;

/** Why a send cannot start: no postal address yet, said with the way to the setting. */
function PostalAddressNotice() {
  return (
    <p className="flex items-start gap-2 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>
        {NO_POSTAL_ADDRESS_MESSAGE}{" "}
        <Link to={MAIL_SETTINGS_PATH} className="font-medium underline underline-offset-4">
          Open Settings (Mail tab)
        </Link>
      </span>
    </p>
  );
}

/** "Send a test to me": one copy, subject marked [Test], to the signed-in admin. */
function SendTestButton({ id }: { id: number }) {
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher.data, { ok: "Test sent", failed: "Could not send the test" });
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={ISSUE_INTENTS.test} />
      <input type="hidden" name="id" value={id} />
      <Button type="submit" variant="secondary" disabled={busy}>
        <Mail aria-hidden="true" />
        {busy ? "Sending the test..." : "Send a test to me"}
      </Button>
    </fetcher.Form>
  );
}

/** "Send to N confirmed subscribers", behind a confirmation that names N. */
function SendButton({
  id,
  title,
  confirmed,
  disabled,
  onSent,
}: {
  id: number;
  title: string;
  confirmed: number;
  disabled: boolean;
  onSent(id: number): void;
}) {
  const fetcher = useFetcher<ActionResult>();
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  useActionToast(result?.ok ? result : undefined, { ok: "Sending", failed: "Could not send" });
  useEffect(() => {
    if (result?.ok) onSent(id);
  }, [result, onSent, id]);
  // Open until an answer newer than the one there was at opening arrives (as the list's delete dialog).
  const [openedAt, setOpenedAt] = useState<{ result: ActionResult | undefined } | null>(null);
  const open = openedAt !== null && openedAt.result === fetcher.data;
  const busy = fetcher.state !== "idle";
  const label = `Send to ${subscribers(confirmed)}`;
  return (
    <div className="grid gap-2">
      {result && !result.ok ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {result.message}
          {result.message === NO_POSTAL_ADDRESS_MESSAGE ? (
            <>
              {" "}
              <Link to={MAIL_SETTINGS_PATH} className="font-medium underline underline-offset-4">
                Open Settings (Mail tab)
              </Link>
            </>
          ) : null}
        </p>
      ) : null}
      <AlertDialog.Root open={open} onOpenChange={(next) => setOpenedAt(next ? { result: fetcher.data } : null)}>
        <AlertDialog.Trigger asChild>
          <Button type="button" disabled={disabled || busy}>
            <Send aria-hidden="true" />
            {busy ? "Sending..." : label}
          </Button>
        </AlertDialog.Trigger>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-50 bg-ink/40 backdrop-blur-sm" />
          <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-2xl">
            <AlertDialog.Title className="font-serif text-xl font-semibold">{label}?</AlertDialog.Title>
            <AlertDialog.Description className="mt-2 text-sm text-muted">
              <span className="block font-medium text-ink">{title}</span>
              <span className="mt-2 block">
                It is mailed now to {subscribers(confirmed)} and published on the site as a page of the newsletter&apos;s archive. It cannot
                be changed or sent again afterwards.
              </span>
            </AlertDialog.Description>
            <fetcher.Form method="post" className="mt-6 flex flex-wrap justify-end gap-3">
              <input type="hidden" name="intent" value={ISSUE_INTENTS.send} />
              <input type="hidden" name="id" value={id} />
              <AlertDialog.Cancel asChild>
                <Button type="button" variant="secondary">
                  Cancel
                </Button>
              </AlertDialog.Cancel>
              <Button type="submit" disabled={busy}>
                {busy ? "Sending..." : "Send now"}
              </Button>
            </fetcher.Form>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </div>
  );
}

/**
 * An issue as it will be read: the message in a sandboxed frame (no script, links open in a new tab) and the web page
 * of the archive. A draft's preview ends with the ways to send it: a test to the signed-in admin, then to every
 * confirmed subscriber.
 */
export function IssuePreviewDialog({
  issue,
  confirmed,
  postalAddress,
  onClose,
  onSent,
}: {
  issue: { id: number; title: string; status: IssueStatus };
  confirmed: number;
  postalAddress: boolean;
  onClose(): void;
  /** The send was accepted (the dialog is done with). */
  onSent(id: number): void;
}) {
  const preview = useFetcher<IssuePreviewResult>();
  const submitPreview = preview.submit;
  useEffect(() => {
    // A preview changes nothing, so the page's data need not be reloaded afterwards.
    void submitPreview({ intent: ISSUE_INTENTS.preview, id: issue.id }, { method: "post", defaultShouldRevalidate: false });
  }, [issue.id, submitPreview]);
  const result =
    preview.data?.intent === ISSUE_INTENTS.preview && (!preview.data.ok || preview.data.id === issue.id) ? preview.data : undefined;

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/40 backdrop-blur-sm" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[92vh] w-[calc(100vw-2rem)] max-w-5xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-5 shadow-2xl sm:p-6">
          <div className="flex items-start justify-between gap-4">
            <div className="min-w-0">
              <Dialog.Title className="font-serif text-xl font-semibold text-ink [overflow-wrap:anywhere]">
                Preview: {issue.title}
              </Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-muted">
                {result?.ok ? `Subject: ${result.subject}` : "As subscribers will get it, and as the site will show it."}
              </Dialog.Description>
            </div>
            <Dialog.Close className="rounded-full p-2 hover:bg-stone-100" aria-label="Close">
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>

          {result && !result.ok ? (
            <p role="alert" className="mt-5 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
              {result.message}
            </p>
          ) : !result ? (
            <p role="status" className="mt-5 rounded-xl bg-stone-50 px-4 py-12 text-center text-sm text-muted">
              Rendering the preview...
            </p>
          ) : (
            <Tabs.Root defaultValue="email" className="mt-5">
              <Tabs.List aria-label="Preview as" className="inline-flex flex-wrap gap-1 rounded-full bg-stone-200/70 p-1">
                <Tabs.Trigger value="email" className={tabTrigger}>
                  As email
                </Tabs.Trigger>
                <Tabs.Trigger value="web" className={tabTrigger}>
                  As web page
                </Tabs.Trigger>
              </Tabs.List>
              <Tabs.Content value="email" className="mt-4 outline-none">
                <iframe
                  title={`Email preview of “${issue.title}”`}
                  src={`/admin/newsletter/${result.id}/email`}
                  sandbox="allow-popups allow-popups-to-escape-sandbox"
                  className="h-[60vh] min-h-[24rem] w-full rounded-xl border border-stone-200 bg-stone-50"
                />
              </Tabs.Content>
              <Tabs.Content value="web" className="mt-4 outline-none">
                <div
                  className="h-[60vh] min-h-[24rem] overflow-y-auto rounded-xl border border-stone-200 bg-cream/40 px-5 py-6 sm:px-8"
                  data-testid="web-preview"
                >
                  <IssueArticle issue={result.page} inDialog draft={issue.status === "draft"} />
                </div>
              </Tabs.Content>
            </Tabs.Root>
          )}

          {issue.status === "draft" ? (
            <div className="mt-5 grid gap-3 border-t border-stone-200 pt-5">
              {postalAddress ? null : <PostalAddressNotice />}
              <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-start sm:justify-end">
                <SendTestButton id={issue.id} />
                <SendButton id={issue.id} title={issue.title} confirmed={confirmed} disabled={!postalAddress} onSent={onSent} />
              </div>
            </div>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
