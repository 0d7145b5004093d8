import * as openTelemetry from "@opentelemetry/api";
import { expectTypeOf, test } from "vitest";
import type { ClientToolTracing } from "./runner-tracing.js";

test("the runner takes @opentelemetry/api's module as it is, no cast", () => {
  expectTypeOf(openTelemetry).toExtend<ClientToolTracing>();
});
