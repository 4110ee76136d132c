import type { TDomain } from "@shared/api/domains";
import { pathTo } from "@shared/path-to";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { EditDomainForm } from "@/features/domains/components/edit-domain-form";
import { DOMAIN_PATHS } from "../../shared/api/domains";
import { errorOf } from "./form-errors";
import { localServerForFile, sendJson } from "./local-server";
import { renderWithQueries } from "./render";

const server = localServerForFile();

const DOMAIN: TDomain = {
  id: "3d9a7c1e-5b2f-4e8a-9c6d-1f0e2d3c4b5a",
  name: "parked.example",
  status: "parked",
  adNetwork: "sedo",
  nameservers: "ns1.example.net, ns2.example.net",
  parkingTemplate: "standard",
  parkingRevenue: "0.00",
  visitors: 0,
  registrationDate: "2024-05-17T12:00:00.000Z",
  expiryDate: "2030-05-17T12:00:00.000Z",
  marketplacePrice: null,
  purchasePrice: "2500.00",
  renewalCost: null,
  createdAt: "2024-05-17T12:00:00.000Z",
  soldAt: null,
  verification: {
    status: "verified",
    txtRecord: { name: "parked.example", value: "parkpilot-verify=token" },
    nameservers: [],
    proof: "txt-or-nameservers",
    verifiedAt: "2024-05-18T12:00:00.000Z",
    lastCheckedAt: "2024-05-18T12:00:00.000Z",
  },
};

const patches = () => server.received.filter((r) => r.method === "PATCH");
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const errorAt = (label: string) => errorOf(field(label));
const save = () => fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));

function openForm() {
  renderWithQueries(<EditDomainForm domain={DOMAIN} onDone={() => {}} onRemoved={() => {}} />);
}

describe("the edit domain form", () => {
  it("shows each rule of the shared body at its own field and sends nothing", async () => {
    openForm();
    fireEvent.change(field("Purchase price ($)"), { target: { value: "12.345" } });
    fireEvent.change(field("Acquired on"), { target: { value: "" } });
    save();

    await waitFor(() =>
      expect(errorAt("Purchase price ($)")).toBe("Enter an amount in dollars with at most two decimals"),
    );
    expect(errorAt("Acquired on")).toBe("Enter a date as YYYY-MM-DD");
    expect(errorAt("Renewal cost ($/year)")).toBeNull();
    expect(errorAt("Expiry date")).toBeNull();
    expect(patches()).toEqual([]);
  });

  it("sends every field, with an emptied date or amount as null", async () => {
    server.handle((_req, res) => sendJson(res, 200, { ...DOMAIN, renewalCost: "12.99", expiryDate: null }));
    openForm();
    fireEvent.change(field("Expiry date"), { target: { value: "" } });
    fireEvent.change(field("Purchase price ($)"), { target: { value: "" } });
    fireEvent.change(field("Renewal cost ($/year)"), { target: { value: "12.99" } });
    save();

    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]).toMatchObject({ url: pathTo(DOMAIN_PATHS.one, { id: DOMAIN.id }) });
    expect(patches()[0].body).toEqual({
      status: "parked",
      adNetwork: "sedo",
      parkingTemplate: "standard",
      nameservers: "ns1.example.net, ns2.example.net",
      expiryDate: null,
      registrationDate: "2024-05-17",
      purchasePrice: null,
      renewalCost: "12.99",
    });
    expect(await screen.findByText("Domain Updated")).toBeTruthy();
  });

  it("puts the server's field issue at its field", async () => {
    server.handle((_req, res) =>
      sendJson(res, 400, {
        message: "Invalid input: Nameservers are too long",
        code: "BAD_REQUEST",
        issues: [{ path: ["nameservers"], message: "Nameservers are too long" }],
      }),
    );
    openForm();
    save();
    await waitFor(() => expect(errorAt("Nameservers")).toBe("Nameservers are too long"));
  });

  it("a refusal naming no field is shown under the form and as a toast", async () => {
    server.handle((_req, res) =>
      sendJson(res, 409, { message: "This domain is in a sale in progress", code: "CONFLICT", issues: [] }),
    );
    openForm();
    save();
    await waitFor(() => expect(screen.getAllByText("This domain is in a sale in progress")).toHaveLength(2));
    expect(screen.getByText("Error")).toBeTruthy();
  });
});
