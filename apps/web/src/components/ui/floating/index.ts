export { type FloatingTrigger } from "./anchored.tsx";
export { Menu, MenuPopup, useMenu, type MenuItem } from "./Menu.tsx";
export { ComboList, ListboxPopup, filterOptions, useListbox, type ListOption, type ListSection } from "./Listbox.tsx";
export { PopoverPanel, usePopover } from "./Popover.tsx";
