import { ZRenameDeviceBody } from "@shared/api/auth/devices";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { RenameForm } from "@/components/rename-form";
import { ApiError } from "@/lib/api-error";
import { errorOf } from "./form-errors";

const name = () => screen.getByLabelText("Device name") as HTMLInputElement;

describe("renaming in place", () => {
  it("saves the name trimmed by the rename request's schema", async () => {
    const saved: string[] = [];
    render(
      <RenameForm
        label="Device name"
        initial="Chrome on Windows"
        schema={ZRenameDeviceBody}
        pending={false}
        onSave={(n) => saved.push(n)}
        onCancel={() => {}}
      />,
    );
    fireEvent.change(name(), { target: { value: "  Office laptop " } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(saved).toEqual(["Office laptop"]));
    expect(errorOf(name())).toBeNull();
  });

  it("keeps Save off for a blank name, and shows a refusal's issue at the name", async () => {
    const refusal = new ApiError({
      status: 400,
      message: "Invalid input: Keep the name under 60 characters",
      issues: [{ path: ["name"], message: "Keep the name under 60 characters" }],
    });
    render(
      <RenameForm
        label="Device name"
        initial="Chrome on Windows"
        schema={ZRenameDeviceBody}
        pending={false}
        error={refusal}
        onSave={() => {}}
        onCancel={() => {}}
      />,
    );
    await waitFor(() => expect(errorOf(name())).toBe("Keep the name under 60 characters"));
    expect(name().getAttribute("aria-invalid")).toBe("true");
    fireEvent.change(name(), { target: { value: "   " } });
    expect((screen.getByRole("button", { name: "Save" }) as HTMLButtonElement).disabled).toBe(true);
  });
});
