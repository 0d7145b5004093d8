#!/usr/bin/env node
import { run } from "../dist/generator/bundle/main.js";

await run();
