export type { FakeAddress, FakeCompany, FakeStatement } from "./data";
export { defaultCompanies, statementsFor } from "./data";
export type { FakeDnb, FakeDnbCall, FakeDnbOptions, ForcedFailure } from "./server";
export { startFakeDnb } from "./server";
