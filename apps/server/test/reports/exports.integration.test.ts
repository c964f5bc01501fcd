import { schema } from "@kunto/db";
import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { csvRows } from "../support/csv";
import {
  type Actor,
  actorFor,
  asOwner,
  connect,
  makeTenant,
  makeUser,
  startServer,
} from "../support/harness";
import { pdfText } from "../support/pdf-text";
import { answeredSurvey } from "../support/reports";
import { type OutputOf, outputOf, rest } from "../support/rest";

/**
 * Issue 17.8: the report exports' second conditions. Every number of the report lands in its own
 * table and row (the fitness index's four rows, each category and subcategory), in the CSV and the
 * XLSX alike and in the language asked for; the PDF prints those numbers, not only the headings;
 * and a CSV cell that a spreadsheet would run as a formula is defused.
 */
const db = connect();
let server: Awaited<ReturnType<typeof startServer>>;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  server = await startServer(db.db);
});
afterAll(async () => {
  await server.close();
  await db.close();
});

type Report = OutputOf<"report.bySurveys">;
type Side = NonNullable<Report["personnel"]>;
type Cell = string | number;
interface Table {
  title: string;
  header: Cell[];
  rows: Cell[][];
}

type Lang = "en" | "fi" | "ru";

/** The fixed words the test expects, per language (written here, not taken from the server's list). */
const WORDS = {
  en: {
    personnel: "Personnel",
    management: "Management",
    survey: "Survey",
    categories: "Categories",
    answers: "Answers",
    bands: { weakness: "Weakness", opportunity: "Opportunity", strength: "Strength", grey: "No data" },
    sheet: "Categories – Personnel",
  },
  fi: {
    personnel: "Henkilöstö",
    management: "Johto",
    survey: "Kysely",
    categories: "Kategoriat",
    answers: "Vastauksia",
    bands: { weakness: "Heikkous", opportunity: "Mahdollisuus", strength: "Vahvuus", grey: "Ei tietoa" },
    sheet: "Kategoriat – Henkilöstö",
  },
  ru: {
    personnel: "Персонал",
    management: "Руководство",
    survey: "Опрос",
    categories: "Категории",
    answers: "Ответов",
    bands: {
      weakness: "Слабая сторона",
      opportunity: "Возможность",
      strength: "Сильная сторона",
      grey: "Нет данных",
    },
    sheet: "Категории – Персонал",
  },
} as const;
const FI = WORDS.fi;
/** Delimiter and decimal mark: semicolon and comma except in English (docs/reports.md Exports). */
const FORMAT = { en: [",", "."], fi: [";", ","], ru: [";", ","] } as const;
const ENGLISH_WORDS = [
  "Company Fitness Index",
  "Categories",
  "Strength",
  "Weakness",
  "Opportunity",
  "Personnel",
];

const round1 = (value: number) => Math.round(value * 10) / 10;
const decimal = (value: number, lang: Lang) => String(round1(value)).replace(".", FORMAT[lang][1]);
/** YYYY-MM-DD of an instant in Helsinki (the survey's days are Helsinki days). */
const helsinkiDay = (iso: string) =>
  new Date(iso).toLocaleDateString("sv-SE", { timeZone: "Europe/Helsinki" }).slice(0, 10);

/** A figure of a side as the exports must give it: category (its parent for a subcategory), value, band. */
interface Figure {
  category: string;
  subcategory: string;
  value: number | null;
  band: string;
}
function figuresOf(report: Report, side: Side, lang: Lang): Figure[] {
  const title = (name: string) => report.categories.find((c) => c.name === name)?.title ?? name;
  const figures: Figure[] = [];
  for (const c of side.result.categories) {
    figures.push({
      category: title(c.name),
      subcategory: "",
      value: c.value === null ? null : round1(c.value),
      band: WORDS[lang].bands[c.band],
    });
    for (const s of c.subcategories)
      figures.push({
        category: title(c.name),
        subcategory: title(s.name),
        value: s.value === null ? null : round1(s.value),
        band: WORDS[lang].bands[s.band],
      });
  }
  return figures;
}

