import { describe, expect, it } from "vitest";
import {
  compareTasks,
  dueDateColor,
  isHelpType,
  NO_ASSIGNEE,
  percentDone,
  priorityColor,
  progressColor,
  taskYears,
} from "./tasks";

describe("task board rules (document 3 §2, §4)", () => {
  it("colours progress: below 33 error, below 66 warning, else success", () => {
    expect([0, 32, 33, 65, 66, 100].map(progressColor)).toEqual([
      "error",
      "error",
      "warning",
      "warning",
      "success",
      "success",
    ]);
    expect(percentDone([])).toBe(0);
    expect(percentDone([{ status: "DONE" }, { status: null }, { status: null }])).toBe(33);
  });

  it("sorts open before done, then HIGH, MEDIUM, LOW", () => {
    const tasks = [
      { id: "a", status: "DONE" as const, priority: "HIGH" as const },
      { id: "b", status: null, priority: "LOW" as const },
      { id: "c", status: null, priority: "HIGH" as const },
      { id: "d", status: null, priority: "MEDIUM" as const },
    ];
    expect([...tasks].sort(compareTasks).map((t) => t.id)).toEqual(["c", "d", "b", "a"]);
  });

  it("colours due dates: done success, past error, within 7 days warning, else info", () => {
    const today = "2026-11-25";
    expect(dueDateColor({ status: "DONE", dueDate: "2026-01-01" }, today)).toBe("success");
    expect(dueDateColor({ status: null, dueDate: "2026-11-24" }, today)).toBe("error");
    expect(dueDateColor({ status: null, dueDate: "2026-12-02" }, today)).toBe("warning");
    expect(dueDateColor({ status: null, dueDate: "2026-12-03" }, today)).toBe("info");
    expect(dueDateColor({ status: null, dueDate: null }, today)).toBe("info");
  });

  it("offers this year, next year and every creation year", () => {
    expect(taskYears(2026, [2024, 2026, 2024])).toEqual([2024, 2026, 2027]);
  });
});

describe("task board rules: the second condition of each (issue 17.8, 17.9)", () => {
  it("puts a done task after an open one whichever side it is compared from", () => {
    const done = { status: "DONE" as const, priority: "HIGH" as const };
    const open = { status: null, priority: "LOW" as const };
    expect(compareTasks(done, open)).toBeGreaterThan(0);
    expect(compareTasks(open, done)).toBeLessThan(0);
    expect(compareTasks(done, { ...done })).toBe(0);
  });

  it("colours a task due today as a warning, not as past due, and an empty due date as none", () => {
    const today = "2026-11-25";
    expect(dueDateColor({ status: null, dueDate: today }, today)).toBe("warning");
    expect(dueDateColor({ status: null, dueDate: "" }, today)).toBe("info");
  });

  it("rounds the share of done tasks to whole percent", () => {
    expect(percentDone([{ status: "DONE" }, { status: "DONE" }, { status: null }])).toBe(67);
    expect(percentDone([{ status: "DONE" }])).toBe(100);
  });

  it("colours priorities: LOW info, MEDIUM warning, HIGH error", () => {
    expect(priorityColor("LOW")).toBe("info");
    expect(priorityColor("MEDIUM")).toBe("warning");
    expect(priorityColor("HIGH")).toBe("error");
  });

  it("knows the help task types", () => {
    expect(isHelpType("personnel_help")).toBe(true);
    expect(isHelpType("management_help")).toBe(true);
    expect(isHelpType("manual")).toBe(false);
    expect(isHelpType("report")).toBe(false);
  });

  it("filters for tasks without an assignee with the id -1 (document 3 §2)", () => {
    expect(NO_ASSIGNEE).toBe("-1");
  });
});
