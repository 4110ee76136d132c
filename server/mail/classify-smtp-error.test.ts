import { describe, expect, it } from "vitest";
import { classifySmtpError } from "./mailer";

describe("an SMTP refusal", () => {
  it("with a 5xx reply at RCPT TO refuses the address for good", () => {
    const error = Object.assign(new Error("Can't send mail - all recipients were rejected"), {
      code: "EENVELOPE",
      responseCode: 550,
      response: "550 5.1.1 No such mailbox here",
    });
    expect(classifySmtpError(error)).toEqual({
      status: "rejected",
      detail: "550 5.1.1 No such mailbox here",
    });
  });

  it("with only the recipient's own 5xx answer is still a hard bounce", () => {
    const info = {
      rejected: ["a@example.com"],
      rejectedErrors: [{ responseCode: 554, response: "554 refused" }],
    };
    expect(classifySmtpError(info)).toEqual({ status: "rejected", detail: "554 refused" });
  });

  it("with a 4xx reply, or no reply at all, may pass later", () => {
    expect(
      classifySmtpError(Object.assign(new Error("busy"), { responseCode: 451, response: "451 busy" })).status,
    ).toBe("deferred");
    expect(
      classifySmtpError(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNECTION" })),
    ).toEqual({
      status: "deferred",
      detail: "connect ECONNREFUSED",
    });
  });
});
