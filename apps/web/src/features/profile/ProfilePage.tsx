import { DEFAULT_TIME_FORMAT, TIME_FORMATS, type TimeFormat } from "@stride/shared";
import { type UpdateMeBody } from "@stride/shared/contract";
import type { User } from "../../api/types.ts";
import { schemaCheck, useSettingsForm } from "../../lib/settings-form.ts";
import { useMe, useProfile, useUpdateMe, useUpdateProfile } from "../../api/users.ts";
import { Banner, Button, Input, PageSpinner, Select, useToast } from "../../components/ui/index.ts";
import { useTheme, type ThemeChoice } from "../../lib/theme.tsx";
import { AvatarField } from "../../components/user/AvatarField.tsx";
import { TimezoneSelect } from "../../components/settings/TimezoneSelect.tsx";
import { LocalDataSection } from "./LocalDataSection.tsx";

const THEME_OPTIONS: { value: ThemeChoice; label: string }[] = [
  { value: "system", label: "System preference" },
  { value: "light", label: "Light" },
  { value: "dark", label: "Dark" },
  { value: "light-contrast", label: "Light high contrast" },
  { value: "dark-contrast", label: "Dark high contrast" },
];

export function ProfilePage() {
  const me = useMe();
  if (me.isLoading || !me.data) return <PageSpinner />;
  return (
    <div className="max-w-2xl space-y-8">
      <section>
        <h2 className="text-lg font-semibold">Profile</h2>
        <p className="text-sm text-fg-subtle">{me.data.email}</p>
        <div className="mt-4">
          <AvatarField />
        </div>
        <ProfileForm me={me.data} />
      </section>
      <section aria-labelledby="appearance">
        <h2 id="appearance" className="text-lg font-semibold">
          Appearance
        </h2>
        <div className="mt-4 w-64 space-y-4">
          <ThemeSelect />
          <TimeFormatSelect />
        </div>
      </section>
      <LocalDataSection />
    </div>
  );
}

type ProfileValues = { first_name: string; last_name: string; display_name: string; user_timezone: string };

/** The request body: the names trimmed. */
const bodyOf = (v: ProfileValues): UpdateMeBody => ({
  ...v,
  first_name: v.first_name.trim(),
  last_name: v.last_name.trim(),
  display_name: v.display_name.trim(),
});

/** The form's own words for the names it needs. */
function ownChecks(v: ProfileValues): Record<string, string> {
  const errs: Record<string, string> = {};
  if (!v.first_name.trim()) errs.first_name = "First name is required.";
  if (!v.display_name.trim()) errs.display_name = "Display name is required.";
  return errs;
}

const checkProfile = schemaCheck((c) => c.updateMeBody, bodyOf, ownChecks);

/** Names and time zone, from the saved values (and again when they change). */
function ProfileForm({ me }: { me: User }) {
  const updateMe = useUpdateMe();
  const toast = useToast();
  const { form, error, formError, onSubmit } = useSettingsForm<ProfileValues>(
    {
      first_name: me.first_name,
      last_name: me.last_name,
      display_name: me.display_name,
      user_timezone: me.user_timezone || "UTC",
    },
    checkProfile,
    () => "Failed to update current user",
  );
  const submit = onSubmit((v, onError) =>
    updateMe.mutate(bodyOf(v), { onSuccess: () => toast.show("success", "Profile updated"), onError }),
  );
  return (
    <form onSubmit={submit} className="mt-4 space-y-4" noValidate aria-label="Profile">
      {formError && <Banner>{formError}</Banner>}
      <div className="grid gap-4 sm:grid-cols-2">
        <Input label="First name" maxLength={255} error={error("first_name")} {...form.register("first_name")} />
        <Input label="Last name" maxLength={255} error={error("last_name")} {...form.register("last_name")} />
      </div>
      <Input label="Display name" maxLength={255} error={error("display_name")} {...form.register("display_name")} />
      <TimezoneSelect
        name="user_timezone"
        value={form.watch("user_timezone")}
        onChange={(e) => form.setValue("user_timezone", e.target.value)}
        error={error("user_timezone")}
      />
      <Button type="submit" loading={updateMe.isPending}>
        Save changes
      </Button>
    </form>
  );
}

/** The colour theme: applied at once, and saved in the profile. */
function ThemeSelect() {
  const profile = useProfile();
  const updateProfile = useUpdateProfile();
  const theme = useTheme();
  const toast = useToast();
  const onTheme = (v: ThemeChoice) => {
    theme.setChoice(v);
    updateProfile.mutate(
      { theme: { ...(profile.data?.theme ?? {}), theme: v } },
      {
        onError: () => toast.show("error", "Could not save the theme", "user-profile-theme-update-error"),
      },
    );
  };
  return (
    <Select
      label="Theme"
      name="theme"
      value={theme.choice === "custom" ? "system" : theme.choice}
      onChange={(e) => onTheme(e.target.value as ThemeChoice)}
    >
      {THEME_OPTIONS.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </Select>
  );
}

const TIME_FORMAT_LABELS: Record<TimeFormat, string> = { "24-hour": "24-hour (14:05)", "12-hour": "12-hour (2:05 PM)" };

/** How times are shown everywhere (profile `time_format`, 24-hour by default). */
function TimeFormatSelect() {
  const profile = useProfile();
  const updateProfile = useUpdateProfile();
  const toast = useToast();
  return (
    <Select
      label="Time format"
      name="time_format"
      value={profile.data?.time_format ?? DEFAULT_TIME_FORMAT}
      onChange={(e) =>
        updateProfile.mutate(
          { time_format: e.target.value as TimeFormat },
          { onError: () => toast.show("error", "Could not save the time format", "user-profile-update-error") },
        )
      }
    >
      {TIME_FORMATS.map((f) => (
        <option key={f} value={f}>
          {TIME_FORMAT_LABELS[f]}
        </option>
      ))}
    </Select>
  );
}
