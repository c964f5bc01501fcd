// The benchmark's server entry (`pnpm bench`, tooling/bench/server.ts): the production server with
// the benchmark's fixture routes added. Built to dist/bench.js only by `node build.mjs --bench`; the
// production entry (src/main.ts) never imports these routes.
import { runServer } from "../src/server";
import { addPartyBenchRoutes } from "./party-routes";
import { addReportBenchRoutes } from "./report-routes";
import { addBenchRoutes, addSurveyBenchRoutes, addTaskBenchRoutes } from "./routes";
import { addScaleBenchRoutes } from "./scale-routes";
import { addWorkTaskBenchRoutes } from "./worktask-routes";

runServer({
  extend: (app, db, system) => {
    addBenchRoutes(app, db);
    addSurveyBenchRoutes(app, db);
    addTaskBenchRoutes(app, db);
    addReportBenchRoutes(app, db);
    addPartyBenchRoutes(app, db);
    addWorkTaskBenchRoutes(app, db);
    addScaleBenchRoutes(app, db, system);
  },
});
