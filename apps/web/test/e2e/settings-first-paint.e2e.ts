import { expect, it } from "vitest";
import { e2eSuite } from "./helpers.ts";
import { arrange, poll } from "./work-items-fixtures.ts";

/**
 * Issue #7 point 4: project settings opened from its URL show the project's values in the first frame that shows
 * the form (they were filled by an effect, a frame and a task later). Read after every task from the page (a
 * MutationObserver delivers at a task's end, before the frame), never from timings.
 */

const e2e = e2eSuite();

it("shows the project's name in the general settings form from its first frame", async () => {
  const ctx = await e2e.context();
  const a = await arrange(ctx, { firstName: "Rosa" });
  await ctx.addInitScript(`(() => {
    if (location.protocol === "about:") return;
    window.__forms = [];
    new MutationObserver(() => {
      const input = document.querySelector('form[aria-label="Project details"] input[name="name"]');
      if (input) window.__forms.push(input.value);
    }).observe(document, { subtree: true, childList: true });
  })()`);
  const page = await ctx.newPage();
  await page.goto(`/${a.slug}/projects/${a.projectId}/settings/`);
  await poll(() => page.locator('form[aria-label="Project details"] input[name="name"]').inputValue()).toBe("Rocket");
  const values = (await page.evaluate("window.__forms")) as string[];
  expect(values.length).toBeGreaterThan(0);
  expect(values[0]).toBe("Rocket");
  await ctx.close();
});
