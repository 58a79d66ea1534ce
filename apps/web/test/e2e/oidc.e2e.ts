import { afterAll, beforeAll, expect, it } from "vitest";
import { baseUrl } from "./browser.ts";
import { e2eSuite, ensureInstanceAdmin, unique, waitForPath } from "./helpers.ts";
import { startTestIdp, type TestIdp } from "../../../server/test/helpers/oidc-idp.ts";

/**
 * Sign-in through a generic OpenID Connect provider (npm oidc-provider on loopback): the admin configures it in
 * god mode, a signed-out visitor clicks its button on the sign-in screen, signs in at the provider and lands in
 * the app as a new user. The provider is switched off again at the end (all browser test files share one server).
 */
let idp: TestIdp;

const e2e = e2eSuite();
beforeAll(async () => {
  idp = await startTestIdp([`${baseUrl()}/auth/oidc/callback/`]);
});
afterAll(async () => {
  await idp?.close();
});

it("signs a new user in through the OpenID Connect provider configured in god mode", async () => {
  const adminCtx = await e2e.context();
  const admin = await adminCtx.newPage();
  await ensureInstanceAdmin(admin);
  await admin.goto("/god-mode/authentication/");
  const form = admin.getByRole("region", { name: "OpenID Connect sign-in" });
  const label = unique("Acme SSO ");
  try {
    await form.getByLabel("Button label (optional)").fill(label);
    await form.getByLabel("Issuer URL").fill(idp.issuer);
    await form.getByLabel("Client ID").fill(idp.clientId);
    await form.getByLabel("Client secret").fill(idp.clientSecret);
    await expect.poll(() => form.getByText(`${baseUrl()}/auth/oidc/callback/`).count()).toBe(1);
    await form.getByRole("button", { name: "Save OpenID Connect credentials" }).click();
    const sw = form.getByRole("switch", { name: "OpenID Connect" });
    await expect.poll(() => sw.getAttribute("aria-disabled")).toBeNull();
    await sw.click();
    await expect.poll(() => sw.getAttribute("aria-checked")).toBe("true");

    const email = `${unique("sso")}@example.com`.toLowerCase();
    const sub = unique("sub-");
    idp.addAccount(sub, { email, email_verified: true, given_name: "Grace", family_name: "Hopper" });
    const ctx = await e2e.context();
    const page = await ctx.newPage();
    await page.goto("/");
    await page.getByRole("link", { name: `Continue with ${label}` }).click();
    await page.getByLabel("Account").fill(sub);
    await page.getByRole("button", { name: "Sign in to the IdP" }).click();
    await waitForPath(page, /^\/onboarding\/?$/);
    const me = (await (await page.request.get("/api/users/me/")).json()) as {
      email: string;
      first_name: string;
      last_login_medium: string;
    };
    expect(me).toMatchObject({ email, first_name: "Grace", last_login_medium: "oidc" });
    await ctx.close();
  } finally {
    const off = await admin.request.patch("/api/instances/configurations/", { data: { IS_OIDC_ENABLED: "0" } });
    expect(off.ok()).toBe(true);
    await adminCtx.close();
  }
});
