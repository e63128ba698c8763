import { useState } from "react";
import { TextField } from "~/components/admin/list/fields";
import { ResponsiveImage } from "~/components/images/responsive-image";
import { recordImageUploadUrl, type RecordImageKind } from "~/services/images/constants";
import { cn } from "~/utils/cn";
import { UploadWidget, type UploadResult } from "./upload-widget";

export const CURRENT_PHOTO_ALT = "Current photo";
export const NO_PHOTO_TEXT = "No photo yet: the site shows the default flower photo.";
export const MISSING_PHOTO_TEXT =
  "No file is at this image's path, so the site shows the default flower photo. Upload a photo or correct the path.";
export const UPLOAD_SAVES_AT_ONCE = "An uploaded photo is saved at once; the other fields when you save the form.";

/**
 * The image section of an editor: the record's current photo, the upload control (drag and drop or
 * picker, with progress) and, as the other way, a path on this site in the form's `image` field. An
 * upload is stored at once and fills in that field; `onUploaded` passes the record's new version on, for
 * the form's conflict check. A record not saved yet has no id to upload to, so it says `saveFirst`.
 */
export function RecordImageField({
  kind,
  record,
  version,
  saveFirst,
  examplePath,
  error,
  onUploaded,
  className,
}: {
  kind: RecordImageKind;
  /** The record being edited (with whether its image's file exists); none while it is being created. */
  record?: { id: number; image: string | null; imageMissing: boolean };
  /** The version the form holds; an upload is refused if the record changed since. */
  version?: string;
  saveFirst: string;
  examplePath: string;
  error?: string;
  onUploaded(result: UploadResult): void;
  className?: string;
}) {
  const [path, setPath] = useState(record?.image ?? "");
  const [photo, setPhoto] = useState({ url: record?.image ?? null, missing: record?.imageMissing ?? false });
  const shown = photo.missing ? null : photo.url;

  function uploaded(result: UploadResult) {
    setPhoto({ url: result.imageUrl, missing: false });
    setPath(result.imageUrl);
    onUploaded(result);
  }

  return (
    <fieldset
      className={cn(
        "grid gap-4 rounded-2xl border border-stone-200 bg-stone-50/60 p-4 sm:grid-cols-[minmax(0,15rem)_minmax(0,1fr)]",
        className,
      )}
    >
      <legend className="px-1 text-sm font-semibold text-ink">Photo</legend>
      <figure className="grid content-start gap-2">
        <div className="overflow-hidden rounded-xl border border-stone-200 bg-blush/60">
          <ResponsiveImage
            src={shown}
            alt={shown ? CURRENT_PHOTO_ALT : ""}
            width={1200}
            height={800}
            sizes="(min-width: 640px) 240px, 100vw"
            loading="eager"
            className="aspect-[3/2] w-full object-cover"
          />
        </div>
        <figcaption className={cn("text-xs", photo.missing ? "text-red-700" : "text-muted")}>
          {photo.missing ? MISSING_PHOTO_TEXT : shown ? CURRENT_PHOTO_ALT : NO_PHOTO_TEXT}
        </figcaption>
      </figure>
      <div className="grid content-start gap-2">
        {record ? (
          <>
            <UploadWidget url={recordImageUploadUrl(kind, record.id, version)} onUploaded={uploaded} onFailed={() => undefined} />
            <p className="text-xs text-muted">{UPLOAD_SAVES_AT_ONCE}</p>
          </>
        ) : (
          <p className="rounded-xl border border-dashed border-stone-300 bg-white px-4 py-6 text-center text-sm text-muted">{saveFirst}</p>
        )}
      </div>
      <TextField
        name="image"
        label="Image (optional)"
        placeholder={examplePath}
        value={path}
        onChange={(event) => setPath(event.target.value)}
        error={error}
        hint={`Or use a path on this site, such as ${examplePath}. Empty shows the default flower image.`}
        className="sm:col-span-2"
      />
    </fieldset>
  );
}
