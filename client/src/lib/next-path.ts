/** Any origin will do: a path is resolved against it only to see whether it stays on it. */
const SAME_SITE = "https://parkpilot.invalid";
const MAX_LENGTH = 2048;
/**
 * A backslash (browsers read it as a slash, so `/\evil.example` is `//evil.example`), white space
 * or a control character (browsers drop tabs and line breaks, so `/\t/evil.example` is too).
 */
const unsafe = (raw: string) =>
  /[\\\s]/.test(raw) || [...raw].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/**
 * Where to go after signing in, from a `?next=` that anyone can write into a link: a path of this
 * site (`/team/accept?token=…`), or null for anything else, so that the sign-in page never sends
 * anyone to another site. Only a path that begins with one `/` and stays on this origin is kept.
 */
export function safeNextPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > MAX_LENGTH) return null;
  if (!raw.startsWith("/") || raw.startsWith("//") || unsafe(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, SAME_SITE);
  } catch {
    return null;
  }
  if (url.origin !== SAME_SITE) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The sign-in page's address that comes back to `next` afterwards: `register` opens Create
 * Account, `email` fills in the address.
 */
export function loginHref(options: { next?: string; register?: boolean; email?: string } = {}): string {
  const params = new URLSearchParams();
  if (options.register) params.set("mode", "register");
  if (options.email) params.set("email", options.email);
  if (options.next) params.set("next", options.next);
  const query = params.toString();
  return query ? `/login?${query}` : "/login";
}
