/** The default content of Kunto: categories, survey templates, suggested tasks and their translations. */
import { categories, categoryTranslations } from "./categories";
import { sharedTranslations } from "./shared-texts";
import { staticTasks, taskTranslations } from "./tasks";
import { management } from "./templates/management";
import { personnel } from "./templates/personnel";
import type { TemplateDef, Texts, Tid, TranslationEntry } from "./types";

export * from "./types";
export { categories, staticTasks };

export const personnelTemplate: TemplateDef = personnel.template;
export const managementTemplate: TemplateDef = management.template;

function toRecord(entries: TranslationEntry[]): Record<Tid, Texts> {
  const record: Record<Tid, Texts> = {};
  for (const [tid, texts] of entries) {
    const existing = record[tid];
    if (existing && JSON.stringify(existing) !== JSON.stringify(texts)) {
      throw new Error(`Translation ${tid} is defined twice with different texts`);
    }
    record[tid] = texts;
  }
  return record;
}

/** Every text of the content by tid, in every language. */
export const translations: Record<Tid, Texts> = toRecord([
  ...categoryTranslations,
  ...sharedTranslations,
  ...personnel.translations,
  ...management.translations,
  ...taskTranslations,
]);

function templateTids(template: TemplateDef, into: Set<Tid>): void {
  into.add(template.startTid);
  for (const question of template.questions) {
    into.add(question.titleTid);
    if (question.contentTid) into.add(question.contentTid);
    if (question.type === "GROUP") continue;
    into.add(question.swot.strengthTid);
    into.add(question.swot.weaknessTid);
    into.add(question.swot.opportunityTid);
    if (question.type === "SLIDER") {
      into.add(question.sliderMinTid);
      into.add(question.sliderMaxTid);
    } else {
      for (const choice of question.choices) into.add(choice.nameTid);
    }
  }
}

/** Every tid referenced by the categories, the templates and the suggested tasks. */
export function usedTids(): Set<Tid> {
  const tids = new Set<Tid>();
  for (const category of categories) {
    tids.add(category.nameTid);
    tids.add(category.descriptionTid);
  }
  templateTids(personnelTemplate, tids);
  templateTids(managementTemplate, tids);
  for (const task of staticTasks) {
    tids.add(task.nameTid);
    tids.add(task.descriptionTid);
  }
  return tids;
}
