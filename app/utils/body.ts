/**
 * Reads a request body of at most `maxBytes`: a larger one is refused with `tooLarge()` as soon as it is
 * declared or, without a declared length, once that many bytes have arrived, instead of being buffered whole. A
 * body that breaks off (its client gone, or fewer bytes than declared) is refused with `cutShort()`.
 */
export async function readBodyWithLimit(
  request: Request,
  maxBytes: number,
  tooLarge: () => Error,
  cutShort: () => Error,
): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let received = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch {
        // The client went away, or its body broke off before its declared end: its mistake, not the server's.
        throw cutShort();
      }
      const { done, value } = chunk;
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
