/** The error a field shows: the text its `aria-describedby` points at, or null while it has none. */
export function errorOf(field: HTMLElement): string | null {
  const id = field.getAttribute("aria-describedby");
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

/** The API's refusal of a staff reason over the length its schema allows, naming the reason field. */
export const REASON_TOO_LONG = {
  message: "Invalid input: Keep the reason under 500 characters",
  code: "BAD_REQUEST",
  issues: [{ path: ["reason"], message: "Keep the reason under 500 characters" }],
};
