export { Button } from "./Button.tsx";
export { Input, Textarea, Select, Toggle, Banner } from "./Input.tsx";
export { Modal, ConfirmModal } from "./Modal.tsx";
export {
  ComboList,
  Menu,
  MenuPopup,
  useMenu,
  type MenuItem,
  ListboxPopup,
  PopoverPanel,
  filterOptions,
  useListbox,
  usePopover,
  type FloatingTrigger,
  type ListOption,
  type ListSection,
} from "./floating/index.ts";
export { useToast } from "./Toast.tsx";
export { EmptyState, ComingSoon, NoAccess } from "./EmptyState.tsx";
export { Spinner, PageSpinner } from "./Spinner.tsx";
export { Avatar } from "./Avatar.tsx";
export { SkipLink, MAIN_ID } from "./SkipLink.tsx";
export { cx } from "./cx.ts";
