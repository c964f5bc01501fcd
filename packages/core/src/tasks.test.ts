import { describe, expect, it } from "vitest";
import { compareTasks, dueDateColor, percentDone, progressColor, taskYears } from "./tasks";

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
