/**
 * Stripe's request encoding: `application/x-www-form-urlencoded` with bracketed keys for nested objects
 * and indexed arrays (`metadata[user]=u1`, `line_items[0][price]=price_1`, `expand[]=customer`), every
 * value a string. Reference: docs.stripe.com/api (curl examples) and stripe-node's `stringifyRequestData`
 * (src/utils.ts), which writes `key[k]` for objects and `key[i]` for arrays.
 */

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormParams = { [key: string]: FormValue };

/** `a[b][0][c]` → ["a", "b", "0", "c"]; `expand[]` → ["expand", ""] */
function keyPath(key: string): string[] {
  const first = key.indexOf("[");
  if (first < 0) return [key];
  const path = [key.slice(0, first)];
  for (const m of key.slice(first).matchAll(/\[([^\]]*)\]/g)) path.push(m[1]);
  return path;
}

type Container = FormParams | FormValue[];

/** The container at `segment` under `node`, created as an array when the next segment is an index. */
function childOf(node: Container, segment: string, next: string): Container {
  const slot = Array.isArray(node) ? (segment === "" ? node.length : Number(segment)) : segment;
  const existing = (node as Record<string | number, FormValue | undefined>)[slot];
  if (existing && typeof existing === "object") return existing;
  const created: Container = next === "" || /^\d+$/.test(next) ? [] : {};
  (node as Record<string | number, FormValue>)[slot] = created;
  return created;
}

/** Decodes a form body (or a query string) into nested params. Numeric segments make arrays. */
export function decodeForm(text: string): FormParams {
  const root: FormParams = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = keyPath(key);
    let node: Container = root;
    for (let i = 0; i < path.length - 1; i++) node = childOf(node, path[i], path[i + 1]);
    const leaf = path[path.length - 1];
    if (Array.isArray(node)) node[leaf === "" ? node.length : Number(leaf)] = value;
    else node[leaf] = value;
  }
  return root;
}

/** JSON with sorted keys: two requests carry the same params exactly when these strings are equal. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

export const asString = (v: FormValue | undefined): string | undefined => (typeof v === "string" ? v : undefined);

export function asObject(v: FormValue | undefined): Record<string, FormValue> | undefined {
  return v && typeof v === "object" && !Array.isArray(v) ? v : undefined;
}

/** Metadata as Stripe stores it: string values; an empty value unsets the key. */
export function metadataOf(v: FormValue | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, value] of Object.entries(asObject(v) ?? {})) if (typeof value === "string" && value !== "") out[k] = value;
  return out;
}
