export interface PaletteClass {
  cls: string;
  variants: string[];
  key: string;
  dark: boolean;
  utility: string;
  group: "bg" | "text" | "line";
  palette: string;
  shade: string | undefined;
  alpha: string | undefined;
  important: boolean;
}
export const GROUP: Record<string, "bg" | "text" | "line">;
export const NEUTRAL: string[];
export function parseClass(cls: string): PaletteClass | null;
export function rawPaletteReason(cls: string): "grey" | "dark" | null;
