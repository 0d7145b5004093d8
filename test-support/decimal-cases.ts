// Values against `multipleOf`, as people write prices, steps and ratios: whether each is a
// multiple, by decimal arithmetic (what the schema's author means), not binary floating point.
export const DECIMAL_CASES: readonly (readonly [multipleOf: number, value: number, isMultiple: boolean])[] = [
  [0.01, 19.99, true],
  [0.01, 0.07, true],
  [0.01, 1.15, true],
  [0.01, 4.35, true],
  [0.01, 1234567.89, true],
  [0.01, 19.995, false],
  [0.01, 0.001, false],
  [0.1, 0.3, true],
  [0.1, 0.7, true],
  [0.1, 0.35, false],
  [0.1, 98765432.1, true],
  [0.05, 1.15, true],
  [0.05, 1.12, false],
  [0.25, 2.75, true],
  [0.25, 2.7, false],
  [1, 3, true],
  [1, 3.5, false],
  [0.001, 0.003, true],
];
