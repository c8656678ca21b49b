/**
 * A broker file → the import table's rows. The bytes are decoded as UTF-8 (Windows-1252 when they are not
 * valid UTF-8, as older broker exports are), refused when they are binary, parsed by the format's parser
 * (domain/files), and tickers that are ISINs (DEGIRO, some IBKR queries) are looked up through the pricing
 * search; one not found stays an ISIN with an error asking for the ticker. Nothing is stored.
 */

import { lazyCheck } from "@folio/platform/check";
import { HttpError } from "@folio/platform/http/errors";
import { ImportMessages } from "@folio/proto/constants";
import type { ColumnMapping, FileReply, ImportFormat } from "@folio/proto/import";
import { ColumnMapping as MappingSchema } from "@folio/proto/import";
import type { ImportContext } from "./context.ts";
import { parseBrokerFile } from "./domain/files/index.ts";
import { isIsin } from "./resolve.ts";

const mappingCheck = lazyCheck(MappingSchema);

export function decodeText(bytes: Uint8Array): string | null {
  if (bytes.includes(0)) return null;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

function parseMapping(raw: string | undefined): ColumnMapping | undefined {
  if (raw === undefined || raw.trim() === "") return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new HttpError(400, "validation_failed", 'body/mapping must be JSON: {"ticker": "<column>", "quantity": "<column>", …}');
  }
  if (!mappingCheck.Check(value)) throw new HttpError(400, "validation_failed", "body/mapping needs the ticker and quantity columns");
  return value;
}

export async function importFile(ctx: ImportContext, bytes: Uint8Array, rawMapping: string | undefined, today: string): Promise<FileReply> {
  if (bytes.length === 0) throw new HttpError(400, "import/empty-file", "The file is empty");
  const text = decodeText(bytes);
  if (text === null) {
    throw new HttpError(
      415,
      "import/not-a-broker-file",
      "The file is not a CSV, OFX or QFX export (it is binary). Export the positions or transactions as CSV or OFX.",
    );
  }
  const mapping = parseMapping(rawMapping);
  const result = parseBrokerFile(text, { asOf: today, mapping });
  const errors = [...result.errors];
  const rows = [];
  for (const row of result.rows) {
    if (isIsin(row.ticker)) {
      const ticker = await ctx.resolve(row.ticker);
      if (ticker) rows.push({ ...row, ticker });
      else {
        rows.push(row);
        errors.push({ message: `no ticker found for ISIN ${row.ticker}${row.name ? ` (${row.name})` : ""}: enter its ticker` });
      }
    } else rows.push(row);
  }
  const generic = "mapping" in result ? { mapping: result.mapping, columns: result.columns } : {};
  if (rows.length === 0 && !("mapping" in result && errors.some((e) => e.message.startsWith("choose the column")))) {
    throw new HttpError(422, "import/no-holdings", `${ImportMessages.noFileHoldings}${errors.length ? `: ${errors[0].message}` : ""}`);
  }
  return { format: result.format as ImportFormat, message: rows, errors, ...generic };
}
