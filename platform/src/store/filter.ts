/**
 * What both adapters accept, checked in one place so they reject the same things: collection names become
 * SQLite table names and field names become JSON paths inside SQL (index expressions must match query
 * expressions literally, so paths cannot be bound parameters); hence both are validated, not escaped.
 */
import type { Filter, FindOptions } from "./port.ts";

export type Scalar = string | number | boolean | null;

/** One field matches any of the values (plain equality is a one-value list). */
export interface Condition {
  field: string;
  anyOf: Scalar[];
}

const COLLECTION_NAME = /^[a-z][a-z0-9_]*$/i;
const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function assertCollectionName(name: string): void {
  if (!COLLECTION_NAME.test(name) || /^sqlite_/i.test(name)) {
    throw new Error(`invalid collection name '${name}': use letters, digits and _ , starting with a letter`);
  }
}

export function assertFieldName(field: string): void {
  if (!FIELD_NAME.test(field)) throw new Error(`invalid field name '${field}': only top-level fields are supported`);
}

function isScalar(value: unknown): value is Scalar {
  return value === null || typeof value === "string" || typeof value === "boolean" || (typeof value === "number" && Number.isFinite(value));
}

/** Equality on top-level scalar fields and `{ $in: [...] }`; anything else is a programming error. */
export function parseFilter(filter: Filter = {}): Condition[] {
  return Object.entries(filter).map(([field, value]) => {
    assertFieldName(field);
    if (isScalar(value)) return { field, anyOf: [value] };
    if (value !== null && typeof value === "object" && !Array.isArray(value)) {
      const keys = Object.keys(value);
      const list = (value as { $in?: unknown }).$in;
      if (keys.length === 1 && keys[0] === "$in" && Array.isArray(list) && list.every(isScalar)) return { field, anyOf: list };
    }
    throw new Error(`unsupported filter on '${field}': use a string, number, boolean, null or { $in: [...] } of those`);
  });
}

export function parseSort(options: FindOptions = {}): [string, 1 | -1][] {
  const sort = Object.entries(options.sort ?? {});
  for (const [field, dir] of sort) {
    assertFieldName(field);
    if (dir !== 1 && dir !== -1) throw new Error(`sort direction for '${field}' must be 1 or -1`);
  }
  return sort;
}

export function assertPaging(options: FindOptions = {}): void {
  for (const key of ["limit", "skip"] as const) {
    const n = options[key];
    if (n !== undefined && (!Number.isInteger(n) || n < 0)) throw new Error(`${key} must be a non-negative integer`);
  }
}

/** The stored document without the fields the store maintains. */
export function bodyOf(doc: Record<string, unknown>): Record<string, unknown> {
  const { _id, _v, ...rest } = doc;
  return rest;
}
