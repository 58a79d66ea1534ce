export { Button } from "./Button.tsx";
export { Input, Textarea, Select, Toggle, Banner } from "./Input.tsx";
export { Modal, ConfirmModal } from "./Modal.tsx";
export { Menu, type MenuItem } from "./Menu.tsx";
export { ToastProvider, useToast } from "./Toast.tsx";
export { EmptyState, ComingSoon, NoAccess } from "./EmptyState.tsx";
export { Spinner, PageSpinner } from "./Spinner.tsx";
export { Avatar } from "./Avatar.tsx";
export { cx } from "./cx.ts";
