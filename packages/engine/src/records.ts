// Question keys and category names are data, so they may be any string, "__proto__" and
// "constructor" included. Records built here have no prototype, and reads go through
// Object.hasOwn, so such keys are ordinary keys instead of reaching Object.prototype.
// Null-prototype objects still serialise with JSON.stringify like any plain object.
// A key taken from Object.keys(record) is an own key, so record[key] is safe to read directly:
// an own "__proto__" property shadows the inherited accessor.

export function createRecord<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

export function getOwn<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

export function copyRecord<T>(record: Readonly<Record<string, T>>): Record<string, T> {
  const copy = createRecord<T>();
  for (const key of Object.keys(record)) {
    const value = record[key];
    if (value !== undefined) copy[key] = value;
  }
  return copy;
}
