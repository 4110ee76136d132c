import { marketplaceDealPaths, type TOfferThread } from "@shared/api/marketplace/deals";
import { marketplacePaths } from "@shared/api/marketplace/listings";
import type { TPortfolioRole, TTeamRole } from "@shared/api/team";
import { pathTo } from "@shared/path-to";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { LimitLine, OWNER_UPGRADES } from "@/components/plans/limit-line";
import { OfferThreads } from "@/features/marketplace/components/offer-threads";
import { OwnListingActions } from "@/features/marketplace/components/own-listing-actions";
import { OVER_SEATS_ONLY_LOOK, OWNER_ONLY, roleBlockReason, VIEWERS_ONLY_LOOK } from "@/lib/can-purchase";
import { OWN_LISTING } from "./listings";
import { localServerForFile, sendJson } from "./local-server";
import { renderWithQueries } from "./render";

const server = localServerForFile();
const OWNER_ID = "0f8b3a52-2c7e-4d6a-9b1f-5e4d3c2b1a09";

/** The portfolios' answer while the signed-in person works in the owner's portfolio as `role`. */
const portfolios = (role: TPortfolioRole, effectiveRole: TPortfolioRole = role) => ({
  portfolios: [{ ownerId: OWNER_ID, ownerName: "Olive Owner", role, effectiveRole, active: true }],
});

/** Answers the portfolios' read with `role` and `reads` by path; anything else is not found. */
function serve(role: TPortfolioRole, reads: Record<string, unknown> = {}) {
  server.handle((req, res) => {
    const path = req.url.split("?")[0] ?? "";
    if (req.method === "GET" && path === "/api/team/portfolios") return sendJson(res, 200, portfolios(role));
    if (req.method === "GET" && path in reads) return sendJson(res, 200, reads[path]);
    sendJson(res, 404, { message: "Not found", code: "NOT_FOUND" });
  });
}

