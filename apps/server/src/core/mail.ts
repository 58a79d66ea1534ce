import nodemailer from "nodemailer";
import type { AppContext } from "./context.ts";
import type { DbOrTx } from "../db/client.ts";
import { instanceConfig } from "./instance-config.ts";

/** Payload of a `mail` job. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** The job task that sends one mail; retried with backoff while the SMTP server fails (10 attempts over about 3.5 h). */
export const MAIL_QUEUE = "mail";

/** SMTP counts as configured when a host is set (wire-facts-2 §1 `is_smtp_configured`). */
export function isSmtpConfigured(cfg: Record<string, string>): boolean {
  return (cfg.EMAIL_HOST ?? "").trim() !== "";
}

/** nodemailer transport options from the instance SMTP configuration. */
export function smtpTransportOptions(cfg: Record<string, string>) {
  const port = Number(cfg.EMAIL_PORT) || 587;
  const useSsl = cfg.EMAIL_USE_SSL === "1";
  const useTls = cfg.EMAIL_USE_TLS === "1";
  return {
    host: cfg.EMAIL_HOST,
    port,
    // SSL: TLS from the first byte; TLS: STARTTLS required; neither: plain SMTP.
    secure: useSsl,
    requireTLS: !useSsl && useTls,
    ignoreTLS: !useSsl && !useTls,
    auth: cfg.EMAIL_HOST_USER ? { user: cfg.EMAIL_HOST_USER, pass: cfg.EMAIL_HOST_PASSWORD ?? "" } : undefined,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  };
}

/** The sender address: EMAIL_FROM, else the SMTP user, else a no-reply address on the SMTP host. */
export function fromAddress(cfg: Record<string, string>): string {
  return cfg.EMAIL_FROM || cfg.EMAIL_HOST_USER || `no-reply@${cfg.EMAIL_HOST || "localhost"}`;
}

/** Send one message now through the configured SMTP server. Throws the SMTP error on failure. */
export async function sendMailNow(
  cfg: Record<string, string>,
  msg: MailMessage,
): Promise<{ messageId: string; response: string }> {
  if (!isSmtpConfigured(cfg)) throw new Error("SMTP is not configured");
  const transport = nodemailer.createTransport(smtpTransportOptions(cfg));
  try {
    const info = await transport.sendMail({
      from: fromAddress(cfg),
      to: msg.to,
      subject: msg.subject,
      text: msg.text,
      html: msg.html,
    });
    return { messageId: info.messageId, response: info.response };
  } finally {
    transport.close();
  }
}

/** Queue a mail inside the caller's transaction; it is sent by the `mail` job task once the change commits. */
export async function enqueueMail(app: AppContext, tx: DbOrTx, msg: MailMessage): Promise<string> {
  return app.jobs.enqueue(tx, MAIL_QUEUE, msg);
}

/** Job handler registration (listed in startup.ts). */
export function registerMailJobs(app: AppContext): void {
  app.jobs.register(
    MAIL_QUEUE,
    async (payload: MailMessage) => {
      const cfg = await instanceConfig(app);
      return sendMailNow(cfg, payload);
    },
    { maxAttempts: 10 },
  );
}

/** Escape text for inclusion in a mail's HTML body (the app's one escape, @stride/shared). */
export { escapeHtml } from "@stride/shared";
