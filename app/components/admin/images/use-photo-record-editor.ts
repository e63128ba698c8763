import { useState } from "react";
import { useLocation, useNavigate, useRevalidator } from "react-router";
import type { UploadResult } from "./upload-widget";

/** The add or edit dialog of a list whose records carry a photo; `version` is what the edit form saves on top of. */
export type PhotoRecordEditing<T> = { mode: "create" } | { mode: "edit"; record: T; version: string } | null;

/**
 * The dialog state of a list page whose edit dialog uploads photos (festivals, blog). Its /new route opens
 * the add dialog, and closing it returns to `listPath`. An upload changes the record at once, so the form
 * takes the record's new version and the list reloads to show it.
 */
export function usePhotoRecordEditor<T>(listPath: string) {
  const location = useLocation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const isNewRoute = location.pathname.endsWith("/new");
  const [editing, setEditing] = useState<PhotoRecordEditing<T>>(isNewRoute ? { mode: "create" } : null);

  const onUploaded = (result: UploadResult) => {
    setEditing((current) => (current?.mode === "edit" ? { ...current, version: result.updatedAt } : current));
    void revalidator.revalidate();
  };

  const close = (open: boolean) => {
    if (open) return;
    setEditing(null);
    if (isNewRoute) void navigate(listPath, { replace: true });
  };

  return { editing, setEditing, onUploaded, close };
}
