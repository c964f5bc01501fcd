import {
  LANGUAGES,
  type Language,
  type QuestionType,
  renumberTemplate,
  SLIDER_DEFAULTS,
  type SurveyType,
  TEMP_KEY_PREFIX,
  type TemplateIssue,
  type TSurveyTemplateInput,
  templateIssues,
} from "@kunto/core";

/** The survey template editor's model (document 2 §3-§5), kept apart from the screen so it is testable. */
export type Texts = Record<Language, string>;

export interface EditorChoice {
  key: string;
  name: Texts;
  value: number | "";
}

export interface EditorQuestion {
  /** The saved key, or a client-only TMP_ key for a new question (document 2 §3 tempKey). */
  key: string;
  type: QuestionType | null;
  group: string | null;
  category: string | null;
  title: Texts;
  content: Texts;
  sliderMin: number | "";
  sliderMax: number | "";
  sliderStep: number | "";
  sliderMinText: Texts;
  sliderMaxText: Texts;
  choiceList: EditorChoice[];
}

export interface EditorTemplate {
  type: SurveyType | null;
  welcome: boolean;
  autojump: boolean;
  start: Texts;
  questions: EditorQuestion[];
}

export const emptyTexts = (): Texts => ({ en: "", fi: "", ee: "", ru: "", pl: "" });

let counter = 0;
export const tempKey = (): string =>
  `${TEMP_KEY_PREFIX}${Date.now().toString(36)}${(counter++).toString(36)}`;

/** Welcome and autojump default on (document 2 §9). */
export const newTemplate = (): EditorTemplate => ({
  type: null,
  welcome: true,
  autojump: true,
  start: emptyTexts(),
  questions: [],
});

export function newQuestion(type: QuestionType | null, group: string | null = null): EditorQuestion {
  return {
    key: tempKey(),
    type,
    group: type === "GROUP" ? null : group,
    category: null,
    title: emptyTexts(),
    content: emptyTexts(),
    sliderMin: type === "SLIDER" ? SLIDER_DEFAULTS.min : "",
    sliderMax: type === "SLIDER" ? SLIDER_DEFAULTS.max : "",
    sliderStep: type === "SLIDER" ? SLIDER_DEFAULTS.step : "",
    sliderMinText: emptyTexts(),
    sliderMaxText: emptyTexts(),
    choiceList: [],
  };
}

/**
 * Choosing a type (document 2 §4): GROUP clears the question's group (and cannot be chosen inside
 * a group); SLIDER clears the slider's min, max, step and label texts for the admin to fill in.
 */
export function changeType(question: EditorQuestion, type: QuestionType): EditorQuestion {
  if (type === question.type) return question;
  if (type === "GROUP" && question.group) return question;
  const next: EditorQuestion = { ...question, type };
  if (type === "GROUP") {
    next.group = null;
    next.category = null;
  }
  if (type === "SLIDER") {
    next.sliderMin = "";
    next.sliderMax = "";
    next.sliderStep = "";
    next.sliderMinText = emptyTexts();
    next.sliderMaxText = emptyTexts();
  }
  return next;
}

type ServerTexts = Texts | null;
interface ServerQuestion {
  key: string;
  type: QuestionType;
  group: string | null;
  category: string | null;
  title: Texts;
  content: ServerTexts;
  sliderMin: number | null;
  sliderMax: number | null;
  sliderStep: number | null;
  sliderMinText: ServerTexts;
  sliderMaxText: ServerTexts;
  choiceList: Array<{ key: string; name: Texts; value: number }>;
}

/**
 * The server sends every language filled (a missing one as English); the editor shows a language
 * equal to English as empty, with English as its placeholder, so a translator sees what is missing.
 */
function fromServerTexts(texts: ServerTexts): Texts {
  if (!texts) return emptyTexts();
  const out = { ...texts };
  for (const l of LANGUAGES) if (l !== "en" && out[l] === out.en) out[l] = "";
  return out;
}

