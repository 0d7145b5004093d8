/** A command line that cannot be run; the message says what to change. */
export class UsageError extends Error {}
