import type { APIRequestContext } from "playwright-core";

/**
 * The instance every browser test shares: its admin, and its setup through the API. The global setup sets the
 * instance up before any file runs (files run in parallel, and two first callers would both find it not set up).
 */
export const ADMIN = {
  email: "instance-admin@stride.test",
  password: "Tr0ub4dor&3-horse-battery",
  firstName: "Ada",
  company: "Stride E2E",
};

export async function csrf(req: APIRequestContext): Promise<string> {
  const r = await req.get("/auth/get-csrf-token/");
  return ((await r.json()) as { csrf_token: string }).csrf_token;
}

export async function ensureInstance(req: APIRequestContext): Promise<void> {
  const info = (await (await req.get("/api/instances/")).json()) as { instance?: { is_setup_done: boolean } };
  if (info.instance?.is_setup_done) return;
  const token = await csrf(req);
  await req.post("/api/instances/admins/sign-up/", {
    form: {
      csrfmiddlewaretoken: token,
      email: ADMIN.email,
      password: ADMIN.password,
      first_name: ADMIN.firstName,
      last_name: "",
      company_name: ADMIN.company,
      is_telemetry_enabled: "False",
    },
    maxRedirects: 0,
  });
  const after = (await (await req.get("/api/instances/")).json()) as { instance?: { is_setup_done: boolean } };
  if (!after.instance?.is_setup_done) throw new Error("instance setup failed");
}
