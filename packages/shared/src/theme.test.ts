import { describe, expect, it } from "vitest";
import { themeMode, withThemeAttributes } from "./theme.ts";

describe("theme", () => {
  it("maps each choice to its mode; system and custom follow the system", () => {
    expect([
      themeMode("dark"),
      themeMode("dark-contrast"),
      themeMode("light"),
      themeMode("light-contrast"),
      themeMode("system"),
      themeMode("custom"),
      themeMode(undefined),
    ]).toEqual(["dark", "dark", "light", "light", null, null, null]);
  });

  it("writes the choice onto the page's <html>, dark as the class the styles follow; anything else leaves the page as it is", () => {
    const page = '<!doctype html>\n<html lang="en">\n  <head>';
    expect(withThemeAttributes(page, "dark")).toBe(
      '<!doctype html>\n<html lang="en" data-theme="dark" class="dark">\n  <head>',
    );
    expect(withThemeAttributes(page, "light")).toBe('<!doctype html>\n<html lang="en" data-theme="light">\n  <head>');
    expect(withThemeAttributes(page, "system")).toBe('<!doctype html>\n<html lang="en" data-theme="system">\n  <head>');
    expect(withThemeAttributes("<html><head>", "dark-contrast")).toBe(
      '<html data-theme="dark-contrast" class="dark"><head>',
    );
    expect(withThemeAttributes(page, '"><script>')).toBe(page);
    expect(withThemeAttributes(page, undefined)).toBe(page);
  });
});
