/**
 * The consent line every lead form shows under its button, and the version a lead's consent
 * record keeps: a visitor's details go to insurance partners who may contact them, so the form says
 * so before the visitor sends them. A change of wording is a new version; the old records keep theirs.
 */
export const LEAD_CONSENT = {
  version: "2026-11-26",
  text:
    "By submitting, you agree that ParkPilot may share your email address and ZIP code with " +
    "car-insurance partners, who may contact you with quotes. Consent is not a condition of purchase.",
} as const;
