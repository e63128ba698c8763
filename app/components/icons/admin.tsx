/** The icons only the admin and owner screens draw (the public pages' are in `index.tsx`). */
import { spriteIcon } from "./sprite-icon";

export const Bold = spriteIcon("letter-b");
export const CopyCheck = spriteIcon("copy-check");
export const DatabaseBackup = spriteIcon("database-backup");
export const FileSpreadsheet = spriteIcon("file-spreadsheet");
export const Heading2 = spriteIcon("heading-2");
export const History = spriteIcon("rotate-ccw-clock");
export const ImageDown = spriteIcon("image-down");
export const ImageIcon = spriteIcon("image");
export const ImageUp = spriteIcon("image-up");
export const Italic = spriteIcon("italic");
export const LayoutDashboard = spriteIcon("layout-dashboard");
export const Link2 = spriteIcon("link-2");
export const List = spriteIcon("list");
export const ListOrdered = spriteIcon("list-ordered");
export const LogIn = spriteIcon("log-in");
export const LogOut = spriteIcon("log-out");
export const PenLine = spriteIcon("pen-line");
export const Pencil = spriteIcon("pencil");
export const Plus = spriteIcon("plus");
export const Quote = spriteIcon("quote");
export const RefreshCcw = spriteIcon("refresh-ccw");
export const Settings = spriteIcon("settings");
export const ShieldAlert = spriteIcon("shield-exclamation-point");
export const Star = spriteIcon("star");
export const Trash2 = spriteIcon("trash");
