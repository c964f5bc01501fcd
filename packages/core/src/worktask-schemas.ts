import { z } from "zod";
import { isSafeText } from "./input-safety";
import {
  HELLO_MSG_MAX,
  WORK_TASK_MESSAGE_MAX,
  WORK_TASK_OBJECTS,
  WORK_TASK_STATUSES,
  WORK_TASK_TITLE_MAX,
} from "./worktasks";

const safe = (max: number) => z.string().trim().max(max, "too_long").refine(isSafeText, "invalid_text");

/** Title and message are checked by the service (`required_fields`, document 3 §5). */
export const ZWorkTaskInput = z.object({
  title: safe(WORK_TASK_TITLE_MAX).default(""),
  message: safe(WORK_TASK_MESSAGE_MAX).default(""),
  status: z.enum(WORK_TASK_STATUSES).optional(),
  assignedUserId: z.uuid().nullish(),
  object: z.enum(WORK_TASK_OBJECTS).nullish(),
  objectId: safe(100).nullish(),
});
export type TWorkTaskInput = z.input<typeof ZWorkTaskInput>;

/** Fields left out stay as they are. */
export const ZWorkTaskPatch = z.object({
  title: safe(WORK_TASK_TITLE_MAX).optional(),
  message: safe(WORK_TASK_MESSAGE_MAX).optional(),
  status: z.enum(WORK_TASK_STATUSES).optional(),
  assignedUserId: z.uuid().nullish(),
  object: z.enum(WORK_TASK_OBJECTS).nullish(),
  objectId: safe(100).nullish(),
});
export type TWorkTaskPatch = z.input<typeof ZWorkTaskPatch>;

export const ZHelloInput = z.object({
  msg: z
    .string()
    .trim()
    .min(1, "field_required")
    .max(HELLO_MSG_MAX, "too_long")
    .refine(isSafeText, "invalid_text"),
});
