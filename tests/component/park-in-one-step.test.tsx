import { CONNECTION_PATHS, type TRegistrarDomain } from "@shared/api/connections";
import type { TDomain } from "@shared/api/domains";
import { pathTo } from "@shared/path-to";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ParkInOneStep } from "@/features/connections/components/park-in-one-step";
import { localServerForFile, sendJson } from "./local-server";
import { renderWithQueries } from "./render";

const server = localServerForFile();

const DOMAIN: TDomain = {
  id: "6a0c2d4e-8f1a-4b3c-9d5e-7f6a8b9c0d1e",
  name: "held.example",
  status: "pending",
  adNetwork: "sedo",
  nameservers: "",
  parkingTemplate: "standard",
  parkingRevenue: "0.00",
  visitors: 0,
  registrationDate: "2024-05-17T12:00:00.000Z",
  expiryDate: null,
  marketplacePrice: null,
  purchasePrice: null,
  renewalCost: null,
  createdAt: "2024-05-17T12:00:00.000Z",
  soldAt: null,
  verification: {
    status: "pending",
    txtRecord: { name: "held.example", value: "parkpilot-verify=token" },
    nameservers: ["ns3.parkpilot.net", "ns7.parkpilot.net"],
    proof: "txt-or-nameservers",
    verifiedAt: null,
    lastCheckedAt: null,
  },
};

const held = (over: Partial<TRegistrarDomain>): TRegistrarDomain => ({
  connectionId: "0f1e2d3c-4b5a-4968-8776-655443322110",
  registrar: "Porkbun",
  expiresAt: "2030-05-17T12:00:00.000Z",
  autoRenew: true,
  locked: true,
  privacy: true,
  nameservers: null,
  seenAt: "2026-11-28T12:00:00.000Z",
  cannotPark: null,
  ...over,
});

function showHeldBy(registrar: TRegistrarDomain) {
  server.handle((req, res) =>
    req.url === pathTo(CONNECTION_PATHS.domain, { domainId: DOMAIN.id })
      ? sendJson(res, 200, { registrar })
      : sendJson(res, 404, { message: "No handler", code: "NOT_FOUND" }),
  );
  renderWithQueries(<ParkInOneStep domain={DOMAIN} />);
}

describe("park in one step on a domain", () => {
  it("offers the button when the registrar can point the name at its pair", async () => {
    showHeldBy(held({}));
    expect((await screen.findByText(/Held at/)).textContent).toMatch(/^Held at Porkbun, expires /);
    expect(screen.getByText(/Points elsewhere/).textContent).toBe(
      "Points elsewhere. Park it at ns3.parkpilot.net and ns7.parkpilot.net.",
    );
    expect((screen.getByRole("button", { name: "Park in one step" }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it("shows the registrar's reason and the way left instead of a button that can only be refused", async () => {
    const reason =
      "Cloudflare Registrar keeps every name it registers on Cloudflare's own nameservers, so it cannot point this one at its parking pair: prove the name with its TXT record instead, added in its DNS at Cloudflare.";
    showHeldBy(held({ registrar: "Cloudflare Registrar", cannotPark: reason }));
    expect(await screen.findByText(reason)).toBeTruthy();
    expect(screen.getByText(/Held at/).textContent).toMatch(/^Held at Cloudflare Registrar, expires /);
    expect(screen.queryByText(/Points elsewhere/)).toBeNull();
    expect(screen.queryByRole("button", { name: "Park in one step" })).toBeNull();
  });
});
