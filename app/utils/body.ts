/**
 * Reads a request body of at most `maxBytes`: a larger one is refused with `tooLarge()` as soon as it is
 * declared or, without a declared length, once that many bytes have arrived, instead of being buffered whole.
 */
export async function readBodyWithLimit(request: Request, maxBytes: number, tooLarge: () => Error): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let received = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      if (received > maxBytes) {
        // Not cancelled: that would tear the connection down before the answer is sent. The server reads the
        // rest and throws it away (server/unread-body.ts).
        reader.releaseLock();
        throw tooLarge();
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
  return body;
}
