/**
 * Turn a nodemailer failure into the message the test-mail check reports: a short category followed by
 * the SMTP server's own answer (or the network error) so the admin sees what really happened.
 */
export function smtpErrorMessage(err: unknown): string {
  const e = (err ?? {}) as {
    code?: string;
    command?: string;
    response?: string;
    responseCode?: number;
    message?: string;
  };
  const detail = (e.response || e.message || String(err)).trim();
  let category: string;
  switch (e.code) {
    case "EAUTH":
      category = "Invalid credentials provided";
      break;
    case "EENVELOPE":
      category =
        e.command && /MAIL FROM/i.test(e.command)
          ? "From address is invalid."
          : "All recipient addresses were refused.";
      break;
    case "ETIMEDOUT":
      category = "Timeout error while trying to connect to the SMTP server.";
      break;
    case "ECONNECTION":
    case "ESOCKET":
    case "EDNS":
    case "ECONNREFUSED":
      category = "Could not connect with the SMTP server.";
      break;
    case "ETLS":
      category = "Could not establish a secure connection with the SMTP server.";
      break;
    default:
      category = "Could not send email. Please check your SMTP settings and try again.";
  }
  return detail ? `${category} ${detail}` : category;
}
