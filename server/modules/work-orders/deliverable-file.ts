import express, { type RequestHandler } from "express";
import { DELIVERABLE_FILE_TYPES, MAX_DELIVERABLE_BYTES } from "../../../shared/api/work-orders";
import { AppError } from "../../http/app-error";

type Extension = keyof typeof DELIVERABLE_FILE_TYPES;

const startsWith = (bytes: Buffer, signature: number[]) => signature.every((b, i) => bytes[i] === b);
const ZIP = [0x50, 0x4b, 0x03, 0x04];

function isText(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** What each type's bytes must look like: a file is taken by its content, not its name alone. */
const LOOKS_LIKE: Record<string, (bytes: Buffer) => boolean> = {
  "application/pdf": (b) => b.subarray(0, 5).toString("latin1") === "%PDF-",
  "image/png": (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  "image/jpeg": (b) => startsWith(b, [0xff, 0xd8, 0xff]),
  "text/plain": isText,
  "text/csv": isText,
  [DELIVERABLE_FILE_TYPES.docx]: (b) => startsWith(b, ZIP) && b.includes("word/"),
  [DELIVERABLE_FILE_TYPES.xlsx]: (b) => startsWith(b, ZIP) && b.includes("xl/"),
};

/** The request body's bytes, at most the deliverable limit (a larger body is answered 413 unread). */
export const readDeliverableBody: RequestHandler = express.raw({
  type: () => true,
  limit: MAX_DELIVERABLE_BYTES,
});

/**
 * A deliverable file is kept only when its name's extension is one of the allowed types, it was
 * sent as that type, and its bytes are that type (a renamed executable is not a PDF).
 */
export function checkDeliverableFile(file: {
  name: string;
  declaredType: string | undefined;
  bytes: unknown;
}): {
  contentType: string;
  bytes: Buffer;
} {
  const extension = file.name.split(".").pop()?.toLowerCase() ?? "";
  const allowed = Object.keys(DELIVERABLE_FILE_TYPES).join(", ");
  if (!Object.hasOwn(DELIVERABLE_FILE_TYPES, extension))
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", `Deliverables can be ${allowed} files`);
  const contentType = DELIVERABLE_FILE_TYPES[extension as Extension];
  const declared = file.declaredType?.split(";")[0].trim().toLowerCase();
  if (declared !== contentType)
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", `Send a .${extension} file as ${contentType}`);
  const { bytes } = file;
  if (!Buffer.isBuffer(bytes) || bytes.length === 0) throw new AppError("UNPROCESSABLE", "The file is empty");
  if (bytes.length > MAX_DELIVERABLE_BYTES)
    throw new AppError("PAYLOAD_TOO_LARGE", "Request body is too large");
  if (!LOOKS_LIKE[contentType](bytes))
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", `The file's content is not a .${extension} file`);
  return { contentType, bytes };
}
