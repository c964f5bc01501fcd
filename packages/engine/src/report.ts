import type { Aggregates } from "./aggregates";
import { DEFAULT_ANONYMITY_THRESHOLD, validateAnonymityThreshold } from "./anonymity";
import { comparable } from "./bands";
import { INPUT_MAP_AXES } from "./default-tree";
import type { CategoryTree, TemplateQuestion } from "./model";
import { parseAggregates } from "./parse-aggregates";
import { computeSide, sideValue } from "./report-side";
import type { InputMapAxis, Report, SideReport } from "./report-types";
import { prepareTemplate } from "./template";

/** A gap between personnel and management above this many points adds a weakness note. */
export const INPUT_MAP_GAP_LIMIT = 40;

export interface ComputeReportInput {
  readonly tree: CategoryTree;
  /** The personnel template's questions (and the management one's unless given below). */
  readonly questions: readonly TemplateQuestion[];
  /** The management template's questions, when it differs from the personnel template. */
  readonly managementQuestions?: readonly TemplateQuestion[];
  readonly personnel: Aggregates;
  readonly management: Aggregates | null;
  /** Integer in 3..10; applies to personnel only. */
  readonly anonymityThreshold?: number;
}

function inputMap(personnel: SideReport, management: SideReport | null): InputMapAxis[] {
  return INPUT_MAP_AXES.map((axis) => {
    const p = sideValue(personnel, axis);
    const m = sideValue(management, axis);
    const gap = p === null || m === null ? null : Math.abs(p - m);
    return {
      axis,
      personnel: p,
      management: m,
      gap,
      weaknessNote: gap !== null && comparable(gap) > INPUT_MAP_GAP_LIMIT,
    };
  });
}

/**
 * The report of a selection from its aggregates. Its cost depends on the numbers of categories
 * and questions only. Throws EngineError for an invalid tree, template, threshold or aggregates.
 */
export function computeReport(input: ComputeReportInput): Report {
  const threshold = validateAnonymityThreshold(input.anonymityThreshold ?? DEFAULT_ANONYMITY_THRESHOLD);
  // Aggregates typically come from storage, so their numbers are checked rather than trusted.
  const personnelAggregates = parseAggregates(input.personnel);
  const managementAggregates = input.management === null ? null : parseAggregates(input.management);

  const personnelTemplate = prepareTemplate(input.tree, input.questions);
  const personnel = computeSide(personnelTemplate, personnelAggregates, {
    threshold,
    includeManagementOnly: false,
  });

  let management: SideReport | null = null;
  if (managementAggregates !== null && managementAggregates.respondents > 0) {
    const managementTemplate =
      input.managementQuestions === undefined
        ? personnelTemplate
        : prepareTemplate(input.tree, input.managementQuestions);
    management = computeSide(managementTemplate, managementAggregates, {
      threshold: null,
      includeManagementOnly: true,
    });
  }

  return {
    anonymityThreshold: threshold,
    personnel,
    management,
    inputMap: inputMap(personnel, management),
    metadata: {
      answers: {
        personnel: personnelAggregates.respondents,
        management: managementAggregates?.respondents ?? 0,
      },
    },
  };
}
