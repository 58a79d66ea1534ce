import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { SETTINGS } from "../config.ts";
import { renderConfigDocs, withConfigDocs } from "../config-schema.ts";

/** `npm run docs:config`: write the README's configuration tables from the schema (config.ts `SETTINGS`). */
const readme = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../../README.md");
const before = fs.readFileSync(readme, "utf8");
const after = withConfigDocs(before, renderConfigDocs(SETTINGS));
if (after !== before) fs.writeFileSync(readme, after);
console.log(
  after === before ? "README.md: configuration already up to date" : "README.md: configuration tables rewritten",
);
