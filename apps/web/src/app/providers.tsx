import { useEffect, type ReactNode } from "react";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { ThemeProvider, useTheme, type ThemeChoice } from "../lib/theme.tsx";
import { ToastProvider } from "../components/ui/Toast.tsx";
import { useMe, useProfile } from "../api/users.ts";

/** Keeps the applied theme in step with `profile.theme.theme` of the signed-in user. */
function ProfileThemeSync() {
  const me = useMe();
  const profile = useProfile(!!me.data);
  const { choice, setChoice } = useTheme();
  const fromProfile = profile.data?.theme?.theme as ThemeChoice | undefined;
  useEffect(() => {
    if (fromProfile && fromProfile !== choice) setChoice(fromProfile);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fromProfile]);
  return null;
}

export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <ThemeProvider>
        <ToastProvider>
          {!window.location.pathname.startsWith("/god-mode") && <ProfileThemeSync />}
          {children}
        </ToastProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
