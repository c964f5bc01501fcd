/** All suggested (static) tasks: report tasks per category (parents and their children), then the help tasks. */
import type { BuiltTasks } from "../authoring";
import type { StaticTaskDef, TranslationEntry } from "../types";
import { capabilityTasks } from "./capability";
import { cultureTasks } from "./culture";
import { economyCustomersTasks } from "./economy-customers";
import { efficiencyTasks } from "./efficiency";
import { managementHelpTasks, personnelHelpTasks } from "./help";
import { leadershipTasks } from "./leadership";

const built: BuiltTasks<StaticTaskDef>[] = [
  ...efficiencyTasks,
  ...capabilityTasks,
  ...leadershipTasks,
  ...cultureTasks,
  ...economyCustomersTasks,
  personnelHelpTasks,
  managementHelpTasks,
];

export const staticTasks: StaticTaskDef[] = built.flatMap((b) => b.tasks);

export const taskTranslations: TranslationEntry[] = built.flatMap((b) => b.translations);
