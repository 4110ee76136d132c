/**
 * The lead contract (schemas and constants) with its validation library. The landing page
 * loads it when the visitor starts on the form rather than with the page, which keeps the
 * page's first download small.
 */
export function loadLeadContract() {
  return import("@shared/api/leads");
}
