import type { TAdminWorkOrderDetail } from "@shared/api/admin/work-orders";
import { pathTo } from "@shared/path-to";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { WorkOrderDialog } from "@/features/admin/components/work-order-dialog";
import { ADMIN_WORK_ORDERS_PATHS } from "../../shared/api/admin/work-orders";
import { errorOf } from "./form-errors";
import { answerReadsWith, localServerForFile } from "./local-server";
import { renderWithQueries } from "./render";

const server = localServerForFile();
const ID = "0b8c5f3a-6d2e-4f71-9a3c-5e4d3c2b1a09";

const DETAIL: TAdminWorkOrderDetail = {
  workOrder: {
    id: ID,
    orderId: "order-1",
    title: "Domain appraisal",
    offerId: "appraisal",
    status: "in_progress",
    buyerEmail: "buyer@example.com",
    domainName: "parked.example",
    assignee: null,
    dueAt: "2026-12-01T10:00:00.000Z",
    overdue: false,
    deliveredAt: null,
    createdAt: "2026-11-20T10:00:00.000Z",
    description: "",
  },
  order: {
    id: "order-1",
    description: "Domain appraisal",
    price: "49.00",
    status: "paid",
    provider: "stripe",
    paidAt: "2026-11-20T10:00:00.000Z",
  },
  buyer: { id: "buyer-1", name: "Buyer", email: "buyer@example.com" },
  domain: { id: "domain-1", name: "parked.example" },
  notes: [],
  deliverables: [],
  staff: [],
};

/** Answers reads with the work order, and every change with `post`. */
function workOrderServer(post: [number, unknown]) {
  server.handle(answerReadsWith(DETAIL, post));
}

const posts = () => server.received.filter((r) => r.method === "POST");
const button = (name: string) => screen.getByRole("button", { name }) as HTMLButtonElement;
const REASON = "Reason to cancel (the buyer is told, and refunded in full)";

async function openDialog() {
  renderWithQueries(<WorkOrderDialog id={ID} onClose={() => {}} />);
  await screen.findByLabelText(REASON);
}

describe("the work order dialog's forms", () => {
  it("cancelling waits for a reason of at least three characters, and says so once the field is left", async () => {
    workOrderServer([200, {}]);
    await openDialog();
    const reason = screen.getByLabelText(REASON);
    expect(button("Cancel and Refund").disabled).toBe(true);
    fireEvent.change(reason, { target: { value: " ab " } });
    fireEvent.blur(reason);
    await waitFor(() => expect(errorOf(reason)).toBe("Say why the work order is cancelled"));
    expect(button("Cancel and Refund").disabled).toBe(true);
    expect(posts()).toEqual([]);
  });

  it("cancels with the trimmed reason", async () => {
    workOrderServer([200, {}]);
    await openDialog();
    fireEvent.change(screen.getByLabelText(REASON), { target: { value: "  Buyer asked to stop  " } });
    await waitFor(() => expect(button("Cancel and Refund").disabled).toBe(false));
    fireEvent.click(button("Cancel and Refund"));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]).toMatchObject({
      url: pathTo(ADMIN_WORK_ORDERS_PATHS.status, { id: ID }),
      body: { status: "cancelled", reason: "Buyer asked to stop" },
    });
    expect(await screen.findByText("Work Order Cancelled")).toBeTruthy();
  });

  it("puts the server's issue with the reason at the reason", async () => {
    workOrderServer([
      400,
      {
        message: "Invalid input: Too big",
        code: "BAD_REQUEST",
        issues: [{ path: ["reason"], message: "Too big: expected string to have <=500 characters" }],
      },
    ]);
    await openDialog();
    const reason = screen.getByLabelText(REASON);
    fireEvent.change(reason, { target: { value: "Buyer asked to stop" } });
    await waitFor(() => expect(button("Cancel and Refund").disabled).toBe(false));
    fireEvent.click(button("Cancel and Refund"));
    await waitFor(() => expect(errorOf(reason)).toBe("Too big: expected string to have <=500 characters"));
  });

  it("a deliverable text of only spaces cannot be added, and the rule shows once the field is left", async () => {
    workOrderServer([201, {}]);
    await openDialog();
    const text = screen.getByLabelText("Deliverable text");
    fireEvent.change(text, { target: { value: "   " } });
    fireEvent.blur(text);
    await waitFor(() => expect(errorOf(text)).toBe("Write the deliverable"));
    expect(button("Add Text").disabled).toBe(true);
  });

  it("adds a deliverable text and clears the field", async () => {
    workOrderServer([201, {}]);
    await openDialog();
    const text = screen.getByLabelText("Deliverable text") as HTMLTextAreaElement;
    fireEvent.change(text, { target: { value: "Estimated value: $4,000 to $5,500." } });
    await waitFor(() => expect(button("Add Text").disabled).toBe(false));
    fireEvent.click(button("Add Text"));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]).toMatchObject({
      url: pathTo(ADMIN_WORK_ORDERS_PATHS.deliverables, { id: ID }),
      body: { body: "Estimated value: $4,000 to $5,500." },
    });
    expect(await screen.findByText("Text Added")).toBeTruthy();
    await waitFor(() => expect(text.value).toBe(""));
  });

  it("puts the server's issue with a note at the note, and keeps the text", async () => {
    workOrderServer([
      400,
      {
        message: "Invalid input: Write the note",
        code: "BAD_REQUEST",
        issues: [{ path: ["body"], message: "Write the note" }],
      },
    ]);
    await openDialog();
    const note = screen.getByLabelText("Internal note (staff only)") as HTMLTextAreaElement;
    fireEvent.change(note, { target: { value: "Called the registrar" } });
    await waitFor(() => expect(button("Add Note").disabled).toBe(false));
    fireEvent.click(button("Add Note"));
    await waitFor(() => expect(errorOf(note)).toBe("Write the note"));
    expect(note.value).toBe("Called the registrar");
  });

  it("a refusal naming no field is a toast", async () => {
    workOrderServer([409, { message: "This work order is closed", code: "CONFLICT", issues: [] }]);
    await openDialog();
    fireEvent.change(screen.getByLabelText("Internal note (staff only)"), { target: { value: "Late note" } });
    await waitFor(() => expect(button("Add Note").disabled).toBe(false));
    fireEvent.click(button("Add Note"));
    expect(await screen.findByText("This work order is closed")).toBeTruthy();
  });
});
