export type { FormObject, FormValue } from "./form";
export { parseForm } from "./form";
export { SEED, seedKunto } from "./seed";
export type { FakeStripe, FakeStripeOptions } from "./server";
export { startFakeStripe } from "./server";
export type {
  ApiCall,
  CustomerInput,
  PriceInput,
  ProductInput,
  PromotionCodeInput,
  TaxRateInput,
} from "./state";
export { API_VERSION, FakeState } from "./state";
export type * from "./types";
export type { Delivery } from "./webhooks";
export { signPayload } from "./webhooks";
