import { createContext, useContext, useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from "react";
import { THEME_COOKIE, isThemeChoice, themeMode, type ThemeChoice } from "@stride/shared";

export type { ThemeChoice };
const STORAGE_KEY = "stride-theme";
/** The cookie lives a year; every choice writes it again. */
const COOKIE_MAX_AGE = 365 * 24 * 3600;

/** Resolve a theme choice to the light/dark mode applied to the page. */
export function resolveTheme(choice: string | undefined | null, systemDark: boolean): "light" | "dark" {
  return themeMode(choice) ?? (systemDark ? "dark" : "light");
}

interface ThemeCtx {
  choice: ThemeChoice;
  resolved: "light" | "dark";
  setChoice: (c: ThemeChoice) => void;
}
const Ctx = createContext<ThemeCtx | null>(null);

function readStored(): ThemeChoice {
  try {
    const v = localStorage.getItem(STORAGE_KEY);
    return isThemeChoice(v) ? v : "system";
  } catch {
    return "system";
  }
}

/**
 * Keep the choice where the next page load finds it before any script runs: the cookie the server reads to write
 * the theme onto the page's `<html>` (@stride/shared theme.ts), and this browser's storage.
 */
function remember(c: ThemeChoice): void {
  try {
    localStorage.setItem(STORAGE_KEY, c);
  } catch {
    /* storage unavailable */
  }
  const secure = location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${THEME_COOKIE}=${c}; Path=/; Max-Age=${COOKIE_MAX_AGE}; SameSite=Lax${secure}`;
}

/**
 * Applies the theme as the `dark` class on <html> (and `data-theme`, the choice). The choice comes from
 * `profile.theme.theme` (synced by ProfileThemeSync) and is kept in this browser (storage and a cookie), so the page
 * starts in it: the server writes it onto the page, and the provider applies it before its first paint.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [choice, setChoiceState] = useState<ThemeChoice>(readStored);
  const [systemDark, setSystemDark] = useState(
    () => typeof matchMedia !== "undefined" && matchMedia("(prefers-color-scheme: dark)").matches,
  );
  useEffect(() => {
    const mq = matchMedia("(prefers-color-scheme: dark)");
    const on = () => setSystemDark(mq.matches);
    mq.addEventListener("change", on);
    return () => mq.removeEventListener("change", on);
  }, []);
  const resolved = resolveTheme(choice, systemDark);
  // before the browser paints what React rendered
  useLayoutEffect(() => {
    document.documentElement.classList.toggle("dark", resolved === "dark");
    document.documentElement.dataset.theme = choice;
  }, [resolved, choice]);
  // a choice kept before the cookie existed reaches the cookie too
  useEffect(() => {
    remember(choice);
  }, [choice]);
  const value = useMemo<ThemeCtx>(
    () => ({
      choice,
      resolved,
      setChoice: (c) => {
        setChoiceState(c);
        remember(c);
      },
    }),
    [choice, resolved],
  );
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useTheme(): ThemeCtx {
  const c = useContext(Ctx);
  if (!c) throw new Error("useTheme outside ThemeProvider");
  return c;
}
