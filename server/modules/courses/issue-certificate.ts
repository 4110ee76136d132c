import { createHmac } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { TCourse } from "../../../shared/api/courses";
import { courseCertificates } from "../../../shared/schema";
import type { DbOrTx } from "../../db/tx";

/**
 * A certificate's number: an HMAC of the account, the course and the completion under the app's
 * secret, 64 bits as four groups of hex. Nobody without the secret can make one that verifies.
 */
export const certificateNumber = (secret: string, userId: string, courseId: string, completedAt: string) => {
  const hex = createHmac("sha256", secret)
    .update(`certificate:${userId}:${courseId}:${completedAt}`)
    .digest("hex")
    .slice(0, 16)
    .toUpperCase();
  return hex.match(/.{4}/g)?.join("-") ?? hex;
};

/**
 * The account's certificate of a finished course, issued once: the name is the account's when it
 * is first issued, so a name typed later does not change a certificate already verifiable.
 */
export async function issueCertificate(
  db: DbOrTx,
  options: { secret: string; userId: string; course: TCourse & { completedAt: string } },
) {
  const { userId, course } = options;
  const number = certificateNumber(options.secret, userId, course.id, course.completedAt);
  await db.execute(sql`
    insert into course_certificates (number, user_id, course_id, name, completed_at)
    select ${number}, id, ${course.id}, name, ${course.completedAt} from users where id = ${userId}
    on conflict do nothing
  `);
  const [issued] = await db
    .select()
    .from(courseCertificates)
    .where(and(eq(courseCertificates.userId, userId), eq(courseCertificates.courseId, course.id)));
  return issued;
}

/** A certificate by its number, for the public page; null for a number nobody was issued. */
export async function findCertificate(db: DbOrTx, number: string) {
  const [found] = await db
    .select()
    .from(courseCertificates)
    .where(eq(courseCertificates.number, number.toUpperCase()));
  return found ?? null;
}
