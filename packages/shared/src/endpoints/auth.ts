import type * as C from "../contract/index.ts";
import { endpoint } from "./endpoint.ts";

/** A browser sign-in or sign-up form's fields (form-encoded, with `csrfmiddlewaretoken`). */
type PasswordForm = { email: string; password: string; next_path?: string };
type MagicForm = { email: string; code: string; next_path?: string };

/**
 * Authentication (wire-facts §1): the JSON endpoints the sign-in screens call, and the browser forms they post
 * (each answers a 302 to the page to land on, so `void`: the web submits them as forms, it does not fetch them).
 */
export const authEndpoints = {
  csrfToken: endpoint("GET", "/auth/get-csrf-token/").answers<{ csrf_token: string }>(),
  emailCheck: endpoint("POST", "/auth/email-check/")
    .sends<{ email: string }>()
    .answers<{ existing: boolean; status: "MAGIC_CODE" | "CREDENTIAL" }>(),
  magicGenerate: endpoint("POST", "/auth/magic-generate/").sends<{ email: string }>().answers<{ key: string }>(),
  forgotPassword: endpoint("POST", "/auth/forgot-password/").sends<{ email: string }>().answers<{ message: string }>(),
  /** The first password of an account that had none (`X-CSRFToken`); answers the caller. */
  setPassword: endpoint("POST", "/auth/set-password/").sends<{ password: string }>().answers<C.User>(),
  changePassword: endpoint("POST", "/auth/change-password/")
    .sends<{ old_password?: string; new_password: string }>()
    .answers<{ message: string }>(),
  signIn: endpoint("POST", "/auth/sign-in/").sends<PasswordForm>().answers<void>(),
  signUp: endpoint("POST", "/auth/sign-up/").sends<PasswordForm>().answers<void>(),
  magicSignIn: endpoint("POST", "/auth/magic-sign-in/").sends<MagicForm>().answers<void>(),
  magicSignUp: endpoint("POST", "/auth/magic-sign-up/").sends<MagicForm>().answers<void>(),
  resetPassword: endpoint("POST", "/auth/reset-password/:uid/:token/").sends<{ password: string }>().answers<void>(),
  signOut: endpoint("POST", "/auth/sign-out/").answers<void>(),
};
