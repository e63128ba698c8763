import { readBodyWithLimit } from "~/utils/body";
import { AppError, bodyCutShort } from "~/services/errors";

/** What a body that is not a form (wrong Content-Type, broken multipart) is answered with, unless told otherwise. */
export const NOT_A_FORM_MESSAGE = "The request is not a form. Reload the page and try again.";
export const NUL_MESSAGE = "The form holds a NUL character, which no field may contain.";

/**
 * Reads a form body (multipart or urlencoded) of at most `maxBytes`: a larger body is refused with 413
 * (see readBodyWithLimit), a body that is not a form (JSON, a broken multipart body, no Content-Type)
 * with 400 `notAForm`, a field holding a NUL character with 400 NUL_MESSAGE, so that no form action answers
 * bad input with a 500.
 */
export async function readFormWithLimit(
  request: Request,
  maxBytes: number,
  tooLargeMessage: string,
  notAFormMessage: string = NOT_A_FORM_MESSAGE,
): Promise<FormData> {
  const body = await readBodyWithLimit(request, maxBytes, () => new AppError("payload_too_large", tooLargeMessage), bodyCutShort);
  let form: FormData;
  try {
    form = await new Response(body, { headers: { "Content-Type": request.headers.get("content-type") ?? "" } }).formData();
  } catch {
    throw new AppError("bad_request", notAFormMessage);
  }
  // No text a person types holds a NUL, and PostgreSQL cannot store one in a text column.
  for (const [name, value] of form.entries()) {
    if (name.includes("\u0000") || (typeof value === "string" && value.includes("\u0000"))) throw new AppError("bad_request", NUL_MESSAGE);
  }
  return form;
}

/** A visitor's form (a suggestion, a business's listing) is a few short fields and at most 2,000 characters of text. */
export const MAX_PUBLIC_FORM_BYTES = 64 * 1024;
export const PUBLIC_FORM_TOO_LARGE = "The form is larger than 64 KB.";
