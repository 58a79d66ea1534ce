export { FloatingPanel, focusNoScroll, keepVisible, useFloatingTrigger, type FloatingTrigger, type OpenFrom, type PopupKind } from "./anchored.tsx";
export { Menu, MenuPopup, useMenu, type MenuItem } from "./Menu.tsx";
export { ComboList, ListboxPopup, filterOptions, useListbox, type ComboListProps, type ListOption, type ListSection } from "./Listbox.tsx";
export { PopoverPanel, usePopover } from "./Popover.tsx";
