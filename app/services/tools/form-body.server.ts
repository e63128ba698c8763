import { readBodyWithLimit } from "~/utils/body";
import { AppError } from "../errors";

/**
 * Reads a form body (multipart or urlencoded) of at most `maxBytes`; a larger body is refused with 413
 * (see readBodyWithLimit).
 */
export async function readFormWithLimit(request: Request, maxBytes: number, tooLargeMessage: string): Promise<FormData> {
  const body = await readBodyWithLimit(request, maxBytes, () => new AppError("payload_too_large", tooLargeMessage));
  try {
    return await new Response(body, { headers: { "Content-Type": request.headers.get("content-type") ?? "" } }).formData();
  } catch {
    throw new AppError("bad_request", "The request is not a form. Choose a file and try again.");
  }
}
