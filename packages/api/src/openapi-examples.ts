/**
 * An example value for a JSON schema of the OpenAPI document, built from the schema itself so every
 * operation (including ones added later) carries a request and response example that matches it.
 * The document lint checks each example against its schema.
 */
type Schema = Record<string, unknown>;

const EXAMPLE_UUID = "3f2c8a4e-5b6d-4c1e-9f0a-7b8c9d0e1f2a";
const BY_FORMAT: Record<string, string> = {
  email: "anna.virtanen@example.fi",
  uuid: EXAMPLE_UUID,
  "date-time": "2026-11-24T12:00:00.000Z",
  date: "2026-11-24",
  uri: "https://checkout.stripe.com/c/pay/cs_test_a1b2c3",
};
const BY_PATTERN: Record<string, string> = {
  "^\\d{9}$": "123456789",
  "^\\d{0,9}$": "42",
  "^\\d{4}-\\d{2}-\\d{2}$": "2026-11-24",
};
/**
 * Values tried, in order, for a text with a pattern or length bounds none of the above meets: the
 * first one the schema accepts is the example (a random token, a survey key, a name, digits).
 */
const FALLBACKS = [
  EXAMPLE_UUID,
  "K7Q2M4XD9BFH",
  "k3q7x2mbd5vfhy4wz6ncj8rtp9sgl2ea7u3ioqxd",
  "leadership",
  "Example",
  "123456789",
];

/** Plain text fields read better with a value that fits their name. */
const BY_NAME: Record<string, string> = {
  id: EXAMPLE_UUID,
  userId: EXAMPLE_UUID,
  subject: EXAMPLE_UUID,
  email: "anna.virtanen@example.fi",
  username: "lobby-tablet",
  firstName: "Anna",
  lastName: "Virtanen",
  name: "Esimerkki Oy",
  phone: "+358 40 123 4567",
  language: "fi",
  country: "FI",
  city: "Tampere",
  zipCode: "33100",
  streetAddress: "Hämeenkatu 1",
  imageKey: "k3q7x2mbd5vfhy4wz6ncj8rtp9sgl2ea7u3ioqxd",
  session: "k3q7x2mbd5vfhy4wz6ncj8rt",
  browserToken: "k3q7x2mbd5vfhy4wz6ncj8rt",
  engineName: "leadership",
  key: "survey.reminderDays",
  value: "7",
};

/** Deep enough for the report's nesting (report → survey → heatmap → row → cell → band). */
const MAX_DEPTH = 32;

export function exampleOf(schema: Schema | undefined, depth = 0, name?: string): unknown {
  if (!schema || depth > MAX_DEPTH) return null;
  if ("const" in schema) return schema.const;
  if ("example" in schema) return schema.example;
  const examples = schema.examples;
  if (Array.isArray(examples) && examples.length > 0) return examples[0];
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  const choices = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (choices) {
    const usable = choices.find(
      (choice) => choice.type !== "null" && exampleOf(choice, depth + 1) !== undefined,
    );
    return usable ? exampleOf(usable, depth + 1) : null;
  }
  if (Array.isArray(schema.allOf)) return exampleOf(schema.allOf[0] as Schema, depth + 1, name);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  switch (type) {
    case "string":
      return stringExample(schema, name);
    case "integer":
    case "number":
      return typeof schema.minimum === "number" ? Math.max(schema.minimum, 0) : 1;
    case "boolean":
      return true;
    case "array": {
      const item = exampleOf(schema.items as Schema | undefined, depth + 1);
      return typeof schema.minItems === "number" && schema.minItems > 0
        ? [item]
        : item === null
          ? []
          : [item];
    }
    case "object": {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      return Object.fromEntries(
        Object.entries(properties).map(([key, property]) => [key, exampleOf(property, depth + 1, key)]),
      );
    }
    case "null":
      return null;
    default:
      // A free JSON value.
      return {};
  }
}

/**
 * The first candidate the schema accepts (format, pattern, the field's name, and with a pattern
 * the fallbacks); otherwise, without a pattern, "Example" cut or padded to the length bounds.
 * Undefined when a pattern accepts none: the document lint then names the schema that needs one.
 */
function stringExample(schema: Schema, name?: string): string | undefined {
  const max = typeof schema.maxLength === "number" ? schema.maxLength : 100;
  const min = typeof schema.minLength === "number" ? schema.minLength : 0;
  const pattern = typeof schema.pattern === "string" ? regexOf(schema.pattern) : null;
  const fits = (value: string | undefined): value is string =>
    value !== undefined && value.length >= min && value.length <= max && (!pattern || pattern.test(value));
  const candidates = [
    typeof schema.format === "string" ? BY_FORMAT[schema.format] : undefined,
    typeof schema.pattern === "string" ? BY_PATTERN[schema.pattern] : undefined,
    name ? BY_NAME[name] : undefined,
    ...(pattern ? FALLBACKS : []),
  ];
  const found = candidates.find(fits);
  if (found !== undefined || pattern) return found;
  return "Example-".repeat(Math.ceil(Math.max(min, 7) / 8)).slice(0, Math.max(min, Math.min(7, max), 1));
}

/** A JSON-schema pattern as validators read it (Unicode mode), or as plain JavaScript if that fails. */
function regexOf(pattern: string): RegExp {
  try {
    return new RegExp(pattern, "u");
  } catch {
    return new RegExp(pattern);
  }
}
