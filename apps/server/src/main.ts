// `npm start` and `pnpm dev`: the production server (apps/server/src/server.ts), nothing added.
import { runServer } from "./server";

runServer();
