import { schema } from "@kunto/db";
import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

/** The few fixed Finnish words the test expects (written here, not taken from the server's list). */
const FI = {
  personnel: "Henkilöstö",
  management: "Johto",
  fitnessIndex: "Yrityksen kuntoindeksi",
  categories: "Kategoriat",
  header: {
    fitness: ["Kategoria", "Arvo (%)", "Luokka", "Muutos edellisestä kyselystä"],
    categories: ["Kategoria", "Arvo (%)", "Luokka", "Keskihajonta", "Muutos edellisestä kyselystä"],
  },
  overall: "Tulos",
  bands: { weakness: "Heikkous", opportunity: "Mahdollisuus", strength: "Vahvuus", grey: "Ei tietoa" },
  none: "–",
} as const;
const ENGLISH_WORDS = [
  "Company Fitness Index",
  "Categories:",
  "Strength",
  "Weakness",
  "Opportunity",
  "Personnel",
];

const round1 = (value: number) => Math.round(value * 10) / 10;
const orNone = (value: number | null | undefined): Cell =>
  value === null || value === undefined ? FI.none : round1(value);

/** The fitness and category tables a side's report must give, built from the report's JSON. */
function expectedTables(report: Report, side: Side, label: string): Table[] {
  const title = (name: string) => report.categories.find((c) => c.name === name)?.title ?? name;
  const fi = side.result.fitnessIndex;
  const area = (name: "efficiency" | "capability" | "leadership" | "overall", text: string): Cell[] => [
    text,
    orNone(fi[name].value),
    FI.bands[fi[name].band],
    orNone(side.trend?.fitness[name]),
  ];
  const sd = (value: number | null) => (side.survey.type === "MANAGEMENT" ? orNone(value) : FI.none);
  const rows: Cell[][] = [];
  for (const c of side.result.categories) {
    rows.push([
      title(c.name),
      orNone(c.value),
      FI.bands[c.band],
      sd(c.sd),
      orNone(side.trend?.categories[c.name]),
    ]);
    for (const s of c.subcategories)
      rows.push([
        `  ${title(s.name)}`,
        orNone(s.value),
        FI.bands[s.band],
        sd(s.sd),
        orNone(side.trend?.categories[s.name]),
      ]);
  }
  return [
    {
      title: `${FI.fitnessIndex}: ${label}`,
      header: [...FI.header.fitness],
      rows: [
        area("efficiency", title("efficiency")),
        area("capability", title("capability")),
        area("leadership", title("leadership")),
        area("overall", FI.overall),
      ],
    },
    { title: `${FI.categories}: ${label}`, header: [...FI.header.categories], rows },
  ];
}

/** RFC 4180 rows of a CSV text (quoted fields may hold commas, quotes and line breaks). */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i++;
    } else field += c;
  }
  if (field !== "" || row.length) rows.push([...row, field]);
  return rows;
}

/** The CSV's tables: a title row, a header row and the rows, tables separated by an empty line. */
function csvTables(text: string): Table[] {
  expect(text.startsWith("\uFEFF")).toBe(true);
  const tables: Table[] = [];
  let current: string[][] = [];
  const flush = () => {
    const [title, header, ...rows] = current;
    if (title && header) tables.push({ title: title[0] ?? "", header, rows });
    current = [];
  };
  for (const row of csvRows(text.slice(1))) {
    if (row.length === 1 && row[0] === "") flush();
    else current.push(row);
  }
  flush();
  return tables;
}

/** A CSV table with its numbers as the CSV writes them (text). */
const asCsv = (table: Table): Table => ({
  title: table.title,
  header: table.header.map(String),
  rows: table.rows.map((row) => row.map(String)),
});

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

