// One error type for the whole engine, so the server can map a code to its own error union
// (and an HTTP status) without parsing messages.
export type EngineErrorCode =
  | "INVALID_TREE"
  | "DUPLICATE_QUESTION"
  | "UNKNOWN_CATEGORY"
  | "INVALID_SLIDER_RANGE"
  | "INVALID_SLIDER_STEP"
  | "INVALID_CHOICES"
  | "INVALID_ANSWER"
  | "INVALID_THRESHOLD"
  | "INVALID_AGGREGATES"
  | "INVALID_BREAKDOWNS"
  | "INVALID_ARGUMENT";

export class EngineError extends Error {
  override readonly name = "EngineError";
  readonly code: EngineErrorCode;
  /** The question, category or field the error is about, when there is one. */
  readonly subject: string | undefined;

  constructor(code: EngineErrorCode, message: string, subject?: string) {
    super(message);
    this.code = code;
    this.subject = subject;
  }
}

export function isEngineError(error: unknown): error is EngineError {
  return error instanceof EngineError;
}
