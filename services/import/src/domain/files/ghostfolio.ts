/**
 * Ghostfolio's activities CSV (its own import/export format): `Date,Code,DataSource,Currency,Price,Quantity,
 * Action,Fee,Note` (also `Symbol`/`Ticker` for Code, `UnitPrice` for Price, `Type` for Action, an optional
 * `Account`). Dates as Ghostfolio reads them: `dd-MM-yyyy`, `dd/MM/yyyy`, `yyyyMMdd` or ISO; actions `buy`
 * and `sell` move shares, `dividend`, `fee`, `interest`, `item`, `liability` do not. It is the generic
 * reader with Ghostfolio's fixed mapping.
 */
import { headerKey } from "./csv.ts";
import { type ColumnMapping, headerRow, parseWithMapping } from "./generic.ts";
import type { BrokerFileParser, ParseOptions, SourceFile, Statement } from "./port.ts";

function mapping(header: string[]): ColumnMapping | null {
  const find = (...names: string[]) => header.find((h) => names.includes(headerKey(h)));
  const ticker = find("code", "symbol", "ticker");
  const quantity = find("quantity", "shares", "units");
  const action = find("action", "type");
  const price = find("price", "unitprice", "value");
  const date = find("date");
  const isGhostfolio =
    find("datasource") !== undefined || (find("code") !== undefined && action !== undefined && find("fee") !== undefined);
  if (!isGhostfolio || !ticker || !quantity || !action || !price || !date) return null;
  return { ticker, quantity, action, price, date, account: find("account", "accountid"), fee: find("fee") };
}

export class GhostfolioParser implements BrokerFileParser {
  readonly format = "ghostfolio" as const;

  detect(file: SourceFile): boolean {
    const header = headerRow(file);
    return header !== undefined && mapping(header.cells) !== null;
  }

  read(file: SourceFile, options: ParseOptions): Statement {
    // Ghostfolio reads dd-MM-yyyy and dd/MM/yyyy: day-first whatever the days look like
    const fixed = mapping((headerRow(file) as { cells: string[] }).cells) as ColumnMapping;
    const {
      mapping: _m,
      columns: _c,
      needsMapping: _n,
      ...statement
    } = parseWithMapping(file, { ...options, mapping: { ...fixed, dateOrder: "dmy" } }, this.format);
    return statement;
  }
}
