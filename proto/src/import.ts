/**
 * The import service's contracts: screenshot reading (spec §7: `/v2` multipart image, `/v1` recognised text),
 * the manual-processing upload, and broker files. Screenshot and file replies share the row shape the web's
 * import table edits before the rows become a portfolio's assets.
 */
import { type Static, Type } from "typebox";
import { IMPORT_FORMATS, type ImportedFrom } from "./constants.ts";

/**
 * Why a cell of an imported row must be confirmed or corrected before Create: the field, a code, a sentence
 * the table shows, and a symbol to offer instead when the checks found one. Screenshot and file rows alike.
 */
export const ImportFlag = Type.Object({
  field: Type.Union([Type.Literal("ticker"), Type.Literal("name"), Type.Literal("quantity"), Type.Literal("price"), Type.Literal("date")]),
  code: Type.String(),
  message: Type.String(),
  suggestion: Type.Optional(Type.String()),
});
export type ImportFlag = Static<typeof ImportFlag>;

/**
 * One holding read from a screenshot (spec §7: `message` of the screenshot calls), checked against pricing's
 * search: `ticker` is "" when no ticker could be found (then a flag says so); `confidence` 0–1; `flags` what
 * the user must confirm or correct before Create (empty: the row is sure).
 */
export const ScreenshotRow = Type.Object({
  ticker: Type.String(),
  name: Type.String(),
  quantity: Type.Number(),
  /** the price the screen shows, null when it shows none */
  price: Type.Union([Type.Number(), Type.Null()]),
  marketValue: Type.Union([Type.Number(), Type.Null()]),
  confidence: Type.Number({ minimum: 0, maximum: 1 }),
  flags: Type.Array(ImportFlag),
});
export type ScreenshotRow = Static<typeof ScreenshotRow>;

/** A line or row that could not be used, with a reason a person can act on (`line` 1-based when known). */
export const ImportProblem = Type.Object({ line: Type.Optional(Type.Number()), message: Type.String() });
export type ImportProblem = Static<typeof ImportProblem>;

/** `{message, errors}`: the spec's reply of both screenshot calls. */
export const ScreenshotReply = Type.Object({ message: Type.Array(ScreenshotRow), errors: Type.Array(ImportProblem) });
export type ScreenshotReply = Static<typeof ScreenshotReply>;

/** POST /v1/import/portfolio/screenshot: text already recognised (spec §7 `fulltext`). */
export const FulltextBody = Type.Object({ fulltext: Type.String({ minLength: 1, maxLength: 100_000 }) });
export type FulltextBody = Static<typeof FulltextBody>;

/** 202 of POST /v2/import/portfolio/screenshot: the reading runs as a queue job; poll `statusUrl`. */
export const ScreenshotAccepted = Type.Object({
  jobId: Type.String(),
  state: Type.Literal("queued"),
  statusUrl: Type.String(),
});
export type ScreenshotAccepted = Static<typeof ScreenshotAccepted>;

export const ScreenshotJobState = Type.Union([
  Type.Literal("queued"),
  Type.Literal("running"),
  Type.Literal("completed"),
  Type.Literal("failed"),
]);
export type ScreenshotJobState = Static<typeof ScreenshotJobState>;

/**
 * GET /v2/import/portfolio/screenshot/{jobId}: progress 0–100 while queued or running; once completed the
 * spec's `message` and `errors`. A screenshot that turned out unreadable answers 422 (ScreenshotFailed).
 */
export const ScreenshotStatus = Type.Object({
  jobId: Type.String(),
  state: ScreenshotJobState,
  progress: Type.Number({ minimum: 0, maximum: 100 }),
  message: Type.Optional(Type.Array(ScreenshotRow)),
  errors: Type.Optional(Type.Array(ImportProblem)),
});
export type ScreenshotStatus = Static<typeof ScreenshotStatus>;

/** A screenshot with nothing to import (blank, no holdings found): the reason and what to try instead. */
export const ScreenshotFailed = Type.Object({
  error: Type.String(),
  code: Type.String(),
  hint: Type.String(),
  jobId: Type.Optional(Type.String()),
  state: Type.Optional(Type.Literal("failed")),
  errors: Type.Optional(Type.Array(ImportProblem)),
});
export type ScreenshotFailed = Static<typeof ScreenshotFailed>;