/** The CSV's one long table: header and rows, each row as a record by column index. */
function csvTable(text: string, delimiter: string) {
  expect(text.startsWith("\uFEFF")).toBe(true);
  const [header, ...rows] = csvRows(text.slice(1), delimiter);
  expect(header).toHaveLength(15);
  for (const row of rows) expect(row).toHaveLength(15);
  return { header: header ?? [], rows };
}
const COLUMN = {
  section: 0,
  side: 1,
  survey: 2,
  start: 3,
  end: 4,
  targetGroup: 5,
  category: 6,
  subcategory: 7,
};
const NUMBER_COLUMNS = [9, 10, 12, 13];

/** The XLSX's sheets as tables: a title row, a header row and the rows, numbers as numbers. */
async function xlsxTables(data: ArrayBuffer): Promise<Array<Table & { sheet: string }>> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data);
  return workbook.worksheets.map((sheet) => {
    const rows: Cell[][] = [];
    sheet.eachRow((row) => {
      const cells: Cell[] = [];
      for (let i = 1; i <= row.cellCount; i++) {
        const value = row.getCell(i).value;
        cells.push(
          typeof value === "number" ? value : value === null || value === undefined ? "" : String(value),
        );
      }
      rows.push(cells);
    });
    const [title, header, ...body] = rows;
    return { sheet: sheet.name, title: String(title?.[0] ?? ""), header: header ?? [], rows: body };
  });
}

async function organisation(name: string) {
  const tenant = await makeTenant(db.owner, { plan: "PRO", anonymityThreshold: 3, name });
  const user = await makeUser(db.owner, { tenantId: tenant.id, tenantRoles: ["tenant_basic"] });
  return { tenant, actor: await actorFor(db.db, "basic", user.id) };
}

const download = (actor: Actor, tenantId: string, path: string) =>
  server.fetch(path, { headers: { cookie: actor.cookie ?? "", "x-tenant-id": tenantId } });

/** A CSV download's text with its byte-order mark kept (Response.text() drops it). */
async function csvText(response: Response): Promise<string> {
  expect(response.status).toBe(200);
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
}

async function reportOf(actor: Actor, tenantId: string, keys: string, lang: Lang) {
  return outputOf(
    "report.bySurveys",
    await rest(server, {
      method: "GET",
      path: `/api/tenant/survey/reports/${keys}?lang=${lang}`,
      actor,
      tenantId,
    }),
  );
}

/** Both sides answered, a previous personnel survey for the changes. */
async function answeredOrganisation(name: string) {
  const { tenant, actor } = await organisation(name);
  await answeredSurvey(db.db, db.owner, tenant.id, {
    answers: [4],
    seed: 3,
    endsAt: new Date(Date.now() - 200 * DAY),
  });
  const personnel = await answeredSurvey(db.db, db.owner, tenant.id, {
    answers: [4, 3],
    name: "Kevät",
    seed: 11,
  });
  const management = await answeredSurvey(db.db, db.owner, tenant.id, {
    type: "MANAGEMENT",
    answers: [3],
    seed: 21,
  });
  return { tenant, actor, keys: `${personnel.key},${management.key}` };
}

