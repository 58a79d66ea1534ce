import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { checkStrength, PasswordStrengthMeter, type StrengthResult } from "./PasswordStrength.tsx";

/**
 * The strength meter's logic without a browser (app.e2e.ts types into the sign-up form and reads `data-strength`):
 * the four states of platform.md §4, as the form's submit check and the meter show them.
 */
const meter = (strength: StrengthResult) => {
  const html = renderToStaticMarkup(<PasswordStrengthMeter strength={strength} />);
  return {
    state: /data-strength="([a-z_]+)"/.exec(html)?.[1] ?? null,
    lit: (html.match(/bg-(red|amber|green)-500/g) ?? []).length,
    colour: /bg-(red|amber|green)-500/.exec(html)?.[1] ?? null,
    text: /<p[^>]*>([^<]*)<\/p>/.exec(html)?.[1],
  };
};

describe("the password strength", () => {
  it("grades an empty, a short, a guessable and a strong password in the four states", async () => {
    expect(await checkStrength("")).toBe("empty");
    expect(await checkStrength("abc")).toBe("length_not_valid");
    expect(await checkStrength("password1")).toBe("strength_not_valid");
    expect(await checkStrength("Correct-Horse-Battery-42!")).toBe("strength_valid");
  });

  it("shows each state as lit bars, a colour and a sentence; nothing while the scorer loads", () => {
    expect(meter({ state: null, score: 0 })).toEqual({ state: null, lit: 0, colour: null, text: "\u00a0" });
    expect(meter({ state: "empty", score: 0 })).toEqual({
      state: "empty",
      lit: 0,
      colour: null,
      text: "Enter a password.",
    });
    expect(meter({ state: "length_not_valid", score: 0 })).toEqual({
      state: "length_not_valid",
      lit: 1,
      colour: "red",
      text: "Use at least 8 characters.",
    });
    expect(meter({ state: "strength_not_valid", score: 1 })).toMatchObject({
      state: "strength_not_valid",
      lit: 2,
      colour: "amber",
    });
    expect(meter({ state: "strength_not_valid", score: 4 }).lit).toBe(3);
    expect(meter({ state: "strength_valid", score: 4 })).toEqual({
      state: "strength_valid",
      lit: 4,
      colour: "green",
      text: "Strong password.",
    });
  });
});
