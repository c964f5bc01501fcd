import { describe, expect, it } from "vitest";
import {
  boardColumns,
  type Category,
  filterTasks,
  hasFilters,
  splitColumns,
  type Task,
  teamOptions,
} from "./task-model";

const task = (overrides: Partial<Task>): Task =>
  ({
    id: "t1",
    type: "report",
    topCategory: "leadership",
    status: null,
    priority: "MEDIUM",
    year: 2026,
    voteCount: 0,
    userInCharge: null,
    team: null,
    ...overrides,
  }) as Task;

const category = (engineName: string): Category =>
  ({ engineName, level: 1, name: { en: engineName } }) as unknown as Category;

describe("teamOptions (issue 18.7)", () => {
  it("lists the organisation's teams, though no task names them, by name", () => {
    expect(
      teamOptions(
        [
          { key: "office", name: "Office" },
          { key: "logistics", name: "Logistics" },
        ],
        [],
      ),
    ).toEqual([
      { value: "logistics", label: "Logistics" },
      { value: "office", label: "Office" },
    ]);
  });

  it("adds a team a task names that the list lacks, once", () => {
    const tasks = [
      task({ team: { key: "office", name: "Office" } }),
      task({ id: "t2", team: { key: "old", name: "Former team" } }),
      task({ id: "t3", team: { key: "old", name: "Former team" } }),
    ];
    expect(teamOptions([{ key: "office", name: "Office" }], tasks)).toEqual([
      { value: "old", label: "Former team" },
      { value: "office", label: "Office" },
    ]);
  });

  it("falls back to the tasks' teams without the organisation's list", () => {
    expect(teamOptions(undefined, [task({ team: { key: "office", name: "Office" } }), task({})])).toEqual([
      { value: "office", label: "Office" },
    ]);
  });
});

describe("hasFilters", () => {
  it("is false for no filter and for empty lists", () => {
    expect(hasFilters({})).toBe(false);
    expect(hasFilters({ categories: [], teams: [] })).toBe(false);
  });

  it("is true for any list or switch", () => {
    expect(hasFilters({ teams: ["office"] })).toBe(true);
    expect(hasFilters({ years: ["2026"] })).toBe(true);
    expect(hasFilters({ own: true })).toBe(true);
    expect(hasFilters({ hideDone: true })).toBe(true);
  });

  it("agrees with filterTasks: a team filter on tasks without teams lets nothing through", () => {
    const search = { teams: ["office"] };
    expect(hasFilters(search)).toBe(true);
    expect(filterTasks([task({})], search, "me")).toEqual([]);
  });
});

describe("splitColumns", () => {
  it("puts the two help types apart from the improvement areas", () => {
    const columns = boardColumns(
      [category("leadership"), category("cooperation")],
      [task({}), task({ id: "t2", type: "personnel_help", topCategory: null })],
    );
    const { areas, help } = splitColumns(columns);
    expect(areas.map((c) => c.key)).toEqual(["leadership", "cooperation"]);
    expect(help.map((c) => c.key)).toEqual(["personnel_help", "management_help"]);
    expect(help[0]?.tasks).toHaveLength(1);
  });

  it("keeps a column of an unknown category among the areas", () => {
    const { areas, help } = splitColumns(boardColumns([], [task({ topCategory: null })]));
    expect(areas.map((c) => c.key)).toEqual(["other"]);
    expect(help).toHaveLength(2);
  });
});
