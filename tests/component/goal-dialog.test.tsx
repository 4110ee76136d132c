import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { GoalDialog } from "@/features/revenue/components/goal-dialog";
import { errorOf } from "./form-errors";
import { localServerForFile, sendJson } from "./local-server";
import { renderWithQueries } from "./render";

const server = localServerForFile();

const posts = () => server.received.filter((r) => r.method === "POST");
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const errorAt = (label: string) => errorOf(field(label));
const submit = () => fireEvent.click(screen.getByRole("button", { name: "Set Goal" }));

function openDialog() {
  renderWithQueries(<GoalDialog open onOpenChange={() => {}} />);
}

describe("the revenue goal dialog", () => {
  it("refuses a goal without a type or an amount with the spec's toast, each message at its field", async () => {
    openDialog();
    submit();

    expect(await screen.findByText("Missing Information")).toBeTruthy();
    expect(screen.getByText("Please select a goal type and enter an amount.")).toBeTruthy();
    expect(errorAt("Goal Type")).toBe("Please select a goal type.");
    expect(errorAt("Target Amount ($)")).toBe("Please enter an amount.");
    expect(field("Target Amount ($)").getAttribute("aria-invalid")).toBe("true");
    expect(posts()).toEqual([]);
  });

  it("shows the shared amount rule at the amount and sends nothing", async () => {
    openDialog();
    fireEvent.change(field("Goal Type"), { target: { value: "parking" } });
    fireEvent.change(field("Target Amount ($)"), { target: { value: "12.345" } });
    submit();

    await waitFor(() => expect(errorAt("Target Amount ($)")).toBe("Enter an amount in dollars and cents"));
    expect(errorAt("Goal Type")).toBeNull();
    expect(posts()).toEqual([]);
  });

  it("sends the amount as the decimal string typed, and puts the server's issue at its field", async () => {
    server.handle((_req, res) =>
      sendJson(res, 400, {
        message: "Invalid input: The target must be more than $0",
        code: "BAD_REQUEST",
        issues: [{ path: ["targetAmount"], message: "The target must be more than $0" }],
      }),
    );
    openDialog();
    fireEvent.change(field("Goal Type"), { target: { value: "parking" } });
    fireEvent.change(field("Target Amount ($)"), { target: { value: "2500.50" } });
    fireEvent.change(field("Timeframe"), { target: { value: "quarterly" } });
    submit();

    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0].body).toEqual({ targetAmount: "2500.50", timeframe: "quarterly", category: "parking" });
    await waitFor(() => expect(errorAt("Target Amount ($)")).toBe("The target must be more than $0"));
  });
});
