import { readBodyWithLimit } from "~/utils/body";
import { AppError } from "../errors";

/** What a body that is not a form (wrong Content-Type, broken multipart) is answered with, unless told otherwise. */
export const NOT_A_FORM_MESSAGE = "The request is not a form. Reload the page and try again.";

/**
 * Reads a form body (multipart or urlencoded) of at most `maxBytes`: a larger body is refused with 413
 * (see readBodyWithLimit), a body that is not a form (JSON, a broken multipart body, no Content-Type)
 * with 400 `notAForm`, so that no form action answers bad input with a 500.
 */
export async function readFormWithLimit(
  request: Request,
  maxBytes: number,
  tooLargeMessage: string,
  notAFormMessage: string = NOT_A_FORM_MESSAGE,
): Promise<FormData> {
  const body = await readBodyWithLimit(request, maxBytes, () => new AppError("payload_too_large", tooLargeMessage));
  try {
    return await new Response(body, { headers: { "Content-Type": request.headers.get("content-type") ?? "" } }).formData();
  } catch {
    throw new AppError("bad_request", notAFormMessage);
  }
}

/** A visitor's form (a suggestion, a business's listing) is a few short fields and at most 2,000 characters of text. */
export const MAX_PUBLIC_FORM_BYTES = 64 * 1024;
export const PUBLIC_FORM_TOO_LARGE = "The form is larger than 64 KB.";
