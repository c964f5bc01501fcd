import { registerProcedures } from "./procedure-inputs";
import { adminRouter } from "./routers/admin";
import { authRouter } from "./routers/auth";
import { categoryRouter, staticTaskRouter } from "./routers/category";
import { dashboardRouter } from "./routers/dashboard";
import { demoRouter } from "./routers/demo";
import { notificationRouter } from "./routers/notification";
import { publicSurveyRouter } from "./routers/public-survey";
import { reportRouter } from "./routers/report";
import { surveyRouter } from "./routers/survey";
import { surveyResultsRouter } from "./routers/survey-results";
import { surveyShareRouter } from "./routers/survey-share";
import { surveyTemplateRouter } from "./routers/survey-template";
import { taskRouter } from "./routers/task";
import { publicTaskVotingRouter, taskVoteRouter } from "./routers/task-vote";
import { teamRouter } from "./routers/team";
import { tenantRouter } from "./routers/tenant";
import { userRouter } from "./routers/user";
import { createCallerFactory, router } from "./trpc";

/** Domains to come: party, message, billing, financials. */
export const appRouter = router({
  auth: authRouter,
  user: userRouter,
  tenant: tenantRouter,
  admin: adminRouter,
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
  report: reportRouter,
});

registerProcedures(appRouter);

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
