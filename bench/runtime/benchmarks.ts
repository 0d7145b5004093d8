import type { Row } from "../results.js";
import { brokerRoundTrip } from "./broker.js";
import { brokerRoundTripWithSdk } from "./broker-sdk.js";
import { compareThroughput } from "./compare.js";
import { exportCompiled, exportOneTool } from "./export.js";
import { fingerprintThroughput } from "./fingerprint.js";
import type { RuntimeInput } from "./input.js";
import { partialJsonThroughput } from "./partial-json.js";
import { repeatRegistration } from "./registry.js";
import { validatorThroughput } from "./validators.js";

/** What a worker process can run, by name ("register-first" is separate: one process per sample). */
export const RUNTIME_BENCHMARKS = {
  "register-repeat": repeatRegistration,
  fingerprint: fingerprintThroughput,
  export: exportOneTool,
  "export-compile": exportCompiled,
  broker: brokerRoundTrip,
  "broker-sdk": brokerRoundTripWithSdk,
  validators: validatorThroughput,
  compare: compareThroughput,
  "partial-json": partialJsonThroughput,
} as const satisfies Readonly<Record<string, (input: RuntimeInput) => Row[] | Promise<Row[]>>>;

export type RuntimeBenchmarkName = keyof typeof RUNTIME_BENCHMARKS | "register-first";
