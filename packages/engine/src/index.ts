export {
  type Aggregates,
  addRespondent,
  aggregateRespondents,
  emptyAggregates,
  mergeAggregates,
} from "./aggregates";
export {
  type BreakdownDecision,
  type BreakdownReason,
  type BreakdownVisibility,
  DEFAULT_ANONYMITY_THRESHOLD,
  MAX_ANONYMITY_THRESHOLD,
  MIN_ANONYMITY_THRESHOLD,
  suppressBreakdowns,
  validateAnonymityThreshold,
} from "./anonymity";
export { type Band, type BandBounds, bandFor, DEFAULT_BOUNDS, type ScoredBand, WIDE_BOUNDS } from "./bands";
export {
  CULTURE_TYPES,
  type CultureShares,
  culturePercentages,
  cultureShares,
  roundByLargestRemainder,
} from "./culture";
export {
  CATEGORY,
  DEFAULT_CATEGORY_TREE,
  type DefaultCategoryName,
  FITNESS_AREAS,
  INPUT_MAP_AXES,
} from "./default-tree";
export { EngineError, type EngineErrorCode, isEngineError } from "./errors";
export type {
  CategoryNode,
  CategoryTree,
  Choice,
  ChoiceQuestion,
  GroupQuestion,
  RawAnswer,
  RawAnswers,
  ScorableQuestion,
  SliderQuestion,
  SubcategoryNode,
  TemplateQuestion,
} from "./model";
export { type Moments, momentsMean, momentsSd } from "./moments";
export { normaliseAnswer } from "./normalise";
export { parseAggregates } from "./parse-aggregates";
export { type ComputeReportInput, computeReport, INPUT_MAP_GAP_LIMIT } from "./report";
export type {
  CategoryReport,
  CultureReport,
  FitnessIndex,
  InputMapAxis,
  ItemStatus,
  QuestionReport,
  Report,
  ScoreResult,
  SideReport,
  SubcategoryReport,
  ValueBand,
} from "./report-types";
export { type Contributions, scoreRespondent } from "./respondent";
export { type CategoryInfo, type PreparedQuestion, type PreparedTemplate, prepareTemplate } from "./template";
