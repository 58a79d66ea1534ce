import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from "react";

export type ThemeChoice = "system" | "light" | "dark" | "light-contrast" | "dark-contrast" | "custom";
const STORAGE_KEY = "stride-theme";

/** Resolve a theme choice to the light/dark mode applied to the page. */
export function resolveTheme(choice: string | undefined | null, systemDark: boolean): "light" | "dark" {
  if (choice === "dark" || choice === "dark-contrast") return "dark";
  if (choice === "light" || choice === "light-contrast") return "light";
  return systemDark ? "dark" : "light";
}

interface ThemeCtx { choice: ThemeChoice; resolved: "light" | "dark"; setChoice: (c: ThemeChoice) => void }
const Ctx = createContext<ThemeCtx | null>(null);

function readStored(): ThemeChoice {
  try {
    return (localStorage.getItem(STORAGE_KEY) as ThemeChoice) || "system";
  } catch {
    return "system";
  }
}

/**
 * Applies the theme as the `dark` class on <html>. The choice comes from `profile.theme.theme`
 * (synced by ProfileThemeSync) and is cached in localStorage for the first paint.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [choice, setChoiceState] = useState<ThemeChoice>(readStored);
  const [systemDark, setSystemDark] = useState(() => typeof matchMedia !== "undefined" && matchMedia("(prefers-color-scheme: dark)").matches);
  useEffect(() => {
    const mq = matchMedia("(prefers-color-scheme: dark)");
    const on = () => setSystemDark(mq.matches);
    mq.addEventListener("change", on);
    return () => mq.removeEventListener("change", on);
  }, []);
  const resolved = resolveTheme(choice, systemDark);
  useEffect(() => {
    document.documentElement.classList.toggle("dark", resolved === "dark");
    document.documentElement.dataset.theme = choice;
  }, [resolved, choice]);
  const value = useMemo<ThemeCtx>(() => ({
    choice,
    resolved,
    setChoice: (c) => {
      setChoiceState(c);
      try { localStorage.setItem(STORAGE_KEY, c); } catch { /* storage unavailable */ }
    },
  }), [choice, resolved]);
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useTheme(): ThemeCtx {
  const c = useContext(Ctx);
  if (!c) throw new Error("useTheme outside ThemeProvider");
  return c;
}
