import type { Target, Unit } from "./results.js";
import type { Summary } from "./stats.js";

/** A figure with enough digits to compare, and no more. */
export function figure(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const abs = Math.abs(value);
  if (abs >= 100 || Number.isInteger(value)) return Math.round(value).toLocaleString("en-US");
  if (abs >= 10) return value.toFixed(1);
  if (abs >= 1) return value.toFixed(2);
  return value.toPrecision(2);
}

function withUnit(text: string, unit: Unit): string {
  return unit === "×" ? `${text}×` : `${text} ${unit}`;
}

/** `median [min–max] unit`; a single figure for what does not vary (a size). */
export function summaryText(summary: Summary, unit: Unit): string {
  if (summary.min === summary.max) return withUnit(figure(summary.median), unit);
  return withUnit(`${figure(summary.median)} [${figure(summary.min)}–${figure(summary.max)}]`, unit);
}

export function targetText(target: Target): string {
  const op = target.op === "<=" ? "≤" : "≥";
  return target.of === "ratio"
    ? `${op} ${figure(target.value)}× faster`
    : `${op} ${withUnit(figure(target.value), target.unit)}`;
}
