export { afterAnswer, backgroundWorkDone } from "./background";
export type { ApiConfig, Context, CookieJar, Logger } from "./context";
export { errorKeyOf } from "./errors";
export { openApiDocument } from "./openapi";
export { exampleOf } from "./openapi-examples";
export { OPERATION_ERROR_KEYS } from "./operation-errors";
export { type AppRouter, appRouter, createCaller } from "./root";
export type { TReport } from "./routers/report-schemas";
export { createSandbox, removeExpiredSandboxes, SANDBOX_TABLES } from "./services/demo-sandbox";
export { listMembers } from "./services/members";
export { refreshNotifications } from "./services/notifications";
export { hashBrowserToken, loadTemplate, publicSurvey, submitResponse } from "./services/responses";
export {
  processSurveyInvitations,
  queueSurveyInvitationMails,
  syncSurveyInvitationStates,
} from "./services/survey-invitations";
export { sendSurveyMails } from "./services/survey-mails";
export { sealStoredTotpSecrets } from "./services/totp";
