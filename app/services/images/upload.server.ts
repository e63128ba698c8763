import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";
import { AppError } from "../errors";
import { FILE_TOO_LARGE_MESSAGE, MAX_UPLOAD_BYTES } from "./constants";

/**
 * Past the limit the file is no longer kept, but the rest of a moderately oversized body is read and
 * dropped so that the client, still sending, receives the 413 instead of a reset connection. A body
 * beyond this is cut off.
 */
const DRAIN_LIMIT_BYTES = 16 * 1024 * 1024;

/**
 * Reads exactly one file from a multipart/form-data request's field `image`, stopping as soon as it
 * passes 5 MB (413). Other fields are ignored and never trusted; a second file is refused.
 */
export async function readSingleImage(request: Request): Promise<Buffer> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data;/i.test(contentType)) {
    throw new AppError("unsupported_media_type", 'Send the image as multipart/form-data in the field "image".');
  }
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > DRAIN_LIMIT_BYTES) throw new AppError("payload_too_large", FILE_TOO_LARGE_MESSAGE);
  if (!request.body) throw new AppError("bad_request", "No image was sent.");

  return new Promise<Buffer>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { "content-type": contentType },
        limits: { files: 1, fileSize: MAX_UPLOAD_BYTES, fields: 20, fieldSize: 1024, parts: 25 },
      });
    } catch {
      reject(new AppError("bad_request", "The upload is not valid multipart/form-data."));
      return;
    }
    const source = Readable.fromWeb(request.body as unknown as NodeReadableStream);
    let image: Buffer | undefined;
    let failure: AppError | undefined;
    let files = 0;
    let received = 0;
    /** Remembers the first failure; the answer goes out once the body has been read (see DRAIN_LIMIT_BYTES). */
    const fail = (error: AppError) => {
      failure ??= error;
    };
    /**
     * Answers at once. The source is not destroyed: that would reset the connection under the client still
     * sending, which would then never read the answer. The server reads what is left and throws it away, or
     * closes the connection after the answer (server/unread-body.ts).
     */
    const abort = (error: AppError) => {
      failure ??= error;
      source.unpipe(parser);
      source.pause();
      reject(failure);
    };
    const notMultipart = () => abort(new AppError("bad_request", "The upload is not valid multipart/form-data."));

    parser.on("file", (field, stream) => {
      files += 1;
      // A body that ends inside the file ("Unexpected end of form") errors the file's stream as well as the parser.
      stream.on("error", notMultipart);
      if (field !== "image" || files > 1) {
        stream.resume();
        fail(new AppError("bad_request", files > 1 ? "Send one image at a time." : 'Send the image in the field "image".'));
        return;
      }
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => {
        if (!failure) chunks.push(chunk);
      });
      stream.on("limit", () => fail(new AppError("payload_too_large", FILE_TOO_LARGE_MESSAGE)));
      stream.on("end", () => {
        if (!failure) image = Buffer.concat(chunks);
      });
    });
    parser.on("filesLimit", () => fail(new AppError("bad_request", "Send one image at a time.")));
    parser.on("error", notMultipart);
    parser.on("close", () => {
      if (failure) {
        reject(failure);
        return;
      }
      // An empty file goes on to the type check, which refuses it like any other non-image.
      if (image) resolve(image);
      else reject(new AppError("bad_request", "No image was sent: choose a file first."));
    });
    source.on("data", (chunk: Buffer) => {
      received += chunk.length;
      if (received > DRAIN_LIMIT_BYTES) abort(new AppError("payload_too_large", FILE_TOO_LARGE_MESSAGE));
    });
    source.on("error", () => abort(new AppError("bad_request", "The upload was interrupted.")));
    source.pipe(parser);
  });
}
