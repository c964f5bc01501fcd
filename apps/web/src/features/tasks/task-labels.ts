import type { SwotType, TaskPriority } from "@kunto/core";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

export const PRIORITY_LABELS: Record<TaskPriority, MessageDescriptor> = {
  HIGH: msg`High`,
  MEDIUM: msg`Medium`,
  LOW: msg`Low`,
};
export const PRIORITY_COLORS: Record<TaskPriority, string> = { HIGH: "red", MEDIUM: "yellow", LOW: "blue" };

export const SWOT_LABELS: Record<SwotType, MessageDescriptor> = {
  strength: msg`Strength`,
  weakness: msg`Weakness`,
  opportunity: msg`Opportunity`,
};

/**
 * Column and type names of the two help types and the other task types. The help types are help
 * with running the surveys, not improvement areas, and their names say so (issue 18.7).
 */
const TYPE_LABELS: Record<string, MessageDescriptor> = {
  personnel_help: msg`Survey help: personnel`,
  management_help: msg`Survey help: management`,
  report: msg`Report`,
  manual: msg`Own task`,
};
const OTHER = msg`Other`;
export const typeLabel = (type: string): MessageDescriptor => TYPE_LABELS[type] ?? OTHER;
