import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { OwnListingActions } from "@/features/marketplace/components/own-listing-actions";
import { OWN_LISTING } from "./listings";
import { localServerForFile, sendJson } from "./local-server";
import { renderWithQueries } from "./render";

const server = localServerForFile();

const LISTING = OWN_LISTING;

const posts = () => server.received.filter((r) => r.method === "POST");
const price = () => screen.getByLabelText("Sale price (USD)") as HTMLInputElement;
/** The price's message: the alert among what its `aria-describedby` points at (the hint is the other). */
const priceError = () =>
  (price().getAttribute("aria-describedby") ?? "")
    .split(" ")
    .map((id) => document.getElementById(id))
    .find((el) => el?.getAttribute("role") === "alert")?.textContent ?? null;
const confirm = () => fireEvent.click(screen.getByRole("button", { name: "Confirm Sale" }));

function openSale() {
  renderWithQueries(<OwnListingActions listing={LISTING} onDone={() => {}} />);
  fireEvent.click(screen.getByRole("button", { name: "Mark as Sold" }));
}

describe("recording the sale of one's own listing", () => {
  it("shows the shared price rule at the price and sends nothing", async () => {
    openSale();
    fireEvent.change(price(), { target: { value: "0" } });
    confirm();

    await waitFor(() => expect(priceError()).toBe("The price must be more than $0.00"));
    expect(price().getAttribute("aria-invalid")).toBe("true");
    expect(posts()).toEqual([]);
  });

  it("sends the price as the canonical decimal string; a refusal's issue is shown at the price", async () => {
    server.handle((_req, res) =>
      sendJson(res, 400, {
        message: "Invalid input: The price can be at most $10,000,000.00",
        code: "BAD_REQUEST",
        issues: [{ path: ["price"], message: "The price can be at most $10,000,000.00" }],
      }),
    );
    openSale();
    fireEvent.change(price(), { target: { value: "1999.5" } });
    confirm();

    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0].body).toEqual({ domainId: LISTING.id, price: "1999.50" });
    await waitFor(() => expect(priceError()).toBe("The price can be at most $10,000,000.00"));
    // The toast system loads with the first toast: found once it has.
    expect(await screen.findByText("Sale Not Recorded")).toBeTruthy();
  });
});
