import escapeHtml from "escape-html";
import { Router } from "express";
import { optionById, TRAINING_COURSES } from "../../../shared/prices";
import type { Db } from "../../db/pool";
import { findCertificate } from "./issue-certificate";

const NUMBER = /^[0-9A-Fa-f]{4}(-[0-9A-Fa-f]{4}){3}$/;

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><meta name="robots" content="noindex">
<style>body{margin:0;font-family:system-ui,sans-serif;background:#f8fafc;color:#0f172a}main{max-width:40rem;margin:3rem auto;padding:1.5rem;background:#fff;border:1px solid #e2e8f0;border-radius:.75rem}h1{font-size:1.5rem;margin:0 0 1rem}dl{display:grid;grid-template-columns:max-content 1fr;gap:.5rem 1rem}dt{color:#475569}.ok{color:#047857;font-weight:600}</style>
</head><body><main>${body}</main></body></html>`;

export interface CertificatePageDeps {
  db: Db;
}

/**
 * `/certificates/{number}`: anyone holding a certificate's number checks it here (whose it is, of
 * which course, when completed); a number nobody was issued is "not found". Signed out, not indexed.
 */
export function certificatePageRoutes(deps: CertificatePageDeps): Router {
  const router = Router();
  router.get("/certificates/:number", async (req, res, next) => {
    try {
      const found = NUMBER.test(req.params.number) ? await findCertificate(deps.db, req.params.number) : null;
      res.set("Cache-Control", "no-store");
      if (!found) {
        res
          .status(404)
          .type("html")
          .send(
            page(
              "Certificate not found · ParkPilot",
              "<h1>No certificate has this number</h1><p>Check the number on the certificate: ParkPilot issued none like it.</p>",
            ),
          );
        return;
      }
      const course = optionById(TRAINING_COURSES, found.courseId as (typeof TRAINING_COURSES)[number]["id"]);
      res
        .type("html")
        .send(
          page(
            `Certificate ${found.number} · ParkPilot`,
            `<h1>Certificate of completion</h1><p class="ok">Issued by ParkPilot: this certificate is genuine.</p><dl>` +
              `<dt>Number</dt><dd>${escapeHtml(found.number)}</dd>` +
              `<dt>Issued to</dt><dd>${escapeHtml(found.name)}</dd>` +
              `<dt>Course</dt><dd>${escapeHtml(course.label)}</dd>` +
              `<dt>Completed on</dt><dd>${found.completedAt.toISOString().slice(0, 10)}</dd></dl>`,
          ),
        );
    } catch (error) {
      next(error);
    }
  });
  return router;
}
