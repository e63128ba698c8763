import { data } from "react-router";
import { MAX_PUBLIC_FORM_BYTES, PUBLIC_FORM_TOO_LARGE, readFormWithLimit } from "./form-body.server";

/** What a mailed link's token stands for, or that it stands for nothing (used, expired, mistyped). */
type TokenState = { state: string };
const UNKNOWN = { state: "unknown" as const };

/**
 * The loader of a page a mailed link opens (newsletter and demand confirmation, demand cancellation): it reads what
 * `?token=` stands for and changes nothing, since mail scanners open links without the reader. An unknown token is a
 * 404 page that says so.
 */
export async function readTokenLink<T extends TokenState>(request: Request, find: (token: string) => Promise<T>) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const found = await find(token);
  if (found.state === "unknown") return data(UNKNOWN, { status: 404 });
  return { ...found, token };
}

/** The action of that page: its button posts the token (a browser with JavaScript presses it itself). */
export async function postTokenLink<T extends TokenState>(request: Request, act: (token: string) => Promise<T>) {
  const form = await readFormWithLimit(request, MAX_PUBLIC_FORM_BYTES, PUBLIC_FORM_TOO_LARGE).catch(() => undefined);
  const token = form?.get("token");
  if (typeof token !== "string") return data(UNKNOWN, { status: 400 });
  const result = await act(token);
  if (result.state === "unknown") return data(UNKNOWN, { status: 404 });
  return result;
}
