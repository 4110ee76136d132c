import type { TAdminLead } from "@shared/api/admin/leads";
import { pathTo } from "@shared/path-to";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ReturnLeadDialog } from "@/features/admin/components/return-lead-dialog";
import { ADMIN_LEADS_PATHS } from "../../shared/api/admin/leads";
import { errorOf, REASON_TOO_LONG } from "./form-errors";
import { localServerForFile, sendJson } from "./local-server";
import { renderWithQueries } from "./render";

const server = localServerForFile();

const LEAD: TAdminLead = {
  id: "5c2e8d1a-7f3b-4a6c-8e9d-0a1b2c3d4e5f",
  email: "visitor@example.com",
  zipCode: "94107",
  city: "San Francisco",
  state: "CA",
  host: "cheap-insurance.example",
  domainName: "cheap-insurance.example",
  ownerEmail: "owner@example.com",
  value: "4.00",
  returnedAt: null,
  flagReason: null,
  saleStatus: "none",
  buyerName: null,
  salePrice: null,
  returnReason: null,
  consent: null,
  createdAt: "2026-11-20T10:00:00.000Z",
};

const reason = () => screen.getByLabelText("Reason") as HTMLTextAreaElement;
const returnButton = () => screen.getByRole("button", { name: "Return Lead" }) as HTMLButtonElement;

function openDialog(onClose: () => void = () => {}) {
  renderWithQueries(<ReturnLeadDialog lead={LEAD} onClose={onClose} />);
}

describe("the return-lead dialog", () => {
  it("waits for a reason of at least three characters, and says so once the field is left", async () => {
    server.handle((_req, res) => sendJson(res, 200, {}));
    openDialog();
    expect(returnButton().disabled).toBe(true);
    fireEvent.change(reason(), { target: { value: " ab " } });
    fireEvent.blur(reason());
    await waitFor(() => expect(errorOf(reason())).toBe("Say why the lead is returned"));
    expect(returnButton().disabled).toBe(true);
    fireEvent.change(reason(), { target: { value: "A duplicate" } });
    await waitFor(() => expect(returnButton().disabled).toBe(false));
    expect(errorOf(reason())).toBeNull();
    expect(server.received).toEqual([]);
  });

  it("returns the lead with the trimmed reason and closes", async () => {
    server.handle((_req, res) => sendJson(res, 200, {}));
    let closed = false;
    openDialog(() => {
      closed = true;
    });
    fireEvent.change(reason(), { target: { value: "  A duplicate of another lead  " } });
    await waitFor(() => expect(returnButton().disabled).toBe(false));
    fireEvent.click(returnButton());
    await waitFor(() => expect(server.received).toHaveLength(1));
    expect(server.received[0]).toMatchObject({
      method: "POST",
      url: pathTo(ADMIN_LEADS_PATHS.return, { id: LEAD.id }),
      body: { reason: "A duplicate of another lead" },
    });
    expect(await screen.findByText("Lead Returned")).toBeTruthy();
    expect(closed).toBe(true);
  });

  it("puts the server's issue with the reason at the reason, and keeps the text", async () => {
    server.handle((_req, res) => sendJson(res, 400, REASON_TOO_LONG));
    openDialog();
    fireEvent.change(reason(), { target: { value: "A duplicate" } });
    await waitFor(() => expect(returnButton().disabled).toBe(false));
    fireEvent.click(returnButton());
    await waitFor(() => expect(errorOf(reason())).toBe("Keep the reason under 500 characters"));
    expect(reason().value).toBe("A duplicate");
  });

  it("a refusal naming no field is a toast", async () => {
    server.handle((_req, res) =>
      sendJson(res, 409, { message: "This lead was returned already", code: "CONFLICT", issues: [] }),
    );
    openDialog();
    fireEvent.change(reason(), { target: { value: "A duplicate" } });
    await waitFor(() => expect(returnButton().disabled).toBe(false));
    fireEvent.click(returnButton());
    expect(await screen.findByText("This lead was returned already")).toBeTruthy();
  });
});
