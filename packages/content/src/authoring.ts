/**
 * Helpers that turn the authored content (texts side by side in every language) into the
 * exported definitions (which refer to texts only by tid) plus their translation entries.
 * Tids are derived from stable slugs, so reordering content never changes a tid.
 */
import { AGREEMENT_SCALE, FREQUENCY_CHOICES } from "./shared-texts";
import type {
  ChoiceQuestionDef,
  HelpTaskDef,
  HelpTaskType,
  QuestionCategoryName,
  QuestionDef,
  ReportTaskDef,
  SliderQuestionDef,
  SurveyType,
  SwotTids,
  SwotType,
  TaskCategoryName,
  TaskPriority,
  TemplateDef,
  TemplateKey,
  Texts,
  Tid,
  TranslationEntry,
} from "./types";

/** A scored question as authored: `agree` is a 0..10 agreement slider, `frequency` a Never..Always choice. */
export interface ItemSource {
  /** Stable question key, unique within the template. */
  key: string;
  /** Stable part of the tids: `q.{template}.{category}.{slug}.title` etc. */
  slug: string;
  kind: "agree" | "frequency";
  title: Texts;
  /** Optional help text shown under the title. */
  help?: Texts;
  strength: Texts;
  weakness: Texts;
  opportunity: Texts;
}

/** The questions of one template that measure one category. */
export interface SectionSource {
  category: QuestionCategoryName;
  items: ItemSource[];
}

/** A GROUP heading and the sections under it. */
export interface GroupSource {
  key: string;
  slug: string;
  title: Texts;
  sections: SectionSource[];
}

export interface TemplateSource {
  key: TemplateKey;
  type: SurveyType;
  /** First part of the template's tids after `q.` (and after `template.` for the welcome text). */
  tidPrefix: string;
  welcome: Texts;
  groups: GroupSource[];
}

export interface BuiltTemplate {
  template: TemplateDef;
  translations: TranslationEntry[];
}

const ORDER_STEP = 10;

export function buildTemplate(source: TemplateSource): BuiltTemplate {
  const questions: QuestionDef[] = [];
  const translations: TranslationEntry[] = [];
  const startTid = `template.${source.tidPrefix}.welcome`;
  translations.push([startTid, source.welcome]);

  for (const group of source.groups) {
    const groupTid = `q.${source.tidPrefix}.group.${group.slug}.title`;
    translations.push([groupTid, group.title]);
    questions.push({
      key: group.key,
      type: "GROUP",
      order: (questions.length + 1) * ORDER_STEP,
      group: null,
      category: null,
      titleTid: groupTid,
      contentTid: null,
    });

    for (const section of group.sections) {
      for (const item of section.items) {
        const base = `q.${source.tidPrefix}.${section.category}.${item.slug}`;
        const titleTid = `${base}.title`;
        const swot: SwotTids = {
          strengthTid: `${base}.strength`,
          weaknessTid: `${base}.weakness`,
          opportunityTid: `${base}.opportunity`,
        };
        translations.push(
          [titleTid, item.title],
          [swot.strengthTid, item.strength],
          [swot.weaknessTid, item.weakness],
          [swot.opportunityTid, item.opportunity],
        );
        let contentTid: Tid | null = null;
        if (item.help) {
          contentTid = `${base}.content`;
          translations.push([contentTid, item.help]);
        }
        const common = {
          key: item.key,
          order: (questions.length + 1) * ORDER_STEP,
          group: group.key,
          category: section.category,
          titleTid,
          contentTid,
          swot,
        };
        if (item.kind === "agree") {
          const slider: SliderQuestionDef = {
            ...common,
            type: "SLIDER",
            sliderMin: AGREEMENT_SCALE.min,
            sliderMax: AGREEMENT_SCALE.max,
            sliderStep: AGREEMENT_SCALE.step,
            sliderMinTid: AGREEMENT_SCALE.minTid,
            sliderMaxTid: AGREEMENT_SCALE.maxTid,
          };
          questions.push(slider);
        } else {
          const choice: ChoiceQuestionDef = {
            ...common,
            type: "CHOICE_SINGLE",
            choices: FREQUENCY_CHOICES.map((c, index) => ({
              key: `${item.key}-${c.slug}`,
              nameTid: c.tid,
              value: c.value,
              order: (index + 1) * ORDER_STEP,
            })),
          };
          questions.push(choice);
        }
      }
    }
  }

  const template: TemplateDef = {
    key: source.key,
    type: source.type,
    version: 1,
    startTid,
    welcome: true,
    autojump: true,
    active: true,
    questions,
  };
  return { template, translations };
}

/** A suggested report task as authored. */
export interface TaskSource {
  swot: SwotType;
  priority: TaskPriority;
  /** At most 80 characters. */
  name: Texts;
  /** One to three sentences. */
  description: Texts;
}

export interface BuiltTasks<T> {
  tasks: T[];
  translations: TranslationEntry[];
}

const kebab = (value: string): string => value.replaceAll("_", "-");

/**
 * Report tasks of one category, numbered per SWOT type in the order given:
 * key `task-{category}-{swot}-{n}`, tids `task.{category}.{swot}.{n}.name|description`.
 * Append new tasks at the end of their SWOT type to keep existing keys stable.
 */
export function buildReportTasks(
  category: TaskCategoryName,
  sources: TaskSource[],
): BuiltTasks<ReportTaskDef> {
  const counters: Record<SwotType, number> = { strength: 0, weakness: 0, opportunity: 0 };
  const tasks: ReportTaskDef[] = [];
  const translations: TranslationEntry[] = [];
  for (const source of sources) {
    counters[source.swot] += 1;
    const n = counters[source.swot];
    const base = `task.${category}.${source.swot}.${n}`;
    const task: ReportTaskDef = {
      key: `task-${kebab(category)}-${source.swot}-${n}`,
      type: "report",
      category,
      swotType: source.swot,
      priority: source.priority,
      nameTid: `${base}.name`,
      descriptionTid: `${base}.description`,
    };
    tasks.push(task);
    translations.push([task.nameTid, source.name], [task.descriptionTid, source.description]);
  }
  return { tasks, translations };
}

/** A help task as authored (no category, no SWOT type). */
export type HelpTaskSource = Omit<TaskSource, "swot">;

/** Help tasks numbered in the order given: key `task-{type}-{n}`, tids `task.{type}.{n}.name|description`. */
export function buildHelpTasks(type: HelpTaskType, sources: HelpTaskSource[]): BuiltTasks<HelpTaskDef> {
  const tasks: HelpTaskDef[] = [];
  const translations: TranslationEntry[] = [];
  sources.forEach((source, index) => {
    const base = `task.${type}.${index + 1}`;
    const task: HelpTaskDef = {
      key: `task-${kebab(type)}-${index + 1}`,
      type,
      category: null,
      swotType: null,
      priority: source.priority,
      nameTid: `${base}.name`,
      descriptionTid: `${base}.description`,
    };
    tasks.push(task);
    translations.push([task.nameTid, source.name], [task.descriptionTid, source.description]);
  });
  return { tasks, translations };
}
