/**
 * The short referral link (docs/affiliates.md#link-analytics): `/r/<code>` counts the click (source
 * and UTM campaign) and sends the visitor on to registration with the code filled in.
 */
export const REFERRAL_REDIRECT_PREFIX = "/r/";
export const referralLinkPath = (code: string, utm?: { source?: string; campaign?: string }) => {
  const query = new URLSearchParams();
  if (utm?.source) query.set("utm_source", utm.source);
  if (utm?.campaign) query.set("utm_campaign", utm.campaign);
  const qs = query.toString();
  return `${REFERRAL_REDIRECT_PREFIX}${encodeURIComponent(code)}${qs ? `?${qs}` : ""}`;
};