export function fromServer(template: {
  type: SurveyType;
  welcome: boolean;
  autojump: boolean;
  start: Texts;
  questions: ServerQuestion[];
}): EditorTemplate {
  return {
    type: template.type,
    welcome: template.welcome,
    autojump: template.autojump,
    start: fromServerTexts(template.start),
    questions: template.questions.map((q) => ({
      key: q.key,
      type: q.type,
      group: q.group,
      category: q.category,
      title: fromServerTexts(q.title),
      content: fromServerTexts(q.content),
      sliderMin: q.sliderMin ?? "",
      sliderMax: q.sliderMax ?? "",
      sliderStep: q.sliderStep ?? "",
      sliderMinText: fromServerTexts(q.sliderMinText),
      sliderMaxText: fromServerTexts(q.sliderMaxText),
      choiceList: q.choiceList.map((c) => ({ key: c.key, name: fromServerTexts(c.name), value: c.value })),
    })),
  };
}

const textsOrNull = (texts: Texts) => (texts.en.trim() ? texts : null);
const num = (value: number | "") => (value === "" ? null : value);

/** What the checks and the server see: orders renumbered 10, 20, 30 and choices 10, 20 (document 2 §5). */
export function toBody(
  model: EditorTemplate,
): Omit<TSurveyTemplateInput, "type"> & { type: SurveyType | null } {
  return {
    type: model.type,
    welcome: model.welcome,
    autojump: model.autojump,
    start: model.start,
    questions: renumberTemplate(
      model.questions.map((q) => ({
        key: q.key,
        type: q.type ?? "SLIDER",
        group: q.type === "GROUP" ? null : q.group,
        category: q.type === "GROUP" ? null : q.category,
        title: q.title,
        content: textsOrNull(q.content),
        sliderMin: q.type === "SLIDER" ? num(q.sliderMin) : null,
        sliderMax: q.type === "SLIDER" ? num(q.sliderMax) : null,
        sliderStep: q.type === "SLIDER" ? num(q.sliderStep) : null,
        sliderMinText: q.type === "SLIDER" ? textsOrNull(q.sliderMinText) : null,
        sliderMaxText: q.type === "SLIDER" ? textsOrNull(q.sliderMaxText) : null,
        choiceList:
          q.type === "CHOICE_SINGLE"
            ? q.choiceList.map((c) => ({
                key: c.key,
                name: c.name,
                value: c.value === "" ? Number.NaN : c.value,
              }))
            : [],
      })),
    ),
  };
}

/** The rules of document 2 §5 on the model, the same ones the server runs. */
export function editorIssues(model: EditorTemplate): TemplateIssue[] {
  const issues: TemplateIssue[] = [];
  if (!model.type) issues.push({ path: ["type"], key: "type_error" });
  const body = toBody(model);
  const checked = templateIssues({
    start: body.start,
    questions: (body.questions ?? []).map((q, i) => ({ ...q, type: model.questions[i]?.type ?? null })),
  });
  // An empty choice value fails like a duplicate: every choice needs its own number.
  model.questions.forEach((q, i) => {
    if (q.type === "CHOICE_SINGLE" && q.choiceList.some((c) => c.value === ""))
      if (!checked.some((c) => c.path[1] === i && c.path[2] === "choiceList"))
        checked.push({ path: ["questions", i, "choiceList"], key: "survey_template_choices_invalid" });
  });
  return [...issues, ...checked];
}

/** Issues of one question, by its position. */
export const issuesOf = (issues: TemplateIssue[], index: number) =>
  issues.filter((issue) => issue.path[0] === "questions" && issue.path[1] === index);

/** Engine names no question measures yet: advice (document 2: one question per category is needed). */
export function missingCategories(model: EditorTemplate, categories: readonly string[]): string[] {
  const linked = new Set(model.questions.map((q) => q.category));
  return categories.filter((name) => !linked.has(name));
}

/** Moves the question at `index` one place up or down. */
export function move<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (target < 0 || target >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(index, 1);
  if (item !== undefined) next.splice(target, 0, item);
  return next;
}

/** Removing a group releases the questions under it. */
export function removeQuestion(questions: readonly EditorQuestion[], index: number): EditorQuestion[] {
  const removed = questions[index];
  return questions
    .filter((_, i) => i !== index)
    .map((q) => (removed && q.group === removed.key ? { ...q, group: null } : q));
}
