import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { InviteAffiliateDialog } from "@/features/affiliates/components/invite-affiliate-dialog";
import { errorOf } from "./form-errors";
import { localServerForFile, sendJson } from "./local-server";
import { renderWithQueries } from "./render";

const server = localServerForFile();

const posts = () => server.received.filter((r) => r.method === "POST");
const email = () => screen.getByLabelText("Email Address") as HTMLInputElement;
const send = () => fireEvent.click(screen.getByRole("button", { name: "Send Invitation" }));

function openDialog() {
  renderWithQueries(<InviteAffiliateDialog open onOpenChange={() => {}} />);
}

describe("the invite affiliate dialog", () => {
  it("refuses an empty address with the spec's toast and the message at the field", async () => {
    openDialog();
    send();

    expect(await screen.findByText("Email Required")).toBeTruthy();
    expect(errorOf(email())).toBe("Please enter an email address to invite.");
    expect(posts()).toEqual([]);
  });

  it("shows the shared email rule at the field and sends nothing", async () => {
    openDialog();
    fireEvent.change(email(), { target: { value: "not-an-address" } });
    send();

    await waitFor(() => expect(errorOf(email())).toBe("Please enter a valid email address."));
    expect(email().getAttribute("aria-invalid")).toBe("true");
    expect(posts()).toEqual([]);
  });

  it("sends the trimmed address and the level as a number; a refusal's issue is shown at the field", async () => {
    server.handle((_req, res) =>
      sendJson(res, 400, {
        message: "You can't invite your own email address.",
        code: "BAD_REQUEST",
        issues: [{ path: ["email"], message: "You can't invite your own email address." }],
      }),
    );
    openDialog();
    fireEvent.change(email(), { target: { value: "  partner@example.com " } });
    fireEvent.change(screen.getByLabelText("Affiliate Level"), { target: { value: "3" } });
    send();

    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0].body).toEqual({ email: "partner@example.com", level: 3 });
    await waitFor(() => expect(errorOf(email())).toBe("You can't invite your own email address."));
    expect(await screen.findByText("Invitation Failed")).toBeTruthy();
  });
});
