#!/usr/bin/env node
import { run } from "../dist/generator/cli/main.js";

await run();
