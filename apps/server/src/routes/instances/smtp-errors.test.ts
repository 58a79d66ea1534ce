import { describe, expect, it } from "vitest";
import { smtpErrorMessage } from "./smtp-errors.ts";

describe("smtpErrorMessage", () => {
  it("names the failure and appends the server's own answer", () => {
    expect(smtpErrorMessage({ code: "EAUTH", response: "535 5.7.8 Authentication failed" })).toBe(
      "Invalid credentials provided 535 5.7.8 Authentication failed",
    );
    expect(smtpErrorMessage({ code: "EENVELOPE", command: "RCPT TO", response: "550 No such user" })).toBe(
      "All recipient addresses were refused. 550 No such user",
    );
    expect(smtpErrorMessage({ code: "EENVELOPE", command: "MAIL FROM", response: "553 Bad sender" })).toBe(
      "From address is invalid. 553 Bad sender",
    );
    expect(smtpErrorMessage({ code: "ESOCKET", message: "connect ECONNREFUSED 127.0.0.1:1" })).toBe(
      "Could not connect with the SMTP server. connect ECONNREFUSED 127.0.0.1:1",
    );
    expect(smtpErrorMessage({ code: "ETIMEDOUT", message: "Connection timeout" })).toBe(
      "Timeout error while trying to connect to the SMTP server. Connection timeout",
    );
    expect(smtpErrorMessage(new Error("boom"))).toBe(
      "Could not send email. Please check your SMTP settings and try again. boom",
    );
  });
});