describe("issue 18.6: exports a manager forwards, per language", () => {
  let org: Awaited<ReturnType<typeof answeredOrganisation>>;
  beforeAll(async () => {
    org = await answeredOrganisation("Vientitesti Oy");
  });
  const get = (format: string, lang: Lang) =>
    download(
      org.actor,
      org.tenant.id,
      `/api/tenant/reports/export/${format}?surveys=${org.keys}&lang=${lang}`,
    );

  for (const lang of ["en", "fi", "ru"] as const) {
    it(`issue 18.6 (${lang}): the CSV is one long table with the language's delimiter and decimal mark, ISO dates and only numbers in number columns, its numbers the report's`, async () => {
      const report = await reportOf(org.actor, org.tenant.id, org.keys, lang);
      const { personnel, management } = report;
      if (!personnel || !management) throw new Error("both sides");
      expect(personnel.trend).not.toBeNull();
      const [delimiter, mark] = FORMAT[lang];
      const csv = await csvText(await get("csv", lang));
      const { rows } = csvTable(csv, delimiter);
      const number = mark === "." ? /^-?\d+(\.\d+)?$/ : /^-?\d+(,\d+)?$/;
      for (const row of rows)
        for (const i of NUMBER_COLUMNS) if (row[i] !== "") expect(row[i], row.join(" | ")).toMatch(number);
      expect(csv).not.toContain("–");
      // Each survey with its ISO dates and answers.
      for (const [side, label] of [
        [personnel, WORDS[lang].personnel],
        [management, WORDS[lang].management],
      ] as const) {
        const survey = rows.filter(
          (r) =>
            r[COLUMN.section] === WORDS[lang].survey &&
            r[COLUMN.side] === label &&
            r[COLUMN.targetGroup] === "",
        );
        expect(survey, label).toHaveLength(1);
        expect(survey[0]?.[COLUMN.start]).toBe(helsinkiDay(side.survey.start));
        expect(survey[0]?.[COLUMN.end]).toBe(helsinkiDay(side.survey.end));
        expect(survey[0]?.[COLUMN.start]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(survey[0]?.[9]).toBe(String(side.result.respondents));
        // Every category and subcategory in its row, its value written with the language's mark.
        const figures = figuresOf(report, side, lang);
        expect(figures.some((f) => f.value !== null && !Number.isInteger(f.value))).toBe(true);
        for (const figure of figures) {
          const found = rows.filter(
            (r) =>
              r[COLUMN.section] === WORDS[lang].categories &&
              r[COLUMN.side] === label &&
              r[COLUMN.category] === figure.category &&
              r[COLUMN.subcategory] === figure.subcategory,
          );
          expect(found, `${label} ${figure.category} ${figure.subcategory}`).toHaveLength(1);
          expect(found[0]?.slice(10, 12)).toEqual([
            figure.value === null ? "" : decimal(figure.value, lang),
            figure.band,
          ]);
        }
      }
      if (lang !== "en") for (const word of ENGLISH_WORDS) expect(csv, word).not.toContain(word);
    });

    it(`issue 18.6 (${lang}): the XLSX names its sheets meaningfully within 31 characters and stores the report's numbers as numbers`, async () => {
      const report = await reportOf(org.actor, org.tenant.id, org.keys, lang);
      const { personnel } = report;
      if (!personnel) throw new Error("personnel");
      const response = await get("xlsx", lang);
      expect(response.status).toBe(200);
      const sheets = await xlsxTables(await response.arrayBuffer());
      const names = sheets.map((s) => s.sheet);
      expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(names.length);
      for (const name of names) {
        expect(name.length, name).toBeLessThanOrEqual(31);
        expect(name).not.toMatch(/[[\]:*?/\\]/);
      }
      const categories = sheets.find((s) => s.sheet === WORDS[lang].sheet);
      expect(categories?.title).toBe(`${WORDS[lang].categories}: ${WORDS[lang].personnel}`);
      const expected = figuresOf(report, personnel, lang).map((f) => [
        f.subcategory ? `  ${f.subcategory}` : f.category,
        f.value === null ? "" : f.value,
        f.band,
      ]);
      expect(categories?.rows.map((r) => r.slice(0, 3))).toEqual(expected);
      // Numbers are numbers, never text with a decimal comma.
      for (const row of categories?.rows ?? []) if (row[1] !== "") expect(typeof row[1]).toBe("number");
      if (lang !== "en")
        for (const word of ENGLISH_WORDS) expect(JSON.stringify(sheets), word).not.toContain(word);
    });

    it(`issue 18.6 (${lang}): the PDF prints the report's numbers in its table rows with the language's decimal mark, and its answer counts`, async () => {
      const report = await reportOf(org.actor, org.tenant.id, org.keys, lang);
      const { personnel, management } = report;
      if (!personnel || !management) throw new Error("both sides");
      const pdf = await get("pdf", lang);
      expect(pdf.status).toBe(200);
      const data = new Uint8Array(await pdf.arrayBuffer());
      // Read before pdf.js takes the bytes over.
      const raw = Buffer.from(data).toString("latin1");
      const text = (await pdfText(data)).replace(/\s+/g, " ");
      const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      for (const [side, label] of [
        [personnel, WORDS[lang].personnel],
        [management, WORDS[lang].management],
      ] as const) {
        expect(text).toContain(`${WORDS[lang].categories}: ${label}`);
        for (const f of figuresOf(report, side, lang)) {
          const cells = [
            f.subcategory || f.category,
            f.value === null ? "–" : decimal(f.value, lang),
            f.band,
          ];
          expect(text, `${label} ${cells.join(" | ")}`).toMatch(new RegExp(cells.map(literal).join(" ")));
        }
        expect(text).toContain(`${WORDS[lang].answers}: ${side.result.respondents}`);
        // The fitness bars are labelled with their values too.
        for (const name of ["efficiency", "capability", "leadership", "overall"] as const) {
          const item = side.result.fitnessIndex[name];
          if (item.value === null) continue;
          expect(text, `${label} ${name} bar`).toContain(
            `${Math.round(item.value)} % · ${WORDS[lang].bands[item.band]}`,
          );
        }
      }
      // Tagged, in the export's language, with the report's title.
      expect(raw).toContain(`/Lang (${lang})`);
      expect(raw).toMatch(/\/MarkInfo/);
      expect(raw).toMatch(/\/S \/TH/);
      expect(raw).toMatch(/\/S \/H1/);
    }, 120_000);
  }
});

describe("issue 17.8: the formula-injection guard", () => {
  it("issue 17.8: the formula-injection guard: a CSV text cell a spreadsheet would run gets a leading ', the XLSX keeps it as text", async () => {
    const { tenant, actor } = await organisation("Kaava Oy");
    const survey = await answeredSurvey(db.db, db.owner, tenant.id, { answers: [3, 3, 3], name: "=1+2" });
    const names = ["+SUM(A1)", "-2+3", "@cmd"];
    await asOwner(db.owner, async (tx) => {
      for (const [i, share] of survey.shares.entries())
        await tx
          .update(schema.surveyShares)
          .set({ name: names[i] as string })
          .where(eq(schema.surveyShares.id, share.id));
    });
    const { header, rows } = csvTable(
      await csvText(
        await download(actor, tenant.id, `/api/tenant/reports/export/csv?surveys=${survey.key}&lang=fi`),
      ),
      ";",
    );
    const cells = [...header, ...rows.flat()];
    // The survey's title on its rows, each target group on its participation and heatmap rows.
    expect(cells).toContain(`'=1+2 (${FI.personnel})`);
    // The heatmap's first category: the selection's total, then each target group.
    const heatmap = rows.filter((r) => r[COLUMN.section] === "Lämpökartta").slice(0, 1 + names.length);
    expect(heatmap.map((r) => r[COLUMN.targetGroup])).toEqual(["Yhteensä", ...names.map((n) => `'${n}`)]);
    for (const name of names)
      expect(rows.some((r) => r[COLUMN.section] === FI.survey && r[COLUMN.targetGroup] === `'${name}`)).toBe(
        true,
      );
    // No cell anywhere starts as a formula; one starting with "-" is a number.
    for (const cell of cells) {
      expect(cell, cell).not.toMatch(/^[=+@\t\r]/);
      if (cell.startsWith("-")) expect(cell).toMatch(/^-\d+(,\d+)?$/);
    }

    const xlsx = await download(
      actor,
      tenant.id,
      `/api/tenant/reports/export/xlsx?surveys=${survey.key}&lang=fi`,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsx.arrayBuffer());
    const texts: string[] = [];
    for (const sheet of workbook.worksheets)
      sheet.eachRow((row) =>
        row.eachCell((cell) => {
          expect(cell.type, `${sheet.name} ${cell.address}`).not.toBe(ExcelJS.ValueType.Formula);
          if (cell.type === ExcelJS.ValueType.String) texts.push(String(cell.value));
        }),
      );
    expect(texts).toContain(`=1+2 (${FI.personnel})`);
    for (const name of names) expect(texts).toContain(name);
  });
});
