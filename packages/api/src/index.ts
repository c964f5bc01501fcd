export { listMembers } from "./accounts/members";
export { keyMayCall } from "./api-keys/key-access";
export { afterAnswer, backgroundWorkDone } from "./background";
export { receiveStripeEvent } from "./billing/webhook";
export type { ApiConfig, ApiLimits, BillingConfig, Context, CookieJar, Logger } from "./context";
export { createSandbox, removeExpiredSandboxes, SANDBOX_TABLES } from "./demo/demo-sandbox";
export { seed } from "./demo/seed";
export { seedFinancials } from "./demo/seed-financials";
export { errorKeyOf } from "./errors";
export { DnbClient, type DnbConfig, dnbProvider } from "./financials/dnb";
export { type FinancialFetchJob, queuedFetches, runFinancialFetch } from "./financials/fetch-job";
export { FINANCIAL_FETCH_CHANNEL, providerOf } from "./financials/financials";
export { type FinancialsProvider, ProviderError, type StatementRecord } from "./financials/provider";
export { sealStoredTotpSecrets } from "./identity/totp";
export { refreshNotifications, SANDBOX_GOING_MS } from "./notifications/notifications";
export { openApiDocument } from "./openapi";
export { exampleOf } from "./openapi-examples";
export { OPERATION_ERROR_KEYS } from "./operation-errors";
export { DEFAULT_LIMITS, limitsOf, retryAfterHeaders } from "./rate-limits";
export type { TReport } from "./reports/schemas";
export {
  hashBrowserToken,
  loadTemplate,
  publicSurvey,
  submitResponse,
  validateAnswers,
} from "./responses/responses";
export { type AppRouter, appRouter, createCaller } from "./root";
export {
  processSurveyInvitations,
  queueSurveyInvitationMails,
  syncSurveyInvitationStates,
} from "./surveys/survey-invitations";
export { sendSurveyMails } from "./surveys/survey-mails";
export {
  attemptDelivery,
  type DeliveryJob,
  markQueued,
  type UnqueuedRound,
  unqueuedRounds,
  WEBHOOK_RETRY_DELAY_MAX_SECONDS,
  WEBHOOK_RETRY_DELAY_SECONDS,
  WEBHOOK_RETRY_LIMIT,
} from "./webhooks/deliver";
export { WEBHOOK_CHANNEL } from "./webhooks/events";
export { sealStoredWebhookSecrets } from "./webhooks/secrets";
export { scanSurveyEvents } from "./webhooks/survey-events";
