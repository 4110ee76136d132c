import { eq } from "drizzle-orm";
import { users, type WorkOrder } from "../../../shared/schema";
import type { Tx } from "../../db/tx";
import type { Mailer } from "../../mail/mailer";
import { notify } from "../notifications/notify";

/** A time as the buyer reads it in a mail: the day and the UTC hour. */
const whenUtc = (time: Date) => `${time.toISOString().slice(0, 16).replace("T", " ")} UTC`;

/** The buyer hears of every change of their work order (docs/money.md#what-each-purchase-delivers): started, delivered, cancelled. */
export async function mailWorkOrderChange(
  tx: Tx,
  ctx: { mailer: Mailer; appUrl: string },
  change: {
    workOrder: WorkOrder;
    /** Each deliverable by its file name or the start of its text, for a delivery. */
    deliverables?: string[];
    reason?: string;
  },
): Promise<void> {
  const { workOrder } = change;
  const [buyer] = await tx
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, workOrder.userId));
  const record = `See it on the domain's service record: ${ctx.appUrl}/domains`;
  const mails: Record<string, { subject: string; lines: string[] } | undefined> = {
    in_progress: {
      subject: `Work has started: ${workOrder.title}`,
      lines: [
        `Our team has started on ${workOrder.title}.`,
        `It is due by ${whenUtc(workOrder.dueAt)}.`,
        record,
      ],
    },
    delivered: {
      subject: `Delivered: ${workOrder.title}`,
      lines: [
        `${workOrder.title} is delivered. What we delivered:`,
        ...(change.deliverables ?? []).map((d) => `- ${d}`),
        "",
        record,
      ],
    },
    cancelled: {
      subject: `Cancelled: ${workOrder.title}`,
      lines: [
        `${workOrder.title} was cancelled and your payment refunded in full.`,
        ...(change.reason ? [`Reason: ${change.reason}`] : []),
      ],
    },
  };
  const mail = mails[workOrder.status];
  if (!mail) return;
  const body = [`Hi ${buyer.name},`, "", ...mail.lines, "", "Thank you for choosing ParkPilot."].join("\n");
  if (workOrder.status !== "delivered") {
    await ctx.mailer.send(tx, { to: buyer.email, subject: mail.subject, body });
    return;
  }
  await notify(
    tx,
    {
      userId: workOrder.userId,
      kind: "work_order_delivered",
      title: mail.subject,
      body: `${workOrder.title} is delivered; what we delivered is on the domain's service record.`,
      href: "/domains",
    },
    { mailer: ctx.mailer, subject: mail.subject, body },
  );
}
