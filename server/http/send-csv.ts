import type { Response } from "express";

/** Answers a CSV download: UTF-8, saved under `fileName`, never cached (it holds the user's figures). */
export function sendCsv(res: Response, { fileName, body }: { fileName: string; body: string }): void {
  res
    .status(200)
    .type("text/csv; charset=utf-8")
    .attachment(fileName)
    .setHeader("Cache-Control", "no-store")
    .send(body);
}
