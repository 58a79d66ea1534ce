#!/usr/bin/env node
// `stride start | migrate | backup FILE | restore FILE | --version` (bin/launcher.mjs).
import { main } from "./launcher.mjs";

process.exitCode = await main(process.argv.slice(2));
