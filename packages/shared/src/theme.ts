/**
 * The app's themes (platform.md §9: system, light, dark, light high contrast, dark high contrast, custom) and how the
 * page starts in the right one without a flash: the web keeps the choice (the profile's `theme.theme`) in the cookie
 * THEME_COOKIE as well, and the server writes it onto the page's `<html>` (`themeHtmlAttributes`), so the first paint
 * — before any script has run — already has the theme's colours; "system" (or no choice yet) follows the browser's
 * colour scheme in CSS.
 */
export const THEME_CHOICES = ["system", "light", "dark", "light-contrast", "dark-contrast", "custom"] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

export const THEME_COOKIE = "stride-theme";

export const isThemeChoice = (v: unknown): v is ThemeChoice =>
  typeof v === "string" && (THEME_CHOICES as readonly string[]).includes(v);

/** The mode a choice shows: light or dark, or null when it follows the system (system, custom). */
export function themeMode(choice: string | null | undefined): "light" | "dark" | null {
  if (choice === "dark" || choice === "dark-contrast") return "dark";
  if (choice === "light" || choice === "light-contrast") return "light";
  return null;
}

/** The page's `<html>` with the theme of the cookie's choice (unchanged without a valid one). */
export function withThemeAttributes(html: string, choice: string | null | undefined): string {
  if (!isThemeChoice(choice)) return html;
  const dark = themeMode(choice) === "dark" ? ' class="dark"' : "";
  return html.replace(
    /<html(\s[^>]*)?>/,
    (tag, attrs: string | undefined) => `<html${attrs ?? ""} data-theme="${choice}"${dark}>`,
  );
}
