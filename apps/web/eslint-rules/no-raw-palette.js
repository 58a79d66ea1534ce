/**
 * ESLint rule `stride/no-raw-palette`: screens colour through the semantic tokens of apps/web/src/index.css
 * (`bg-surface`, `text-fg-muted`, `border-line`, `text-danger`…), which switch with the theme (light, dark, high
 * contrast). It reports, in any string or template text, a grey palette class (`zinc-`, `gray-`, `slate-`,
 * `neutral-`, `stone-`, with any variant) and any palette colour under `dark:` (`dark:text-red-400`): a colour that
 * depends on the theme is a token. Hue classes without `dark:` (a priority's dot, a label swatch) are data colours
 * and pass. scripts/codemods/semantic-colours.mjs rewrites most cases.
 */
import { rawPaletteReason } from "./palette-classes.js";

export default {
  meta: {
    type: "problem",
    docs: { description: "Screens use the semantic colour tokens, not raw palette classes" },
    messages: {
      grey: "Raw palette class `{{cls}}`: use a semantic colour token (bg-canvas / bg-surface / bg-fill, text-fg / text-fg-muted / text-fg-subtle, border-line …; apps/web/src/index.css). scripts/codemods/semantic-colours.mjs rewrites it.",
      dark: "`{{cls}}` switches a colour by theme: use a semantic token that does (text-danger, bg-accent-soft, border-success-line …; apps/web/src/index.css).",
    },
    schema: [],
  },
  create(context) {
    const check = (node, text) => {
      if (!text || !/(zinc|gray|slate|neutral|stone|dark:)/.test(text)) return;
      for (const cls of text.split(/\s+/)) {
        const reason = rawPaletteReason(cls);
        if (reason) context.report({ node, messageId: reason, data: { cls } });
      }
    };
    return {
      Literal(node) {
        if (typeof node.value === "string") check(node, node.value);
      },
      TemplateElement(node) {
        check(node, node.value.cooked ?? node.value.raw);
      },
    };
  },
};
