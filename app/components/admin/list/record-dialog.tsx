import { X } from "~/components/icons";
import { Pencil, Trash2 } from "~/components/icons/admin";
import { AlertDialog, Dialog } from "radix-ui";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/use-toast";
import { useActionToast } from "~/components/admin/use-action-toast";
import { deleteConfirmation } from "~/services/admin/list";
import type { ActionResult } from "~/http/action-result";

interface RecordDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description?: string;
  intent: string;
  /** Hidden fields sent with the form, such as the id and the version the editor loaded. */
  hidden?: Record<string, string | number>;
  submitLabel: string;
  /** The form's fields, given the field errors of the last attempt. */
  children(fieldErrors: Record<string, string>): ReactNode;
  /** A wider dialog for forms with two columns; "xl" for side-by-side editors (the blog post's Markdown and preview). */
  wide?: boolean | "xl";
}

/** Add and edit dialogs: submit without leaving the list, show field errors in place, close on success. */
export function RecordDialog({ open, onOpenChange, title, description, intent, hidden, submitLabel, children, wide }: RecordDialogProps) {
  const fetcher = useFetcher<ActionResult>();
  const busy = fetcher.state !== "idle";
  const result = fetcher.data?.intent === intent ? fetcher.data : undefined;
  const handled = useRef<ActionResult | undefined>(undefined);

  useEffect(() => {
    if (!result || handled.current === result || fetcher.state !== "idle") return;
    handled.current = result;
    if (result.ok) {
      toast({ title: "Saved", description: result.message, variant: "success" });
      onOpenChange(false);
    }
  }, [result, fetcher.state, onOpenChange]);

  const showErrors = result && !result.ok && open ? result : undefined;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/40 backdrop-blur-sm" />
        <Dialog.Content
          className={`fixed left-1/2 top-1/2 z-50 max-h-[92vh] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl ${wide === "xl" ? "max-w-6xl" : wide ? "max-w-4xl" : "max-w-xl"}`}
          {...(description ? {} : { "aria-describedby": undefined })}
        >
          <div className="flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="font-serif text-xl font-semibold text-ink">{title}</Dialog.Title>
              {description ? <Dialog.Description className="mt-1 text-sm text-muted">{description}</Dialog.Description> : null}
            </div>
            <Dialog.Close className="rounded-full p-2 hover:bg-stone-100" aria-label="Close">
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <fetcher.Form method="post" className="mt-5 grid gap-4" noValidate>
            <input type="hidden" name="intent" value={intent} />
            {Object.entries(hidden ?? {}).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            {showErrors && (!showErrors.fieldErrors || Object.keys(showErrors.fieldErrors).length === 0) ? (
              <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
                {showErrors.message}
              </p>
            ) : null}
            {children(showErrors?.fieldErrors ?? {})}
            <div className="mt-2 flex flex-wrap justify-end gap-3">
              <Dialog.Close asChild>
                <Button type="button" variant="secondary">
                  Cancel
                </Button>
              </Dialog.Close>
              <Button type="submit" disabled={busy}>
                {busy ? "Saving..." : submitLabel}
              </Button>
            </div>
          </fetcher.Form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

interface DeleteDialogProps {
  /** The entity in words, as the confirmation names it: "wholesaler", "festival", "blog post", "state". */
  entity: string;
  confirmation: string;
  label: string;
  hidden: Record<string, string | number>;
  trigger: ReactNode;
}

/**
 * Every delete dialog submits through one keyed fetcher, so that its answer outlives the dialog: a deleted
 * row's dialog unmounts with its row when the list reloads, possibly in the same render that brings the
 * answer, and DeleteResultToasts (in the admin shell, always mounted) shows the toast instead.
 */
const DELETE_FETCHER_KEY = "admin-delete";

const deleteResultOf = (data: ActionResult | undefined) => (data?.intent === "delete" ? data : undefined);

/** Shows the toast of each delete's answer; rendered once, by the admin shell. */
export function DeleteResultToasts() {
  const result = deleteResultOf(useFetcher<ActionResult>({ key: DELETE_FETCHER_KEY }).data);
  useActionToast(result, { ok: "Deleted", failed: "Could not delete", ignoreInitial: true });
  return null;
}

/** The delete confirmation of the spec, as an alert dialog that performs the delete. */
export function DeleteDialog({ entity, confirmation, label, hidden, trigger }: DeleteDialogProps) {
  const fetcher = useFetcher<ActionResult>({ key: DELETE_FETCHER_KEY });
  const result = deleteResultOf(fetcher.data);
  // Open until an answer newer than the one there was at opening arrives: a refused delete (the row stays)
  // closes the dialog, and the toast says why.
  const [openedAt, setOpenedAt] = useState<{ result: ActionResult | undefined } | null>(null);
  const open = openedAt !== null && openedAt.result === result;
  const setOpen = (next: boolean) => setOpenedAt(next ? { result } : null);

  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-ink/40 backdrop-blur-sm" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-2xl">
          <AlertDialog.Title className="font-serif text-xl font-semibold">Delete {entity}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-muted">
            <span className="block font-medium text-ink">{label}</span>
            <span className="mt-2 block">{confirmation}</span>
          </AlertDialog.Description>
          <fetcher.Form method="post" className="mt-6 flex justify-end gap-3">
            <input type="hidden" name="intent" value="delete" />
            {Object.entries(hidden).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <AlertDialog.Cancel asChild>
              <Button type="button" variant="secondary">
                Cancel
              </Button>
            </AlertDialog.Cancel>
            <Button type="submit" className="bg-red-700 hover:bg-red-800" disabled={fetcher.state !== "idle"}>
              {fetcher.state !== "idle" ? "Deleting..." : "Delete"}
            </Button>
          </fetcher.Form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/** The edit and delete buttons of a table row; their names say which record they act on. */
export function RowActions({
  label,
  entity,
  version,
  onEdit,
  children,
}: {
  label: string;
  entity: string;
  /** The record's id and the version the list shows, for the conflict check of the delete. */
  version: { id: number; updatedAt: string };
  onEdit(): void;
  /** Buttons of this list's own, shown before Edit and Delete. */
  children?: ReactNode;
}) {
  return (
    <div className="flex justify-end gap-1">
      {children}
      <Button variant="ghost" size="icon" aria-label={`Edit ${label}`} onClick={onEdit}>
        <Pencil aria-hidden="true" />
      </Button>
      <DeleteDialog
        entity={entity}
        label={label}
        confirmation={deleteConfirmation(entity)}
        hidden={version}
        trigger={
          <Button variant="ghost" size="icon" aria-label={`Delete ${label}`} className="text-red-700 hover:bg-red-50">
            <Trash2 aria-hidden="true" />
          </Button>
        }
      />
    </div>
  );
}
