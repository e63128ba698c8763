import { AppError } from "../errors";

/**
 * Reads a form body (multipart or urlencoded) of at most `maxBytes`: a larger body is refused with 413
 * as soon as it is declared or, without a declared length, once that many bytes have arrived, instead
 * of being buffered whole.
 */
export async function readFormWithLimit(request: Request, maxBytes: number, tooLargeMessage: string): Promise<FormData> {
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (declared > maxBytes) throw new AppError("payload_too_large", tooLargeMessage);
  const chunks: Uint8Array[] = [];
  let received = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      if (received > maxBytes) {
        await reader.cancel();
        throw new AppError("payload_too_large", tooLargeMessage);
      }
      chunks.push(value);
    }
  }
  const body = new Uint8Array(received);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  try {
    return await new Response(body, { headers: { "Content-Type": request.headers.get("content-type") ?? "" } }).formData();
  } catch {
    throw new AppError("bad_request", "The request is not a form. Choose a file and try again.");
  }
}
