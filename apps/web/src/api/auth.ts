import { authEndpoints as A, endpointUrl, type BodyOf } from "@stride/shared/endpoints";
import { call, getCsrfToken, submitForm } from "./client.ts";

export const emailCheck = (email: string) => call(A.emailCheck, {}, { email }, { allow401: true });
export const magicGenerate = (email: string) => call(A.magicGenerate, {}, { email }, { allow401: true });
export const forgotPassword = (email: string) => call(A.forgotPassword, {}, { email }, { allow401: true });

export async function changePassword(body: BodyOf<typeof A.changePassword>) {
  const token = await getCsrfToken();
  return call(A.changePassword, {}, body, { headers: { "X-CSRFToken": token } });
}

export async function setPassword(password: string) {
  const token = await getCsrfToken();
  return call(A.setPassword, {}, { password }, { headers: { "X-CSRFToken": token } });
}

/** The browser forms post to their endpoint's path (the server answers a 302 the browser follows). */
export const signInForm = (f: BodyOf<typeof A.signIn>) => submitForm(A.signIn.path, f);
export const signUpForm = (f: BodyOf<typeof A.signUp>) => submitForm(A.signUp.path, f);
export const magicSignInForm = (f: BodyOf<typeof A.magicSignIn>) => submitForm(A.magicSignIn.path, f);
export const magicSignUpForm = (f: BodyOf<typeof A.magicSignUp>) => submitForm(A.magicSignUp.path, f);
export const resetPasswordForm = (uidb64: string, token: string, password: string) =>
  submitForm(endpointUrl(A.resetPassword.path, { uid: uidb64, token }), { password });
export const signOutForm = () => submitForm(A.signOut.path, {});
