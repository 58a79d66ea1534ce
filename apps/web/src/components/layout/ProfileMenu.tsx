import { PROFILE_MENU } from "@stride/shared";
import { useNavigate } from "react-router";
import { signOutForm } from "../../api/auth.ts";
import { useMe } from "../../api/users.ts";
import { Avatar, Menu, useToast } from "../ui/index.ts";

/** Profile menu: profile, security, secrets (platform.md §2) and sign out. */
export function ProfileMenu({ compact }: { compact?: boolean }) {
  const me = useMe();
  const nav = useNavigate();
  const toast = useToast();
  const name = me.data ? me.data.display_name || me.data.email : "";
  return (
    <Menu
      buttonClassName="flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm hover:bg-fill-hover"
      label={
        <>
          {/* named by its content: the purpose, then the name shown (the visible text is part of the name, WCAG 2.5.3) */}
          <span className="sr-only">Profile menu </span>
          <Avatar name={name} url={me.data?.avatar_url} size="sm" />
          {!compact && <span className="truncate">{name}</span>}
        </>
      }
      items={[
        ...PROFILE_MENU.map((e) => ({ label: e.label, onSelect: () => nav(e.path) })),
        {
          label: "Sign out",
          danger: true,
          onSelect: () => {
            signOutForm().catch(() => toast.show("error", "CSRF token not found", "Reload the page and try again."));
          },
        },
      ]}
    />
  );
}
