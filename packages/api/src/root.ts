import { registerProcedures } from "./procedure-inputs";
import { adminRouter } from "./routers/admin";
import { authRouter } from "./routers/auth";
import { demoRouter } from "./routers/demo";
import { surveyTemplateRouter } from "./routers/survey-template";
import { tenantRouter } from "./routers/tenant";
import { userRouter } from "./routers/user";
import { createCallerFactory, router } from "./trpc";

/** Domains to come: survey, report, task, party, message, billing, financials. */
export const appRouter = router({
  auth: authRouter,
  user: userRouter,
  tenant: tenantRouter,
  admin: adminRouter,
  demo: demoRouter,
  surveyTemplate: surveyTemplateRouter,
});

registerProcedures(appRouter);

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
