import { type IconComponent } from "~/components/icons";
import { Bold, Heading2, Italic, Link2, List, ListOrdered, Quote } from "~/components/icons/admin";
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import { useFetcher } from "react-router";
import { proseClass } from "~/components/blog/article-body";
import { FieldError, fieldClass, Label } from "~/components/ui/input";
import { cn } from "~/utils/cn";
import { applyFormat, type Format } from "./markdown-format";

/** The form intent under which the blog page's action renders a preview (see routes/admin/blog.tsx). */
export const PREVIEW_INTENT = "preview";

export interface PreviewResult {
  intent: typeof PREVIEW_INTENT;
  html: string;
  /** Why the text cannot be published as it is (nested too deeply): the preview then shows it as plain text. */
  error?: string;
}

/** Typing pauses this long before the preview is asked for. */
const PREVIEW_DELAY_MS = 350;

const TOOLS: { format: Format; label: string; icon: IconComponent; shortcut?: string }[] = [
  { format: "heading", label: "Heading", icon: Heading2 },
  { format: "bold", label: "Bold", icon: Bold, shortcut: "b" },
  { format: "italic", label: "Italic", icon: Italic, shortcut: "i" },
  { format: "bulleted", label: "Bulleted list", icon: List },
  { format: "numbered", label: "Numbered list", icon: ListOrdered },
  { format: "quote", label: "Quote", icon: Quote },
  { format: "link", label: "Link", icon: Link2, shortcut: "k" },
];

type Tab = "write" | "preview";

/**
 * A Markdown textarea with a live preview: side by side on wide screens, Write/Preview tabs on small ones.
 * The preview is rendered by the server with the same renderer and sanitizer as the public article, so
 * what the editor shows is exactly what readers will get.
 */