async function reportOf(actor: Actor, tenantId: string, keys: string, lang: "en" | "fi") {
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

describe("issue 17.8: the exports' tables", () => {
  it("issue 17.8: exports put each number in its own table and row (fitness rows, categories), CSV and XLSX in the chosen language", async () => {
    const { tenant, actor, keys } = await answeredOrganisation("Vientitesti Oy");
    const report = await reportOf(actor, tenant.id, keys, "fi");
    const english = await reportOf(actor, tenant.id, keys, "en");
    const { personnel, management } = report;
    if (!personnel || !management) throw new Error("both sides");
    // The chosen language is visible in the numbers' labels: Finnish category names differ.
    const efficiency = (r: Report) => r.categories.find((c) => c.name === "efficiency")?.title;
    expect(efficiency(report)).not.toBe(efficiency(english));
    // Numbers to place: both sides shown, with changes on the personnel side.
    expect(personnel.trend).not.toBeNull();
    expect(management.result.categories.some((c) => c.sd !== null)).toBe(true);
    const expected = [
      ...expectedTables(report, personnel, FI.personnel),
      ...expectedTables(report, management, FI.management),
    ];

    const csv = await csvText(
      await download(actor, tenant.id, `/api/tenant/reports/export/csv?surveys=${keys}&lang=fi`),
    );
    const fromCsv = csvTables(csv);
    for (const table of expected)
      expect(
        fromCsv.filter((t) => t.title === table.title),
        table.title,
      ).toEqual([asCsv(table)]);
    for (const word of ENGLISH_WORDS) expect(csv, word).not.toContain(word);

    const xlsx = await download(actor, tenant.id, `/api/tenant/reports/export/xlsx?surveys=${keys}&lang=fi`);
    expect(xlsx.status).toBe(200);
    const fromXlsx = await xlsxTables(await xlsx.arrayBuffer());
    for (const table of expected) {
      const sheets = fromXlsx.filter((t) => t.title === table.title);
      expect(sheets, table.title).toHaveLength(1);
      const [sheet] = sheets;
      // The sheet is named after its table, in the same language.
      expect(sheet?.sheet.startsWith(table.title.split(":")[0] ?? ""), sheet?.sheet).toBe(true);
      expect({ title: sheet?.title, header: sheet?.header, rows: sheet?.rows }, table.title).toEqual(table);
    }
    const allXlsx = JSON.stringify(fromXlsx);
    for (const word of ENGLISH_WORDS) expect(allXlsx, word).not.toContain(word);
  });

  it("issue 17.8: the PDF carries the report's numbers in their rows, not only the headings", async () => {
    const { tenant, actor, keys } = await answeredOrganisation("PDF-numerot Oy");
    const report = await reportOf(actor, tenant.id, keys, "fi");
    const { personnel, management } = report;
    if (!personnel || !management) throw new Error("both sides");
    const pdf = await download(actor, tenant.id, `/api/tenant/reports/export/pdf?surveys=${keys}&lang=fi`);
    expect(pdf.status).toBe(200);
    const text = (await pdfText(new Uint8Array(await pdf.arrayBuffer()))).replace(/\s+/g, " ");
    const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    // Each table row as printed: its cells one after another.
    const printed = (cells: Cell[]) => new RegExp(cells.map((c) => literal(String(c).trim())).join(" "));
    for (const [side, label] of [
      [personnel, FI.personnel],
      [management, FI.management],
    ] as const) {
      for (const table of expectedTables(report, side, label)) {
        expect(text).toContain(table.title);
        for (const row of table.rows)
          expect(text, `${table.title}: ${row.join(" | ")}`).toMatch(printed(row));
      }
      // The fitness bars are labelled with their values too.
      for (const name of ["efficiency", "capability", "leadership", "overall"] as const) {
        const item = side.result.fitnessIndex[name];
        if (item.value === null) continue;
        expect(text, `${label} ${name} bar`).toContain(
          `${Math.round(item.value)} % · ${FI.bands[item.band]}`,
        );
      }
    }
    // The cover's answer counts.
    expect(text).toContain(`Vastauksia: ${personnel.result.respondents}`);
    expect(text).toContain(`Vastauksia: ${management.result.respondents}`);
  });
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
    const tables = csvTables(
      await csvText(
        await download(actor, tenant.id, `/api/tenant/reports/export/csv?surveys=${survey.key}&lang=fi`),
      ),
    );
    const cells = tables.flatMap((t) => [t.title, ...t.header, ...t.rows.flat()].map(String));
    // The survey's title and its target groups on the report table, each share on the heatmap.
    expect(cells).toContain(`'=1+2 (${FI.personnel})`);
    expect(cells).toContain(`'${names.join(", ")}`);
    const heatmap = tables.find((t) => t.title.startsWith("Lämpökartta"));
    expect(heatmap?.header.slice(2)).toEqual(names.map((n) => `'${n}`));
    // No cell anywhere starts as a formula; one starting with "-" is a number.
    for (const cell of cells) {
      expect(cell, cell).not.toMatch(/^[=+@\t\r]/);
      if (cell.startsWith("-")) expect(cell).toMatch(/^-\d+(\.\d+)?$/);
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
