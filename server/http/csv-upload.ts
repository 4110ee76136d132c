import express, { type RequestHandler } from "express";
import { AppError } from "./app-error";
import { decodeUtf8 } from "./csv";

/** The largest CSV file accepted; a larger one is answered 413 before it is read to the end. */
export const MAX_CSV_BYTES = 5 * 1024 * 1024;

const CSV_TYPES = ["text/csv", "application/csv", "text/plain", "application/vnd.ms-excel"];

const readBody = express.raw({ type: CSV_TYPES, limit: MAX_CSV_BYTES });

/**
 * Reads a CSV upload sent as the request body (`Content-Type: text/csv`) and leaves its text,
 * decoded as strict UTF-8, on `req.body`. Any other content type is refused with 415.
 */
export const csvUpload: RequestHandler[] = [
  (req, _res, next) => {
    if (!req.is(CSV_TYPES)) {
      return next(new AppError("UNSUPPORTED_MEDIA_TYPE", "Upload the file as CSV (Content-Type: text/csv)"));
    }
    next();
  },
  readBody,
  (req, _res, next) => {
    const bytes: unknown = req.body;
    if (!Buffer.isBuffer(bytes) || bytes.length === 0)
      return next(new AppError("UNPROCESSABLE", "The file is empty"));
    req.body = decodeUtf8(bytes);
    next();
  },
];