export function MarkdownEditor({
  name,
  label,
  defaultValue = "",
  error,
  maxLength,
}: {
  name: string;
  label: string;
  defaultValue?: string;
  error?: string;
  maxLength: number;
}) {
  const id = useId();
  const textareaId = `field-${name}`;
  const [value, setValue] = useState(defaultValue);
  const [tab, setTab] = useState<Tab>("write");
  const textarea = useRef<HTMLTextAreaElement>(null);
  const preview = useFetcher<PreviewResult>();
  const submitPreview = preview.submit;
  const firstRender = useRef(true);

  useEffect(() => {
    if (!value.trim()) return;
    const delay = firstRender.current ? 0 : PREVIEW_DELAY_MS;
    firstRender.current = false;
    const timer = setTimeout(() => {
      // A preview changes nothing, so the page's data need not be reloaded afterwards.
      void submitPreview({ intent: PREVIEW_INTENT, [name]: value }, { method: "post", defaultShouldRevalidate: false });
    }, delay);
    return () => clearTimeout(timer);
  }, [value, name, submitPreview]);

  // The selection a toolbar format leaves, set as soon as React has written the new text: a keystroke that
  // follows at once then lands where the person sees the caret, not where a later frame would put it.
  const pendingSelection = useRef<{ start: number; end: number } | undefined>(undefined);
  useLayoutEffect(() => {
    const selection = pendingSelection.current;
    const element = textarea.current;
    if (!selection || !element) return;
    pendingSelection.current = undefined;
    element.focus();
    element.setSelectionRange(selection.start, selection.end);
  });

  const format = (kind: Format) => {
    const element = textarea.current;
    if (!element) return;
    const next = applyFormat(value, element.selectionStart, element.selectionEnd, kind);
    pendingSelection.current = { start: next.selectionStart, end: next.selectionEnd };
    setValue(next.value);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
    const tool = TOOLS.find((t) => t.shortcut === event.key.toLowerCase());
    if (!tool) return;
    event.preventDefault();
    format(tool.format);
  };

  const html = value.trim() ? preview.data?.html : undefined;
  const previewError = value.trim() ? preview.data?.error : undefined;
  const updating = preview.state !== "idle";
  const tabId = (t: Tab) => `${id}-${t}-tab`;
  const panelId = (t: Tab) => `${id}-${t}-panel`;
  const hintId = `${name}-hint`;

  return (
    <div>
      <div className="mb-1.5 flex items-end justify-between gap-3">
        <Label htmlFor={textareaId} className="mb-0">
          {label}
        </Label>
        <div role="tablist" aria-label="Editor view" className="inline-flex rounded-full bg-stone-100 p-1 lg:hidden">
          {(["write", "preview"] as const).map((t) => (
            <button
              key={t}
              type="button"
              role="tab"
              id={tabId(t)}
              aria-selected={tab === t}
              aria-controls={panelId(t)}
              onClick={() => setTab(t)}
              className={cn(
                "rounded-full px-3.5 py-1.5 text-sm font-medium transition-colors",
                tab === t ? "bg-white text-ink shadow-sm" : "text-muted hover:text-ink",
              )}
            >
              {t === "write" ? "Write" : "Preview"}
            </button>
          ))}
        </div>
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <div id={panelId("write")} role="tabpanel" aria-labelledby={tabId("write")} className={cn(tab !== "write" && "hidden lg:block")}>
          <div
            className={cn(
              "overflow-hidden rounded-xl border border-stone-300 focus-within:border-rose-brand focus-within:ring-2 focus-within:ring-rose-brand/25",
              error && "border-red-600 ring-2 ring-red-600/20",
            )}
          >
            <div
              role="toolbar"
              aria-label="Formatting"
              aria-controls={textareaId}
              className="flex flex-wrap gap-0.5 border-b border-stone-200 bg-stone-50 px-1.5 py-1"
            >
              {TOOLS.map(({ format: kind, label: toolLabel, icon: Icon, shortcut }) => (
                <button
                  key={kind}
                  type="button"
                  onClick={() => format(kind)}
                  aria-label={toolLabel}
                  title={shortcut ? `${toolLabel} (Ctrl+${shortcut.toUpperCase()})` : toolLabel}
                  className="flex size-9 items-center justify-center rounded-lg text-ink/75 hover:bg-white hover:text-ink"
                >
                  <Icon className="size-4" aria-hidden="true" />
                </button>
              ))}
            </div>
            <textarea
              ref={textarea}
              id={textareaId}
              name={name}
              value={value}
              onChange={(event) => setValue(event.target.value)}
              onKeyDown={onKeyDown}
              maxLength={maxLength}
              spellCheck
              aria-invalid={error ? true : undefined}
              aria-describedby={[error ? `${name}-error` : null, hintId].filter(Boolean).join(" ")}
              className={cn(
                fieldClass,
                "h-[26rem] resize-y rounded-none border-0 font-mono text-sm leading-relaxed shadow-none focus:ring-0 lg:h-[32rem]",
              )}
            />
          </div>
          <p id={hintId} className="mt-1.5 text-xs text-muted [&_code]:rounded [&_code]:bg-stone-100 [&_code]:px-1">
            Markdown: <code>## Heading</code>, <code>**bold**</code>, <code>*italic*</code>, <code>- list</code>, <code>&gt; quote</code>,{" "}
            <code>[text](https://...)</code>. {value.length.toLocaleString("en-US")}/{maxLength.toLocaleString("en-US")} characters.
          </p>
        </div>

        <div
          id={panelId("preview")}
          role="tabpanel"
          aria-labelledby={tabId("preview")}
          className={cn(tab !== "preview" && "hidden lg:block")}
        >
          <div className="flex h-[calc(26rem+2.75rem+2px)] flex-col overflow-hidden rounded-xl border border-stone-200 bg-cream/40 lg:h-[calc(32rem+2.75rem+2px)]">
            <div className="flex items-center justify-between border-b border-stone-200 bg-stone-50 px-4 py-2.5 text-xs font-semibold uppercase tracking-wider text-muted">
              <span>Preview</span>
              <span role="status" className="font-normal normal-case tracking-normal">
                {updating ? "Updating..." : ""}
              </span>
            </div>
            <div className="flex-1 overflow-y-auto px-5 py-4" data-testid="markdown-preview">
              {previewError && (
                <p role="alert" className="mb-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
                  {previewError}
                </p>
              )}
              {html !== undefined ? (
                <div className={proseClass} dangerouslySetInnerHTML={{ __html: html }} />
              ) : (
                <p className="text-sm text-muted">{value.trim() ? "Rendering the preview..." : "The preview appears here as you write."}</p>
              )}
            </div>
          </div>
        </div>
      </div>
      <FieldError id={`${name}-error`}>{error}</FieldError>
    </div>
  );
}
