import { z } from "zod";

/**
 * The input schemas of every procedure, by path. A middleware runs before its procedure's input is
 * parsed and never sees the parsed value; the audit trail needs that value (unknown keys dropped,
 * transforms applied), so it parses the raw input again with the same schemas. The router registers
 * itself once it exists (root.ts), which keeps this module free of an import cycle.
 */
type ProcedureRecord = Record<string, { _def: { inputs: unknown[] } }>;
let procedures: ProcedureRecord = {};

export function registerProcedures(router: { _def: { procedures: object } }): void {
  procedures = router._def.procedures as ProcedureRecord;
}

/** The input as the procedure parsed it, or null when it has no schema or the input does not parse. */
export async function parsedInputOf(path: string, raw: unknown): Promise<unknown> {
  const inputs = procedures[path]?._def.inputs ?? [];
  let merged: unknown = null;
  for (const schema of inputs) {
    if (!(schema instanceof z.ZodType)) return null;
    const result = await schema.safeParseAsync(raw);
    if (!result.success) return null;
    merged =
      isRecord(merged) && isRecord(result.data) ? { ...merged, ...result.data } : (result.data ?? merged);
  }
  return merged;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