/** POST /v1/upload/portfolio/screenshot: the spec's alert text. */
export const UploadReply = Type.Object({ message: Type.String() });
export type UploadReply = Static<typeof UploadReply>;

export const ImportFormat = Type.Unsafe<ImportedFrom>(Type.String({ enum: [...IMPORT_FORMATS] }));
export type ImportFormat = Static<typeof ImportFormat>;

/** One holding from a broker file: an asset as the import table edits it. */
/**
 * One buy or sale of a holding's history (docs/numbers.md "Broker files": Trades): saved as an asset entry with `side`,
 * so an imported portfolio keeps its sales and their realized gains (docs/numbers.md "Sales").
 */
export const FileTrade = Type.Object({
  side: Type.Union([Type.Literal("buy"), Type.Literal("sell")]),
  /** `YYYY-MM-DD` */
  date: Type.String(),
  /** shares as counted on that date */
  quantity: Type.Number(),
  /** per share, in the security's currency */
  price: Type.Number(),
  /** a sale's fee in money (0 for a buy) */
  fee: Type.Number(),
});
export type FileTrade = Static<typeof FileTrade>;

export const FileRow = Type.Object({
  ticker: Type.String(),
  name: Type.String(),
  quantity: Type.Number(),
  /** average cost per share of what is still held; 0 when the file gives none */
  PoA: Type.Number(),
  /** first buy of the current holding, `YYYY-MM-DD` */
  DoA: Type.String(),
  account: Type.String(),
  /**
   * what the user must confirm or correct before Create, as a screenshot row's flags: an opening position
   * assumed (quantity), a purchase date or price the file does not give (date, price), another market's
   * listing (ticker), an ISIN without a ticker (ticker)
   */
  flags: Type.Array(ImportFlag),
});
export type FileRow = Static<typeof FileRow>;

/**
 * A holding's history as buys and sales (docs/numbers.md "Broker files": Trades): for a row (its account, ticker and
 * quantity name it), saved instead of the net position while the row's quantity, price and date are as read;
 * with quantity 0, a holding the history sold in full (no row), saved too so its realized gains survive.
 */
export const FileHistory = Type.Object({
  account: Type.String(),
  ticker: Type.String(),
  name: Type.String(),
  /** the row's quantity; 0 for a holding sold in full */
  quantity: Type.Number(),
  trades: Type.Array(FileTrade),
});
export type FileHistory = Static<typeof FileHistory>;

const header = Type.String({ minLength: 1, maxLength: 200 });

/**
 * The header names a generic CSV's fields are read from (the user confirms them), and how the file writes
 * dates and decimals when its cells leave it open.
 */
export const ColumnMapping = Type.Object({
  ticker: header,
  quantity: header,
  name: Type.Optional(Type.String({ maxLength: 200 })),
  price: Type.Optional(Type.String({ maxLength: 200 })),
  date: Type.Optional(Type.String({ maxLength: 200 })),
  action: Type.Optional(Type.String({ maxLength: 200 })),
  account: Type.Optional(Type.String({ maxLength: 200 })),
  fee: Type.Optional(Type.String({ maxLength: 200 })),
  dateOrder: Type.Optional(Type.Union([Type.Literal("mdy"), Type.Literal("dmy")])),
  decimal: Type.Optional(Type.Union([Type.Literal("."), Type.Literal(",")])),
});
export type ColumnMapping = Static<typeof ColumnMapping>;

/** A mapping the user saved, to read files of the same layout again (GET/POST /v1/import/mappings). */
export const SavedMapping = Type.Object({
  id: Type.String(),
  name: Type.String(),
  /** the header of the file it was made for: a file with the same columns is read with it */
  columns: Type.Array(Type.String()),
  mapping: ColumnMapping,
  createdAt: Type.String(),
});
export type SavedMapping = Static<typeof SavedMapping>;

export const SaveMappingBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 80 }),
  columns: Type.Array(Type.String({ maxLength: 200 }), { minItems: 1, maxItems: 200 }),
  mapping: ColumnMapping,
});
export type SaveMappingBody = Static<typeof SaveMappingBody>;

