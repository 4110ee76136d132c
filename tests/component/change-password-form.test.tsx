import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { SecuritySettingsCard } from "@/features/settings/components/security-settings-card";
import { errorOf } from "./form-errors";
import { localServerForFile, sendJson } from "./local-server";
import { renderWithQueries } from "./render";

const server = localServerForFile();

function fill(current: string, next: string, confirm: string) {
  fireEvent.change(screen.getByLabelText("Current Password"), { target: { value: current } });
  fireEvent.change(screen.getByLabelText("New Password", { exact: true }), { target: { value: next } });
  fireEvent.change(screen.getByLabelText("Confirm New Password"), { target: { value: confirm } });
}

const errorAt = (label: string) => errorOf(screen.getByLabelText(label, { exact: true }));

const submit = () => fireEvent.click(screen.getByRole("button", { name: "Change Password" }));

describe("the change-password form", () => {
  it("keeps its button disabled until the current and the new password are filled", () => {
    renderWithQueries(<SecuritySettingsCard />);
    const button = screen.getByRole("button", { name: "Change Password" }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fill("old-secret", "", "");
    expect(button.disabled).toBe(true);
    fill("old-secret", "x", "");
    expect(button.disabled).toBe(false);
  });

  it("shows the confirmation and the shared length rule at their fields and sends nothing", async () => {
    server.handle((_req, res) => sendJson(res, 200, {}));
    renderWithQueries(<SecuritySettingsCard />);
    fill("old-secret", "short", "shorter");
    submit();

    await waitFor(() =>
      expect(errorAt("Confirm New Password")).toBe("New password and confirmation don't match."),
    );
    expect(errorAt("New Password")).toBe("Password must be at least 8 characters long.");
    expect(server.received).toEqual([]);
  });

  it("shows the server's field issue at its field, and empties the form once the change is made", async () => {
    server.handle((_req, res) =>
      sendJson(res, 400, {
        message: "Invalid input: Password is too common",
        code: "BAD_REQUEST",
        issues: [{ path: ["newPassword"], message: "Password is too common" }],
      }),
    );
    renderWithQueries(<SecuritySettingsCard />);
    fill("old-secret", "password123", "password123");
    submit();
    await waitFor(() => expect(errorAt("New Password")).toBe("Password is too common"));
    expect(server.received.map((r) => r.body)).toEqual([
      { currentPassword: "old-secret", newPassword: "password123" },
    ]);

    server.handle((_req, res) => sendJson(res, 200, { ok: true }));
    fill("old-secret", "brand-new-secret", "brand-new-secret");
    submit();
    await waitFor(() =>
      expect((screen.getByLabelText("Current Password") as HTMLInputElement).value).toBe(""),
    );
    expect(errorAt("New Password")).toBeNull();
  });
});
