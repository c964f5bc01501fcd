/** Content languages. `ee` is the product's code for Estonian (format dates and numbers as `et`). */
export const LANGUAGES = ["en", "fi", "ee", "ru", "pl"] as const;
export type Language = (typeof LANGUAGES)[number];

/** One text in every content language. */
export type Texts = Record<Language, string>;

/** A translation id: lowercase, dot-separated, at most 200 characters, stable (a database key). */
export type Tid = string;

/** One translation: a tid and its text in every language. */
export type TranslationEntry = readonly [tid: Tid, texts: Texts];

export type SurveyType = "PERSONNEL" | "MANAGEMENT";

/** Engine names of the category tree, in display order. */
export const CATEGORY_NAMES = [
  "efficiency",
  "organization",
  "processes",
  "cooperation",
  "capability",
  "work_ability",
  "know_how",
  "motivation",
  "leadership",
  "culture",
  "culture_direction",
  "culture_autonomy",
  "economy_customers",
] as const;
export type CategoryName = (typeof CATEGORY_NAMES)[number];

/** Categories that have sub-categories; their value is derived from the children. */
export type ParentCategoryName = "efficiency" | "capability" | "culture";

/** Categories that questions are linked to (sub-categories and the leaf top-level categories). */
export type QuestionCategoryName = Exclude<CategoryName, ParentCategoryName>;

const PARENT_CATEGORY_NAMES: readonly CategoryName[] = ["efficiency", "capability", "culture"];
/** The categories questions link to, in display order; economy_customers is management only. */
export const QUESTION_CATEGORY_NAMES = CATEGORY_NAMES.filter(
  (name): name is QuestionCategoryName => !PARENT_CATEGORY_NAMES.includes(name),
);

export interface CategoryDef {
  /** Same as engineName. */
  key: CategoryName;
  engineName: CategoryName;
  /** Engine name of the parent category, null for a top-level category. */
  parent: ParentCategoryName | null;
  /** 10, 20, 30 ... over the whole tree in display order. */
  order: number;
  level: 1 | 2;
  types: SurveyType[];
  nameTid: Tid;
  descriptionTid: Tid;
}

export type QuestionType = "GROUP" | "SLIDER" | "CHOICE_SINGLE";

/** Report wording for a scored question, by the band its value falls in. */
export interface SwotTids {
  strengthTid: Tid;
  weaknessTid: Tid;
  opportunityTid: Tid;
}

export interface ChoiceDef {
  /** Unique within the template. */
  key: string;
  nameTid: Tid;
  /** Normalised between the lowest and highest value of the question; higher is better. */
  value: number;
  /** 10, 20, 30 ... */
  order: number;
}

interface QuestionDefBase {
  /** Stable key, unique within the template (e.g. `p-org-1`). */
  key: string;
  /** 10, 20, 30 ... across the template, groups included. */
  order: number;
  titleTid: Tid;
  /** Optional help text. */
  contentTid: Tid | null;
}

/** A heading that groups the questions after it. */
export interface GroupQuestionDef extends QuestionDefBase {
  type: "GROUP";
  group: null;
  category: null;
}

export interface SliderQuestionDef extends QuestionDefBase {
  type: "SLIDER";
  /** Key of the GROUP question it belongs to. */
  group: string | null;
  category: QuestionCategoryName;
  sliderMin: number;
  sliderMax: number;
  sliderStep: number;
  sliderMinTid: Tid;
  sliderMaxTid: Tid;
  swot: SwotTids;
}

export interface ChoiceQuestionDef extends QuestionDefBase {
  type: "CHOICE_SINGLE";
  /** Key of the GROUP question it belongs to. */
  group: string | null;
  category: QuestionCategoryName;
  choices: ChoiceDef[];
  swot: SwotTids;
}

export type ScoredQuestionDef = SliderQuestionDef | ChoiceQuestionDef;
export type QuestionDef = GroupQuestionDef | ScoredQuestionDef;

export type TemplateKey = "default-personnel" | "default-management";

export interface TemplateDef {
  key: TemplateKey;
  type: SurveyType;
  version: number;
  /** Welcome text shown before the questions. */
  startTid: Tid;
  welcome: boolean;
  autojump: boolean;
  active: boolean;
  questions: QuestionDef[];
}

export type StaticTaskType = "report" | "personnel_help" | "management_help";
export type HelpTaskType = Exclude<StaticTaskType, "report">;
export type SwotType = "strength" | "weakness" | "opportunity";
export type TaskPriority = "HIGH" | "MEDIUM" | "LOW";

/** Categories that have suggested report tasks: every question category and every parent category. */
export type TaskCategoryName = QuestionCategoryName | ParentCategoryName;

interface StaticTaskDefBase {
  /** Stable key (e.g. `task-organization-weakness-1`). */
  key: string;
  priority: TaskPriority;
  nameTid: Tid;
  descriptionTid: Tid;
}

/** A task suggested from a report result: a category and the band (SWOT type) it answers. */
export interface ReportTaskDef extends StaticTaskDefBase {
  type: "report";
  category: TaskCategoryName;
  swotType: SwotType;
}

/** A task the onboarding offers to help run a survey. */
export interface HelpTaskDef extends StaticTaskDefBase {
  type: HelpTaskType;
  category: null;
  swotType: null;
}

export type StaticTaskDef = ReportTaskDef | HelpTaskDef;