export const SavedMappings = Type.Object({ mappings: Type.Array(SavedMapping) });
export type SavedMappings = Static<typeof SavedMappings>;

/** The user's answer to a question: shares of `key` held in `account` before the history's first date. */
export const OpeningAnswer = Type.Object({
  account: Type.String({ maxLength: 200 }),
  key: Type.String({ minLength: 1, maxLength: 200 }),
  quantity: Type.Number({ minimum: 0, maximum: 1e15 }),
});
export type OpeningAnswer = Static<typeof OpeningAnswer>;
export const OpeningAnswers = Type.Array(OpeningAnswer, { maxItems: 1000 });

/** A history that starts after some holdings were bought: how many were held before its first date? */
export const FileQuestion = Type.Object({
  account: Type.String(),
  key: Type.String(),
  ticker: Type.String(),
  name: Type.String(),
  /** the history's first date: the answer is what was held the day before */
  before: Type.String(),
  /** the least the file allows; the rows assume it until the user answers */
  atLeast: Type.Number(),
  answered: Type.Optional(Type.Number()),
  line: Type.Optional(Type.Number()),
  message: Type.String(),
});
export type FileQuestion = Static<typeof FileQuestion>;

/** The import checked against a total the file states (see docs/numbers.md "Broker files"). */
export const FileCheck = Type.Object({
  kind: Type.Union([Type.Literal("quantity"), Type.Literal("value"), Type.Literal("cash")]),
  account: Type.String(),
  ticker: Type.Optional(Type.String()),
  label: Type.String(),
  stated: Type.Number(),
  computed: Type.Union([Type.Number(), Type.Null()]),
  difference: Type.Union([Type.Number(), Type.Null()]),
  ok: Type.Boolean(),
  note: Type.Optional(Type.String()),
  line: Type.Optional(Type.Number()),
});
export type FileCheck = Static<typeof FileCheck>;

export const TRANSACTION_KINDS = ["buy", "sell", "transferIn", "transferOut", "bonus", "split", "exchange", "opening"] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

/** One transaction of the file's ledger, every buy and sell kept (the sales of issue 26 are made from these). */
export const FileTransaction = Type.Object({
  date: Type.String(),
  kind: Type.Unsafe<TransactionKind>(Type.String({ enum: [...TRANSACTION_KINDS] })),
  account: Type.String(),
  ticker: Type.String(),
  name: Type.String(),
  quantity: Type.Number(),
  price: Type.Union([Type.Number(), Type.Null()]),
  fee: Type.Number(),
  ratio: Type.Optional(Type.Number()),
  fromTicker: Type.Optional(Type.String()),
  fromQuantity: Type.Optional(Type.Number()),
  line: Type.Optional(Type.Number()),
});
export type FileTransaction = Static<typeof FileTransaction>;

/**
 * POST /v1/import/portfolio/file: the format recognised, the rows (net positions), the errors; the ledger of
 * transactions; questions (opening positions) and checks against the file's totals; for a generic CSV its
 * mapping and columns, and the saved mapping used when one matched.
 */
export const FileReply = Type.Object({
  format: ImportFormat,
  message: Type.Array(FileRow),
  errors: Type.Array(ImportProblem),
  transactions: Type.Array(FileTransaction),
  /** the rows' histories as buys and sales, and those of holdings sold in full (kept so realized gains survive) */
  histories: Type.Optional(Type.Array(FileHistory)),
  questions: Type.Array(FileQuestion),
  checks: Type.Array(FileCheck),
  mapping: Type.Optional(Type.Partial(ColumnMapping)),
  columns: Type.Optional(Type.Array(Type.String())),
  savedMapping: Type.Optional(Type.Object({ id: Type.String(), name: Type.String() })),
});
export type FileReply = Static<typeof FileReply>;

/** Job `import.screenshot`: one uploaded screenshot of `uid`, kept in the import service's blob bucket until it is read. */
export const ScreenshotJobData = Type.Object({
  uid: Type.String({ minLength: 1 }),
  /** the upload's id in the bucket's `queue/` (random, no path) */
  upload: Type.String({ pattern: "^[a-z0-9-]+$", maxLength: 80 }),
});
export type ScreenshotJobData = Static<typeof ScreenshotJobData>;
