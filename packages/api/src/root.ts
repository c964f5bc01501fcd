import { tenantRouter } from "./accounts/router";
import { adminRouter } from "./admin/router";
import { apiKeyRouter } from "./api-keys/router";
import { auditRouter } from "./audit-log/router";
import { billingRouter } from "./billing/router";
import { categoryRouter, staticTaskRouter } from "./categories/router";
import { dashboardRouter } from "./dashboard/router";
import { demoRouter } from "./demo/router";
import { financialRouter } from "./financials/router";
import { authRouter } from "./identity/router";
import { itemRouter } from "./items/router";
import { messageCenterRouter } from "./messages/router";
import { notificationRouter } from "./notifications/router";
import { personRouter } from "./parties/person-router";
import { partyRouter } from "./parties/router";
import { registerProcedures } from "./procedure-inputs";
import { surveyResultsRouter } from "./reports/results-router";
import { reportRouter } from "./reports/router";
import { publicSurveyRouter } from "./responses/router";
import { surveyTemplateRouter } from "./survey-templates/router";
import { surveyRouter } from "./surveys/router";
import { surveyShareRouter } from "./surveys/share-router";
import { taskRouter } from "./tasks/router";
import { publicTaskVotingRouter, taskVoteRouter } from "./tasks/vote-router";
import { teamRouter } from "./teams/router";
import { translationRouter } from "./translations/router";
import { createCallerFactory, router } from "./trpc";
import { userRouter } from "./users/router";
import { webhookRouter } from "./webhooks/router";
import { helloRouter, workTaskRouter } from "./worktasks/router";

/** Domains to come: party, message, financials. */
export const appRouter = router({
  auth: authRouter,
  user: userRouter,
  tenant: tenantRouter,
  admin: adminRouter,
  audit: auditRouter,
  demo: demoRouter,
  publicSurvey: publicSurveyRouter,
  surveyResults: surveyResultsRouter,
  team: teamRouter,
  // Before survey: GET /tenant/survey/dashboard would otherwise match /tenant/survey/{key}.
  dashboard: dashboardRouter,
  survey: surveyRouter,
  surveyShare: surveyShareRouter,
  surveyTemplate: surveyTemplateRouter,
  notification: notificationRouter,
  task: taskRouter,
  taskVote: taskVoteRouter,
  publicTaskVoting: publicTaskVotingRouter,
  category: categoryRouter,
  staticTask: staticTaskRouter,
  apiKey: apiKeyRouter,
  webhook: webhookRouter,
  financial: financialRouter,
  billing: billingRouter,
  messageCenter: messageCenterRouter,
  translation: translationRouter,
  report: reportRouter,
  party: partyRouter,
  person: personRouter,
  workTask: workTaskRouter,
  hello: helloRouter,
  item: itemRouter,
});

registerProcedures(appRouter);

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
