import { registerProcedures } from "./procedure-inputs";
import { adminRouter } from "./routers/admin";
import { authRouter } from "./routers/auth";
import { demoRouter } from "./routers/demo";
import { publicSurveyRouter } from "./routers/public-survey";
import { reportRouter } from "./routers/report";
import { surveyRouter } from "./routers/survey";
import { surveyResultsRouter } from "./routers/survey-results";
import { surveyShareRouter } from "./routers/survey-share";
import { surveyTemplateRouter } from "./routers/survey-template";
import { teamRouter } from "./routers/team";
import { tenantRouter } from "./routers/tenant";
import { userRouter } from "./routers/user";
import { createCallerFactory, router } from "./trpc";

/** Domains to come: task, party, message, billing, financials. */
export const appRouter = router({
  auth: authRouter,
  user: userRouter,
  tenant: tenantRouter,
  admin: adminRouter,
  demo: demoRouter,
  publicSurvey: publicSurveyRouter,
  surveyResults: surveyResultsRouter,
  team: teamRouter,
  survey: surveyRouter,
  surveyShare: surveyShareRouter,
  surveyTemplate: surveyTemplateRouter,
  report: reportRouter,
});

registerProcedures(appRouter);

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
