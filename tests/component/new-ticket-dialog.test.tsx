import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { NewTicketDialog } from "@/features/support/components/new-ticket-dialog";
import { errorOf } from "./form-errors";
import { answerReadsWith, localServerForFile } from "./local-server";
import { renderWithQueries } from "./render";

const server = localServerForFile();
/** Lists no domains and no receipts, and answers a new ticket with `post`. */
function supportServer(post: [number, unknown]) {
  server.handle(answerReadsWith([], post));
}

const posts = () => server.received.filter((r) => r.method === "POST");
const errorAt = (label: string) => errorOf(screen.getByLabelText(label));

async function openForm() {
  renderWithQueries(<NewTicketDialog onOpened={() => {}} />);
  fireEvent.click(screen.getByRole("button", { name: "New Ticket" }));
  return screen.findByLabelText("Subject");
}

describe("the new ticket form", () => {
  it("shows the shared rules at their fields and sends nothing", async () => {
    supportServer([201, {}]);
    const subject = await openForm();
    fireEvent.change(subject, { target: { value: "Hi" } });
    fireEvent.click(screen.getByRole("button", { name: "Send Ticket" }));

    await waitFor(() => expect(errorAt("Subject")).toBe("Please give the ticket a subject"));
    expect(errorAt("Message")).toBe("Please write a message");
    expect(posts()).toEqual([]);
  });

  it("sends subject and message, and neither domain nor order when none is chosen", async () => {
    supportServer([400, { message: "Unknown domain", code: "BAD_REQUEST", issues: [] }]);
    const subject = await openForm();
    fireEvent.change(subject, { target: { value: "Parking page is blank" } });
    fireEvent.change(screen.getByLabelText("Message"), { target: { value: "Since this morning." } });
    fireEvent.click(screen.getByRole("button", { name: "Send Ticket" }));

    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0].body).toEqual({
      subject: "Parking page is blank",
      body: "Since this morning.",
    });
    // The refusal names no field: it is shown as a toast (waited for, so it loads within the test).
    expect(await screen.findByText("Unknown domain")).toBeTruthy();
  });

  it("puts the server's field issue at its field", async () => {
    supportServer([
      400,
      {
        message: "Invalid input: Keep the subject under 200 characters",
        code: "BAD_REQUEST",
        issues: [{ path: ["subject"], message: "Keep the subject under 200 characters" }],
      },
    ]);
    const subject = await openForm();
    fireEvent.change(subject, { target: { value: "A subject" } });
    fireEvent.change(screen.getByLabelText("Message"), { target: { value: "Words." } });
    fireEvent.click(screen.getByRole("button", { name: "Send Ticket" }));
    await waitFor(() => expect(errorAt("Subject")).toBe("Keep the subject under 200 characters"));
  });
});
