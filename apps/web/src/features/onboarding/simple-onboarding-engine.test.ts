import { describe, expect, it } from "vitest";
import { runSimpleOnboarding, type SimpleOnboardingCalls } from "./simple-onboarding-engine";

function recorder(existing = false) {
  const calls: Array<[string, unknown]> = [];
  let n = 0;
  const api: SimpleOnboardingCalls = {
    hasExisting: async () => existing,
    createTeam: async (input) => {
      calls.push(["team", input]);
      return { key: `team-${++n}`, name: input.name };
    },
    createSurvey: async (input) => {
      calls.push(["survey", input]);
      return { key: `survey-${++n}` };
    },
    createShare: async (input) => {
      calls.push(["share", input]);
      return {
        key: `share-${++n}`,
        links: [{ teamKey: input.teams[0] ?? "", teamName: input.name, url: "u" }],
      };
    },
  };
  return { api, calls };
}

const options = {
  today: "2026-03-30",
  teamName: (type: string) => (type === "PERSONNEL" ? "Staff" : "Leaders"),
};

describe("the simple onboarding engine (document 2 §4, §7)", () => {
  it("creates a team, a survey and a share of each type with the §7 payloads, in that order", async () => {
    const { api, calls } = recorder();
    const stages: string[] = [];
    const result = await runSimpleOnboarding(api, { ...options, onStage: (s) => stages.push(s) });
    expect(calls).toEqual([
      ["team", { type: "PERSONNEL", name: "Staff", description: null, answerers: [] }],
      ["team", { type: "MANAGEMENT", name: "Leaders", description: null, answerers: [] }],
      [
        "survey",
        {
          type: "PERSONNEL",
          start: "2026-03-30",
          end: "2026-04-04",
          notifications: "WEEKLY",
          estimatedAnswerers: 10,
          name: null,
        },
      ],
      [
        "survey",
        {
          type: "MANAGEMENT",
          start: "2026-03-30",
          end: "2026-04-04",
          notifications: "WEEKLY",
          estimatedAnswerers: 10,
          name: null,
        },
      ],
      ["share", { name: "Staff", surveyKey: "survey-3", answerers: 10, teams: ["team-1"] }],
      ["share", { name: "Leaders", surveyKey: "survey-4", answerers: 10, teams: ["team-2"] }],
    ]);
    expect(stages).toEqual(["checking", "teams", "surveys", "shares"]);
    expect(result.status === "created" && result.surveys.map((s) => [s.type, s.share.key])).toEqual([
      ["PERSONNEL", "share-5"],
      ["MANAGEMENT", "share-6"],
    ]);
  });

  it("skips everything when a survey or team already exists", async () => {
    const { api, calls } = recorder(true);
    expect(await runSimpleOnboarding(api, options)).toEqual({ status: "skipped" });
    expect(calls).toEqual([]);
  });

  it("runs a supplied tasks step with a due date 30 days on, and only logs its failure", async () => {
    const { api } = recorder();
    const seen: unknown[] = [];
    const logged: unknown[] = [];
    const result = await runSimpleOnboarding(
      {
        ...api,
        generateTasks: async (surveys, due) => {
          seen.push(surveys.length, due);
          throw new Error("tasks down");
        },
      },
      { ...options, log: (e) => logged.push(e) },
    );
    expect(seen).toEqual([2, "2026-04-29"]);
    expect(logged).toHaveLength(1);
    expect(result.status).toBe("created");
  });

  it("stops at a failed creation, so the caller can show the error state and retry", async () => {
    const { api } = recorder();
    await expect(
      runSimpleOnboarding({ ...api, createSurvey: async () => Promise.reject(new Error("down")) }, options),
    ).rejects.toThrow("down");
  });
});
