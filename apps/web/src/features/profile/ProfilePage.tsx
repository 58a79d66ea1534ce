import { useEffect, useState, type FormEvent } from "react";
import { DEFAULT_TIME_FORMAT, TIME_FORMATS, type TimeFormat } from "@stride/shared";
import { ApiError, errorMessage, fieldErrors } from "../../api/client.ts";
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
  const profile = useProfile();
  const updateMe = useUpdateMe();
  const updateProfile = useUpdateProfile();
  const theme = useTheme();
  const toast = useToast();
  const [form, setForm] = useState({ first_name: "", last_name: "", display_name: "", user_timezone: "UTC" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  useEffect(() => {
    if (me.data)
      setForm({
        first_name: me.data.first_name,
        last_name: me.data.last_name,
        display_name: me.data.display_name,
        user_timezone: me.data.user_timezone || "UTC",
      });
  }, [me.data]);
  if (me.isLoading || !me.data) return <PageSpinner />;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const errs: Record<string, string> = {};
    if (!form.first_name.trim()) errs.first_name = "First name is required.";
    if (!form.display_name.trim()) errs.display_name = "Display name is required.";
    setErrors(errs);
    setFormError(null);
    if (Object.keys(errs).length) return;
    updateMe.mutate(
      {
        ...form,
        first_name: form.first_name.trim(),
        last_name: form.last_name.trim(),
        display_name: form.display_name.trim(),
      },
      {
        onSuccess: () => toast.show("success", "Profile updated"),
        onError: (err) => {
          const fe = fieldErrors(err);
          if (Object.keys(fe).length) setErrors(fe);
          else
            setFormError(
              err instanceof ApiError ? (errorMessage(err.body) ?? err.message) : "Failed to update current user",
            );
        },
      },
    );
  };
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
    <div className="max-w-2xl space-y-8">
      <section>
        <h2 className="text-lg font-semibold">Profile</h2>
        <p className="text-sm text-fg-subtle">{me.data.email}</p>
        <div className="mt-4">
          <AvatarField />
        </div>
        <form onSubmit={onSubmit} className="mt-4 space-y-4" noValidate aria-label="Profile">
          {formError && <Banner>{formError}</Banner>}
          <div className="grid gap-4 sm:grid-cols-2">
            <Input
              label="First name"
              name="first_name"
              maxLength={255}
              value={form.first_name}
              onChange={(e) => setForm((f) => ({ ...f, first_name: e.target.value }))}
              error={errors.first_name}
            />
            <Input
              label="Last name"
              name="last_name"
              maxLength={255}
              value={form.last_name}
              onChange={(e) => setForm((f) => ({ ...f, last_name: e.target.value }))}
              error={errors.last_name}
            />
          </div>
          <Input
            label="Display name"
            name="display_name"
            maxLength={255}
            value={form.display_name}
            onChange={(e) => setForm((f) => ({ ...f, display_name: e.target.value }))}
            error={errors.display_name}
          />
          <TimezoneSelect
            name="user_timezone"
            value={form.user_timezone}
            onChange={(e) => setForm((f) => ({ ...f, user_timezone: e.target.value }))}
            error={errors.user_timezone}
          />
          <Button type="submit" loading={updateMe.isPending}>
            Save changes
          </Button>
        </form>
      </section>
      <section aria-labelledby="appearance">
        <h2 id="appearance" className="text-lg font-semibold">
          Appearance
        </h2>
        <div className="mt-4 w-64 space-y-4">
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
          <TimeFormatSelect />
        </div>
      </section>
      <LocalDataSection />
    </div>
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
