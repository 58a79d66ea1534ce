/** Rewrite one string's classes into the semantic colour tokens: [the new text, the classes left unmapped]. */
export function rewriteClasses(text: string): [string, string[]];
/** Rewrite a source file's string and template texts: the new code and what was left unmapped (file:line class). */
export function rewriteSource(file: string, code: string): { code: string; unmapped: string[] };
