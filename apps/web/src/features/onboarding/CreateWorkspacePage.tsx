import { Link, useNavigate } from "react-router";
import { useInstance } from "../../api/instance.ts";
import { useUpdateProfile } from "../../api/users.ts";
import { Banner } from "../../components/ui/index.ts";
import { AuthLayout } from "../../components/layout/AuthLayout.tsx";
import { WorkspaceForm } from "./WorkspaceForm.tsx";

export function CreateWorkspacePage() {
  const nav = useNavigate();
  const instance = useInstance();
  const updateProfile = useUpdateProfile();
  const disabled = instance.data?.config?.is_workspace_creation_disabled;
  return (
    <AuthLayout
      title="Create a workspace"
      subtitle="Workspaces hold your projects and your team."
      footer={
        <Link className="text-accent hover:underline" to="/">
          Back
        </Link>
      }
    >
      {disabled && <Banner kind="info">Only instance admins can create workspaces on this instance.</Banner>}
      <WorkspaceForm
        onCreated={(ws) => {
          updateProfile.mutate({ last_workspace_id: ws.id });
          nav(`/${ws.slug}/`);
        }}
      />
    </AuthLayout>
  );
}
