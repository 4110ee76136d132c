/**
 * A referral code arrives as `?ref=CODE` on the sign-in page. It is kept for the browser tab
 * (sessionStorage) so that it survives switching forms, a reload, or a failed first attempt.
 */
const STORAGE_KEY = "parkpilot.referralCode";
const MAX_LENGTH = 64;

export function captureReferralCode(search: string): string | null {
  const fromUrl = new URLSearchParams(search).get("ref")?.trim().slice(0, MAX_LENGTH);
  try {
    if (fromUrl) sessionStorage.setItem(STORAGE_KEY, fromUrl);
    return fromUrl || sessionStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage can be unavailable (privacy modes); the URL alone still works.
    return fromUrl || null;
  }
}

export function clearReferralCode(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
    sessionStorage.removeItem("parkpilot.referralClick");
  } catch {
    // Nothing stored when storage is unavailable.
  }
}

const CLICK_KEY = "parkpilot.referralClick";

/** The click of the short referral link (`?click=ID`), kept like the code, so a registration is credited to its link. */
export function captureReferralClick(search: string): string | null {
  const fromUrl = new URLSearchParams(search).get("click")?.trim().slice(0, MAX_LENGTH);
  try {
    if (fromUrl) sessionStorage.setItem(CLICK_KEY, fromUrl);
    return fromUrl || sessionStorage.getItem(CLICK_KEY);
  } catch {
    return fromUrl || null;
  }
}
