import { CheckCircle2, CircleAlert, Loader2 } from "~/components/icons";
import { ImageUp } from "~/components/icons/admin";
import { useId, useRef, useState, type DragEvent } from "react";
import {
  ACCEPTED_IMAGE_LABEL,
  ACCEPTED_IMAGE_TYPES,
  FILE_TOO_LARGE_MESSAGE,
  invalidFileTypeMessage,
  MAX_UPLOAD_BYTES,
} from "~/services/images/constants";
import { cn } from "~/utils/cn";

export const UPLOAD_SUCCESS_TEXT = "file uploaded successfully";
export const UPLOAD_FALLBACK_ERROR = "File upload failed. Please try again.";
export const UPLOAD_FAILED_MESSAGE = "Failed to upload image";

type UploadState =
  | { status: "idle" }
  | { status: "uploading"; progress: number; name: string }
  | { status: "success"; name: string }
  | { status: "error"; message: string };

/** What the server answered: the stored image's URL, or its message. */
export interface UploadResult {
  imageUrl: string;
  updatedAt: string;
}

/** Checks a file before a single byte is sent: the accepted types and the 5 MB limit. */
export function checkFile(file: File): string | undefined {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return invalidFileTypeMessage(ACCEPTED_IMAGE_LABEL);
  if (file.size > MAX_UPLOAD_BYTES) return FILE_TOO_LARGE_MESSAGE;
  return undefined;
}

/** Sends the file with XMLHttpRequest, which (unlike fetch) reports upload progress. */
function send(url: string, file: File, onProgress: (fraction: number) => void): Promise<UploadResult> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", url);
    request.responseType = "json";
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const body = request.response as Partial<UploadResult> & { message?: string };
      if (request.status >= 200 && request.status < 300 && body?.imageUrl) resolve(body as UploadResult);
      else reject(new Error(body?.message || UPLOAD_FAILED_MESSAGE));
    };
    request.onerror = () => reject(new Error(UPLOAD_FALLBACK_ERROR));
    const form = new FormData();
    form.append("image", file);
    request.send(form);
  });
}

/**
 * The upload control: a file picker and a drop zone, idle → uploading (with real progress) → success or
 * error. Type and size are checked in the browser first; the server checks everything again.
 */
export function UploadWidget({
  url,
  disabled,
  onUploaded,
  onFailed,
}: {
  url: string;
  disabled?: boolean;
  onUploaded(result: UploadResult): void;
  onFailed(message: string): void;
}) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<UploadState>({ status: "idle" });
  const [dragging, setDragging] = useState(false);

  async function upload(file: File | undefined) {
    if (!file || disabled) return;
    const problem = checkFile(file);
    if (problem) {
      setState({ status: "error", message: problem });
      onFailed(problem);
      return;
    }
    setState({ status: "uploading", progress: 0, name: file.name });
    try {
      const result = await send(url, file, (progress) => setState({ status: "uploading", progress, name: file.name }));
      setState({ status: "success", name: file.name });
      onUploaded(result);
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : UPLOAD_FALLBACK_ERROR;
      setState({ status: "error", message });
      onFailed(message);
    } finally {
      if (input.current) input.current.value = "";
    }
  }

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    void upload(event.dataTransfer.files[0]);
  };

  const busy = state.status === "uploading";
  return (
    <div className="grid gap-3">
      <label
        htmlFor={inputId}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          "flex cursor-pointer flex-col items-center justify-center gap-2 rounded-2xl border-2 border-dashed px-6 py-8 text-center transition-colors",
          dragging ? "border-rose-brand bg-blush/60" : "border-stone-300 bg-stone-50 hover:border-rose-brand/60",
          (disabled || busy) && "pointer-events-none opacity-60",
        )}
      >
        <ImageUp className="size-8 text-rose-brand" aria-hidden="true" />
        <span className="font-medium text-ink">Upload Photo</span>
        <span className="text-sm text-muted">Drag an image here or choose a file: {ACCEPTED_IMAGE_LABEL}, up to 5 MB.</span>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={ACCEPTED_IMAGE_TYPES.join(",")}
          className="sr-only"
          disabled={disabled || busy}
          onChange={(event) => void upload(event.target.files?.[0])}
        />
      </label>

      <div aria-live="polite" className="min-h-6 text-sm">
        {state.status === "uploading" ? (
          <div className="grid gap-2">
            <p className="flex items-center gap-2 text-muted">
              <Loader2 className="size-4 animate-spin" aria-hidden="true" /> Uploading {state.name}… {Math.round(state.progress * 100)}%
            </p>
            <progress
              max={100}
              value={Math.round(state.progress * 100)}
              className="h-2 w-full overflow-hidden rounded-full accent-rose-brand"
              aria-label="Upload progress"
            >
              {Math.round(state.progress * 100)}%
            </progress>
          </div>
        ) : null}
        {state.status === "success" ? (
          <p className="flex items-center gap-2 text-leaf">
            <CheckCircle2 className="size-4" aria-hidden="true" /> {state.name}: {UPLOAD_SUCCESS_TEXT}
          </p>
        ) : null}
        {state.status === "error" ? (
          <p role="alert" className="flex items-center gap-2 text-red-700">
            <CircleAlert className="size-4" aria-hidden="true" /> {state.message}
          </p>
        ) : null}
      </div>
    </div>
  );
}
