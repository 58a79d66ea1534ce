import { escapeHtml, type MailMessage } from "../../core/mail.ts";

/** The magic sign-in code mail. */
export function magicCodeMail(email: string, code: string): MailMessage {
  return {
    to: email,
    subject: `Your Stride sign-in code is ${code}`,
    text: `Your Stride sign-in code is ${code}\n\nEnter it on the sign-in page within 10 minutes. If you did not ask for it, ignore this email.\n`,
    html: `<p>Your Stride sign-in code is</p><p style="font-size:24px;font-weight:bold;letter-spacing:4px">${escapeHtml(code)}</p><p>Enter it on the sign-in page within 10 minutes. If you did not ask for it, ignore this email.</p>`,
  };
}

/** The password reset mail with its link `{base}/accounts/reset-password/?uidb64=..&token=..&email=..`. */
export function resetPasswordMail(email: string, firstName: string, link: string): MailMessage {
  const hello = firstName ? `Hi ${firstName},` : "Hi,";
  return {
    to: email,
    subject: "Set a new password for your Stride account",
    text: `${hello}\n\nOpen this link to set a new password (valid for 24 hours):\n${link}\n\nIf you did not ask for it, ignore this email.\n`,
    html: `<p>${escapeHtml(hello)}</p><p><a href="${escapeHtml(link)}">Set a new password</a> (valid for 24 hours).</p><p>Or copy this link: ${escapeHtml(link)}</p><p>If you did not ask for it, ignore this email.</p>`,
  };
}