/** What a button's `aria-describedby` points at, as a screen reader reads it. */
const description = (button: HTMLElement) =>
  (button.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .map((id) => document.getElementById(id)?.textContent ?? "")
    .join(" ")
    .trim();
const button = (name: string) => screen.getByRole("button", { name }) as HTMLButtonElement;

const LISTING = OWN_LISTING;

const offer = (over: Partial<TOfferThread["offers"][number]>): TOfferThread["offers"][number] => ({
  id: "7a1c2e3d-4b5f-4a6b-8c9d-0e1f2a3b4c5d",
  domainId: LISTING.id,
  domainName: LISTING.name,
  madeBy: "buyer",
  amount: "1800.00",
  message: null,
  status: "open",
  expiresAt: "2099-01-01T00:00:00.000Z",
  createdAt: "2024-06-02T12:00:00.000Z",
  transactionId: null,
  awaitsMe: false,
  ...over,
});

describe("why a teammate's button is disabled, from the role policy", () => {
  const as = (role: TTeamRole, effectiveRole: TTeamRole = role) => ({ role, effectiveRole });

  it("a viewer may not list a domain, a manager may, and the owner is never blocked", () => {
    expect(roleBlockReason(as("viewer"), "POST", marketplacePaths.list)).toBe(VIEWERS_ONLY_LOOK);
    expect(roleBlockReason(as("manager"), "POST", marketplacePaths.list)).toBeNull();
    expect(
      roleBlockReason({ role: "owner", effectiveRole: "owner" }, "POST", marketplacePaths.contact),
    ).toBeNull();
  });

  it("contacting a seller, withdrawing an offer and acting on an escrow sale are the owner's alone", () => {
    for (const path of [
      marketplacePaths.contact,
      pathTo(marketplaceDealPaths.withdraw, { id: "o1" }),
      pathTo(marketplaceDealPaths.cancel, { id: "t1" }),
      pathTo(marketplaceDealPaths.acceptTransaction, { id: "t1" }),
      pathTo(marketplaceDealPaths.dispute, { id: "t1" }),
    ]) {
      expect(roleBlockReason(as("manager"), "POST", path), path).toBe(OWNER_ONLY);
      expect(roleBlockReason(as("viewer"), "POST", path), path).toBe(OWNER_ONLY);
    }
  });

  it("a manager working as a viewer over the plan's seats is told why", () => {
    expect(roleBlockReason(as("manager", "viewer"), "PATCH", "/api/domains/d1")).toBe(OVER_SEATS_ONLY_LOOK);
  });

  it("reads and the member's own routes are never blocked, and nothing is while the portfolios load", () => {
    expect(roleBlockReason(as("viewer"), "GET", "/api/domains/d1")).toBeNull();
    expect(roleBlockReason(as("viewer"), "POST", "/api/notifications/read")).toBeNull();
    expect(roleBlockReason(undefined, "POST", marketplacePaths.contact)).toBeNull();
  });

  it("a query string does not change what a route needs", () => {
    expect(roleBlockReason(as("manager"), "GET", `${marketplaceDealPaths.offers}?role=buyer`)).toBeNull();
  });
});

describe("a teammate's own-listing buttons", () => {
  it("a viewer's Remove Listing and Mark as Sold are disabled and point to one visible reason", async () => {
    serve("viewer");
    renderWithQueries(<OwnListingActions listing={LISTING} onDone={() => {}} />);

    await waitFor(() => expect(button("Remove Listing").disabled).toBe(true));
    expect(button("Mark as Sold").disabled).toBe(true);
    expect(description(button("Remove Listing"))).toBe(VIEWERS_ONLY_LOOK);
    expect(description(button("Mark as Sold"))).toBe(VIEWERS_ONLY_LOOK);
    expect(screen.getAllByTestId("blocked-reason").map((n) => n.textContent)).toEqual([VIEWERS_ONLY_LOOK]);
    fireEvent.click(button("Mark as Sold"));
    expect(screen.queryByLabelText("Sale price (USD)")).toBeNull();
  });

  it("a manager's are enabled and say nothing", async () => {
    serve("manager");
    renderWithQueries(<OwnListingActions listing={LISTING} onDone={() => {}} />);

    await waitFor(() => expect(server.received.some((r) => r.url === "/api/team/portfolios")).toBe(true));
    await waitFor(() => expect(button("Remove Listing").disabled).toBe(false));
    expect(button("Mark as Sold").disabled).toBe(false);
    expect(screen.queryByTestId("blocked-reason")).toBeNull();
  });
});

describe("a teammate's offers", () => {
  const threads = (role: "buyer" | "seller", over: Partial<TOfferThread["offers"][number]>) => [
    { domainId: LISTING.id, domainName: LISTING.name, role, offers: [offer(over)] },
  ];

  it("a manager answers offers on the owner's listings: Accept and Decline are enabled", async () => {
    serve("manager", {
      [marketplaceDealPaths.offers]: threads("seller", { madeBy: "buyer", awaitsMe: true }),
    });
    renderWithQueries(<OfferThreads side="seller" />);
    await waitFor(() => expect(button("Accept").disabled).toBe(false));
    expect(button("Decline").disabled).toBe(false);
    expect(screen.queryByTestId("blocked-reason")).toBeNull();
  });

  it("a manager's Withdraw on the owner's offer as buyer is disabled: only the owner can", async () => {
    serve("manager", { [marketplaceDealPaths.offers]: threads("buyer", { madeBy: "buyer" }) });
    renderWithQueries(<OfferThreads side="buyer" />);
    await waitFor(() => expect(button("Withdraw").disabled).toBe(true));
    expect(description(button("Withdraw"))).toBe(OWNER_ONLY);
  });

  it("a viewer's Accept, Decline and Counter are disabled with one reason", async () => {
    serve("viewer", {
      [marketplaceDealPaths.offers]: threads("seller", { madeBy: "buyer", awaitsMe: true }),
    });
    renderWithQueries(<OfferThreads side="seller" />);
    await waitFor(() => expect(button("Accept").disabled).toBe(true));
    for (const name of ["Accept", "Decline", "Counter"]) {
      expect(button(name).disabled, name).toBe(true);
      expect(description(button(name)), name).toBe(VIEWERS_ONLY_LOOK);
    }
    expect(screen.getAllByTestId("blocked-reason")).toHaveLength(1);
  });

  it("the owner's buttons are enabled", async () => {
    serve("owner", { [marketplaceDealPaths.offers]: threads("buyer", { madeBy: "buyer" }) });
    renderWithQueries(<OfferThreads side="buyer" />);
    await waitFor(() => expect(server.received.some((r) => r.url === "/api/team/portfolios")).toBe(true));
    await waitFor(() => expect(button("Withdraw").disabled).toBe(false));
    expect(screen.queryByTestId("blocked-reason")).toBeNull();
  });
});

describe("a plan-limit line", () => {
  const full = { used: 25, limit: 25, upgradeTo: { id: "pro", label: "Pro", limit: 250 } };

  it("links the owner to the plans", async () => {
    serve("owner");
    renderWithQueries(<LimitLine usage={full} noun="domains" planLabel="Free" />);
    await waitFor(() => expect(server.received.some((r) => r.url === "/api/team/portfolios")).toBe(true));
    expect(screen.getByRole("link", { name: "see the plans" }).getAttribute("href")).toBe("/settings");
  });

  it("tells a member the portfolio's owner can upgrade, without the owner's Settings link", async () => {
    serve("manager");
    renderWithQueries(<LimitLine usage={full} noun="domains" planLabel="Free" />);
    await waitFor(() => expect(screen.getByTestId("limit-domains").textContent).toContain(OWNER_UPGRADES));
    expect(screen.getByTestId("limit-domains").textContent).toBe(
      `25 of 25 domains on the Free plan. Pro allows 250: ${OWNER_UPGRADES}.`,
    );
    expect(screen.queryByRole("link")).toBeNull();
  });
});
