import { api, getCsrfToken, submitForm } from "./client.ts";

export interface EmailCheck {
  existing: boolean;
  status: "MAGIC_CODE" | "CREDENTIAL";
}

export const emailCheck = (email: string) =>
  api<EmailCheck>("/auth/email-check/", { method: "POST", body: { email }, allow401: true });
export const magicGenerate = (email: string) =>
  api<{ key: string }>("/auth/magic-generate/", { method: "POST", body: { email }, allow401: true });
export const forgotPassword = (email: string) =>
  api<{ message: string }>("/auth/forgot-password/", { method: "POST", body: { email }, allow401: true });

export async function changePassword(body: { old_password?: string; new_password: string }) {
  const token = await getCsrfToken();
  return api<{ message: string }>("/auth/change-password/", {
    method: "POST",
    body,
    headers: { "X-CSRFToken": token },
  });
}

export async function setPassword(password: string) {
  const token = await getCsrfToken();
  return api("/auth/set-password/", { method: "POST", body: { password }, headers: { "X-CSRFToken": token } });
}

export const signInForm = (f: { email: string; password: string; next_path?: string }) =>
  submitForm("/auth/sign-in/", f);
export const signUpForm = (f: { email: string; password: string; next_path?: string }) =>
  submitForm("/auth/sign-up/", f);
export const magicSignInForm = (f: { email: string; code: string; next_path?: string }) =>
  submitForm("/auth/magic-sign-in/", f);
export const magicSignUpForm = (f: { email: string; code: string; next_path?: string }) =>
  submitForm("/auth/magic-sign-up/", f);
export const resetPasswordForm = (uidb64: string, token: string, password: string) =>
  submitForm(`/auth/reset-password/${encodeURIComponent(uidb64)}/${encodeURIComponent(token)}/`, { password });
export const signOutForm = () => submitForm("/auth/sign-out/", {});
