/**
 * Screenshot text → holdings. Input: the recognised lines, top to bottom, with word boxes when the OCR gave
 * them (plain text lines otherwise, as `POST /v1/import/portfolio/screenshot` sends). Output: one row per
 * holding `{ticker, name, quantity, price, marketValue}`; a row that names a company but shows no ticker
 * keeps `ticker: null` and its name, for the caller to resolve through the pricing search.
 *
 * Rules:
 * - Layout first: a spreadsheet's row numbers (1, 2, 3 … opening three lines or more) are dropped; a grid of
 *   cards (two lines or more repeating a label word at the same even places: "Shares … Shares … Shares") is
 *   read card column by card column (splitPanels).
 * - Ignored lines: column headers (two or more header words, 40 % of the line, no amounts; English, German,
 *   Dutch and French words), totals (total, subtotal, balance, Summe…), cash (cash, money market, sweep,
 *   buying power, US dollar, pending activity, SPAXX**…), account lines (account, brokerage, IRA, depot,
 *   masked numbers like ••••1234 or X12345678) unless the line shows a holding in full (Home Depot), and
 *   "as of" dates. They also end the holding being read.
 * - A holding may span lines (phone apps put the shares under the ticker): a line with a ticker starts a new
 *   holding when the current one already has a ticker (not the same one still without its quantity) or
 *   showed no amount yet (a heading), a line with a company name when it already has a name; lines with only
 *   numbers join the current holding.
 * - Ticker: a standalone upper-case word of 1–5 letters (optionally `.B`/`-B`; single letters too), not a
 *   currency or label word; an upper-case word inside a company name (`iShares Core MSCI`) is part of the
 *   name, but one opening the line before a name or a legal form (`LTC Litecoin`, `BASF SE`) is offered as
 *   both; one or two letters before it that start it or the next word are a logo's initials, dropped. With
 *   a Ticker/Symbol column header the word under it wins, and upper-case words well left of that column are
 *   a description's. An amount written with its coin's symbol (`0.5 BTC`) names the coin. Crypto symbols
 *   become Yahoo's pairs (BTC-USD).
 * - A line with only a company name, under a holding read in full that has a ticker and no name, names it.
 * - A bare whole number between a name's words is part of the name (`S&P 500 ETF`), never a quantity.
 * - Numbers: US `1,234.56`, European `1.234,56` and `1 234,56`, Swiss `1'234.56` (the form most numbers on
 *   the screen use decides ambiguous ones), currency signs, parentheses and minus signs; a monospaced
 *   decimal point read as a space (`455 69`) and a unit glued to its number (`70pcs`) are mended.
 *   Percentages and signed amounts (+/−, parentheses) are changes and gains, never quantity, price or value;
 *   a number after an Avg/Cost label is a cost per share, never price or value.
 * - Which number is what: the column under a Quantity/Shares/Qty/Position/Stück header (a Total column
 *   where nothing else heads the quantity and no price is shown), else the number after a quantity label
 *   (`Shares 12`) or before a unit (shares, Stk., pcs and their misreadings such as `pes`, or the coin's
 *   symbol), else the three numbers where quantity × price = value (within 1 %), else the one number
 *   without a currency sign. A number after a Value label is the value; with quantity and price known and
 *   no Value column, the number that is their product, else the one larger amount, is. When price and value
 *   are known and quantity × price misses the value, the quantity is re-read as value ÷ price if that
 *   differs from the recognised digits by at most two characters and one digit in length (an OCR slip such
 *   as 90 read as 920); the row's evidence says how its quantity was told and whether it was repaired or
 *   still misses (checks.ts turns that into flags).
 * - Relations before words (whatever the headers say, or where none is): the decimal mark is the one under
 *   which more rows check (readHoldings); words written after numbers on several lines are the document's
 *   currency or unit marks, and its currency codes stand on one side (documentMarks); quantity × price =
 *   value tells the quantity from the price by how money is written, and across the rows teaches each
 *   role's place, which rows that do not check then take, unsure (learnRoles, settle); a row that shows the
 *   sum of the values above it is a total (withoutTotals); "(AAPL)", "NASDAQ:AAPL" and "AAPL.US" are
 *   symbols; a symbol alone under a two-line name cell is that row's; the row's other symbol-shaped words
 *   are kept as alternatives for the checks to ask pricing about.
 * - Words in many languages, lines that belong together (the sixth round): one lexicon of quantity, price,
 *   value and cost words (English, German, Dutch, French, Swedish/Danish/Norwegian, Finnish, Italian,
 *   Spanish, Portuguese, Polish) heads columns and labels numbers; a label between a row's numbers is no
 *   symbol ("GAV 178,20 kr"); one amount beside a quantity and an average cost is the value when amount ÷
 *   quantity lies nearer the cost; a security's number and its label (ISIN, WKN, CUSIP, Valor) and dates are
 *   no amounts; a table turned on its side (holdings as columns) is read as a card per column
 *   (transposeFigures); a line of amounts alone clearly nearer the line below is that line's
 *   (amountsToNearestLine); a header of two-line cells is one header (mergeStackedHeaders); a description's
 *   second line in capitals, nearer its row, is that row's; a symbol stands at a description's start or end,
 *   never in its middle; a whole number before a currency's code is no word of a name.
 */
import { type DecimalMark, dominantDecimal, parseNumber, round } from "../numbers.ts";

export interface ScreenshotWord {
  text: string;
  x0: number;
  x1: number;
  /** the recognition's confidence in the word, 0–100, when the OCR gave one */
  confidence?: number;
  y0?: number;
  y1?: number;
}

export interface ScreenshotLine {
  text: string;
  words?: ScreenshotWord[];
}

export interface ScreenshotHolding {
  /** null when the screen names the company only: resolve `name` through the pricing search */
  ticker: string | null;
  name: string;
  quantity: number;
  price: number | null;
  marketValue: number | null;
  /** how the quantity was told apart from the other numbers, and how sure the recognition was of its words */
  evidence: HoldingEvidence;
  /** the row's other words shaped like a symbol, best last-resort guesses when pricing knows no `ticker` */
  alternatives?: string[];
}

export interface HoldingEvidence {
  /**
   * product: quantity × price = value on the line (checked); column: under a Quantity header; unit: followed
   * by "shares", "Stk." or the coin's symbol; alone: the one number without a currency sign (unchecked)
   */
  quantity: "product" | "column" | "unit" | "alone";
  /** the quantity's digits were re-read as value ÷ price (an OCR slip): the user should look */
  repaired: boolean;
  /** the line shows a price and a value that the quantity does not multiply to: something was misread */
  mismatch?: boolean;
  /** quantity × price = value holds, but the quantity and the price were written alike and no row told them apart */
  guessed?: boolean;
  /** the quantity as the screen shows it, and where (in the recognised image), when the OCR gave boxes */
  quantityText?: string;
  quantityBox?: { x0: number; y0: number; x1: number; y1: number };
  /** the quantity read again on its own gave other digits: the user should look */
  disagree?: string;
  /** (while reading) the quantity stands on a line apart from the row's name and ticker */
  apart?: boolean;
  /**
   * quantity × price = value holds within the 1 % that tells the numbers apart, but not to the precision they
   * are written with (the price's and the value's last digits): another number, or a digit misread, fits better
   */
  inexact?: boolean;
  /** the row does not check and shows an amount the reading gave no role (neither quantity, price, value, cost nor change): something misread? */
  leftover?: boolean;
  /** the screen writes quantities to this many fixed decimals (another row pads them with zeros) and this one uses them all: it may be rounded */
  rounded?: number;
  /**
   * how many of the quantity's written digits quantity × price = value cannot vouch for (their place is below
   * what the price's and value's precision can tell, (q × ½ price digit + ½ value digit) ÷ price): they rest on
   * the recognition alone ("7,392.81166918" × 0.0844 = 623.95 vouches for none after the thousands)
   */
  unvouched?: number;
  /** the quantity was given by a Quantity column whose header it does not stand under (nearest, not beneath) */
  offColumn?: boolean;
  /**
   * the row's numbers stand on a line apart from its name and ticker, while the screen has lines of numbers no
   * row claims or no ticker was read with the row (only its name): they may be a neighbour's
   */
  otherLine?: boolean;
  /** the header repeats its columns (holdings side by side) and the ticker stands under another repetition than the quantity */
  crossed?: boolean;
  /** five digits or more without a separator on a screen that groups its thousands, and nothing on the row checks it: one may be lost */
  ungrouped?: boolean;
  /** 0–100, null when the OCR gave no confidence (recognised text sent as text) */
  tickerConfidence: number | null;
  quantityConfidence: number | null;
}

export interface ScreenshotError {
  line: number;
  message: string;
}

const CRYPTO = new Set([
  "BTC",
  "ETH",
  "SOL",
  "ADA",
  "XRP",
  "DOGE",
  "DOT",
  "LTC",
  "AVAX",
  "LINK",
  "MATIC",
  "SHIB",
  "BNB",
  "TRX",
  "XLM",
  "ATOM",
  "BCH",
  "UNI",
  "USDC",
  "USDT",
  "ETC",
  "NEAR",
  "ALGO",
]);
/** a fund's words ("UCITS ETF USD ACC"): its name's, never its symbol */
const FUND_WORDS = new Set(["UCITS", "ACC", "DIST"]);
const NOT_TICKERS = new Set([
  ..."USD EUR GBP GBX CHF JPY CAD AUD SEK NOK DKK ETF ETFS INC CORP CO LTD PLC SA SE AG NV LLC ADR CL TR FD".split(" "),
  ..."TOTAL CASH ACCOUNT IRA ROTH SHARES SHARE SH SHS QTY PRICE VALUE MARKET GAIN LOSS DAY TODAY PL PAL BUY SELL AVG BASIS LAST CHANGE".split(
    " ",
  ),
  ..."RETURN EQUITY SYMBOL TICKER QUANTITY UNITS AM PM ET EST EDT CET NA N/A ID STK PCS".split(" "),
  // a security's number's label ("ISIN DE0007164600", "WKN 716460", "CUSIP 037833100"), never its symbol
  ..."ISIN WKN CUSIP SEDOL VALOR".split(" "),
]);
/** a currency's sign or code standing as a word of its own before or after an amount */
const CURRENCY_WORD = /^([€$£¥]|EUR|USD|GBP|CHF|JPY|SEK|NOK|DKK|CAD|AUD|PLN|Fr\.?|kr\.?|zł)$/;
const UNITS = /^(shares?|shs?\.?|stk\.?|st\.?|stück|stuck|pcs\.?|pieces?|units?|aandelen|titres|acciones|qty)$/i;
const UNIT_WORDS = ["shares", "share", "stk", "stück", "pcs", "pieces", "units", "aandelen", "titres", "acciones"];
/** a letter ü as the recognition often gives it ("Stiick", "Stlick", "Stuck") */
const umlaut = (word: string) => word.replace(/ü/g, "u").replace(/ii|li|il|ll/g, "u");
/**
 * A unit word after a number, as the recognition gives it: "pcs-", "shares." and one letter misread in a
 * unit of three letters or more ("pes" for "pcs", "sharcs", "Stiick" for "Stück"), in lower case or with a
 * capital first letter only (STX is a ticker, "stk" and "Stk" a unit).
 */
function isUnitAfterNumber(word: string): boolean {
  if (UNITS.test(word)) return true;
  const letters = word.replace(/[^\p{L}]/gu, "");
  const lower = letters.toLowerCase();
  if (letters.length < 3 || letters.slice(1) !== lower.slice(1) || letters.length < word.length - 2) return false;
  if (UNITS.test(letters)) return true;
  return UNIT_WORDS.some(
    (u) =>
      u.length >= 3 &&
      (letters[0] === lower[0] || u.length >= 4) &&
      Math.abs(u.length - lower.length) <= 2 &&
      editDistance(umlaut(u), umlaut(lower)) <= 1,
  );
}
/** an account's word that is a company's, before its legal form ("Home Depot Inc") */
const ACCOUNT_IN_NAME = /\b(depot|individual|joint|brokerage)\s+(inc|corp|co|plc|ltd|sa|ag|se|nv|group)\b/i;
/** a word that ends a fund's or a company's name: never a column header's */
const FUND_OR_FORM = /^(etf|etfs|ucits|trust|inc\.?|corp\.?|plc|ltd\.?|ag|se|nv|sa|llc|adr)$/i;
/** a company's legal form after its name */
const LEGAL_FORM = /^(se|ag|nv|plc|inc\.?|corp\.?|sa|ltd\.?|co\.?|asa|ab|oyj|spa|gmbh|kgaa)$/i;
/**
 * The words that name a quantity, a price, a value or a cost, in the languages brokers' screens use (English,
 * German, Dutch, French, Swedish/Danish/Norwegian, Finnish, Italian, Spanish, Portuguese, Polish), as the
 * recognition gives them: accents may be lost ("Quantite", "Varde", "Ilosc"). One lexicon for the column
 * headers and the labels in front of a number ("Antal 12", "Valore 1.234,56 €", "GAV 178,20 kr").
 */
const QUANTITY_WORDS =
  "quantity|qty|shares|units|position|amount|anzahl|stück|stuck|stk\\.?|bestand|menge|nominale?|aantal|stuks|quantité|quantite|qté|qte|antal|antall|kpl|määrä|maara|kappaleet|quantità|quantita|cantidad|títulos|titulos|acciones|quantidade|qtd\\.?|qtde\\.?|ilość|ilosc|liczba|holdings";
const PRICE_WORDS =
  "price|last|kurs|preis|koers|cours|prix|quote|senast|senaste|kurssi|hinta|prezzo|precio|preço|preco|cotización|cotizacion|cotação|cotacao|cena|notowanie";
const VALUE_WORDS =
  "value|wert|kurswert|marktwert|waarde|valeur|valorisation|balance|värde|varde|marknadsvärde|marknadsvarde|verdi|markedsverdi|værdi|vaerdi|markedsværdi|arvo|markkina-arvo|valore|controvalore|importe|valoración|valoracion|saldo|wartość|wartosc";
/** a cost per share ("Avg", "GAV" in Swedish, "PRU" in French, "PMC" in Italian, "Einstand"): neither price nor value */
const COST_WORDS =
  "avg\\.?|average|cost|einstand|einstandskurs|kaufkurs|ø|gav|snittkurs|inköpskurs|inkopskurs|anskaffningskurs|kostpris|pru|pmc|pmp|medio|médio|carico|hankintahinta|średnia|srednia";
const HEADER_WORDS = new RegExp(
  `^(symbol|ticker|instrument|asset|assets|coin|holding|holdings|security|available|market|mkt|ltp|cur|chg|gain\\/loss|gain|loss|unrealized|unrealised|unrlzd|p&l|product|name|description|investment|basis|change|day's|return|total|weight|wertpapier|entwicklung|bezeichnung|produit|p\\/l|%|fund|target|actual|drift|trade|action|order|suggested|allocation|innehav|värdepapper|vardepapper|titolo|titoli|valore|strumento|valores|ativo|ativos|papier|walor|nazwa|nimi|osake|${QUANTITY_WORDS}|${PRICE_WORDS}|${VALUE_WORDS}|${COST_WORDS})$`,
  "i",
);
/** header words naming the quantity's column */
const QUANTITY_HEADER = new RegExp(`^(${QUANTITY_WORDS})$`, "i");
/** a label in front of the quantity on its line ("Shares 12", "Qty: 3.5", "Antal 12", "Ilość 40") */
const QUANTITY_LABEL = new RegExp(`^(${QUANTITY_WORDS}):?$`, "i");
/** a label in front of the price on its line ("Kurs 189,32 €", "Last price $12.50", "Cours 397,76", "Prezzo 12,50") */
const PRICE_LABEL = new RegExp(`^(${PRICE_WORDS}):?$`, "i");
/** a label in front of the value on its line ("Value $1,234", "Wert 1.234,56 €", "Värde 2 271,84 kr") */
const VALUE_LABEL = new RegExp(`^(${VALUE_WORDS}):?$`, "i");
/** a label in front of the symbol on its line ("Symbol AAPL", "Kürzel SAP", "Mnémo OR") */
const SYMBOL_LABEL = /^(symbol|ticker|kürzel|kurzel|mnémo|mnemo|code|isin\/symbol):?$/i;
/** a label in front of the company's name on its line ("Description Apple Inc.", "Wertpapier Allianz SE") */
const NAME_LABEL =
  /^(description|security|titre|wertpapier|bezeichnung|instrument|name|product|produit|värdepapper|vardepapper|titolo|nazwa):?$/i;
/** an order's verb before its quantity ("Buy 3", "Sell 12", a rebalancing tool's suggested trade): that number is no holding */
const ORDER_VERB =
  /^(buy|sell|kauf|kaufen|verkauf|verkaufen|achat|vente|acheter|vendre|comprar|vender|compra|venta|koop|verkoop|köp|kop|sälj|salj|acquista|vendi|kup|sprzedaj)$/i;
/** a label word before a price or value that makes it a cost ("Avg price", "Einstandskurs", "GAV 178,20 kr") */
const COST_LABEL = new RegExp(`^(${COST_WORDS}):?$`, "i");
const TOTAL = /\b(subtotal|summe|gesamt|totaal|totalt|totale|razem|suma|balance|net worth|portfolio value)\b/i;
/** "Total …" or "… Total $1,234": the word opens the line or only amounts follow it (not "Vanguard Total Stock") */
const TOTAL_WORD = /^totals?\b|\btotals?:?(\s+[-+(]?[$€£¥]?[\d.,]+\)?\s*[€$£¥%]?)*\s*$/i;
const CASH =
  /\b(cash|money market|sweep|buying power|settled|available to|us dollar|pending activity|spaxx|fcash|core position|geldmarkt|liquidit)/i;
const ACCOUNT =
  /\b(account|acct|brokerage|ira|roth|401\(?k\)?|depot|individual|joint|as of)\b|[•*·.]{3,}\s?\d{3,}|\bx{2,}\d{3,}|\b[a-z]\d{7,}\b/i;

interface Token {
  text: string;
  box?: { x0: number; y0: number; x1: number; y1: number };
  x?: number;
  x0?: number;
  /** the word's height, a measure of the type's size */
  height?: number;
  confidence?: number;
  value?: number;
  currency?: boolean;
  percent?: boolean;
  signed?: boolean;
  unit?: boolean;
  /** follows a "Value" label */
  labelledValue?: boolean;
  /** follows a "Price" label */
  labelledPrice?: boolean;
  /** a ticker that follows a "Symbol" label */
  labelled?: boolean;
  /** a label opening a pair of label and value ("Description", "Price", "Symbol"): no word of a name */
  label?: "name" | "other";
  /** a ticker standing under a Symbol/Ticker header */
  underSymbol?: boolean;
  /** a quantity told by a unit the document's repetitions taught or an order's sign, not a unit known: unsure unless its row checks */
  learnt?: boolean;
  /** a ticker written as one: in parentheses, after its exchange ("NASDAQ:AAPL") or before its market ("AAPL.US") */
  marked?: boolean;
  /** follows an "Avg"/"Cost" label: a cost per share, not a price */
  cost?: boolean;
  /** an average cost per share ("Avg $145.20", "GAV 178,20 kr", under an "Avg Price" header): near the price, whatever it is */
  perShare?: boolean;
  /** the coin's symbol written after the amount ("0.5 BTC") */
  unitSymbol?: string;
  ticker?: string;
  nameWord?: boolean;
}

type ColumnKind = "quantity" | "price" | "value" | "ticker" | "cost" | "change" | "weight" | "trade" | "other";

/** a header cell: what its column holds and where it stands */
interface Column {
  kind: ColumnKind;
  /** the header cell's words */
  phrase?: string;
  x0: number;
  x1: number;
}

interface Columns {
  /** the table's first column is the symbol: a row's first word is its ticker whatever case OCR gave it */
  symbolFirst?: boolean;
  /** every header cell, left to right (when the OCR gave boxes) */
  list?: Column[];
  quantity?: number;
  price?: number;
  value?: number;
  ticker?: number;
}

interface Holding {
  tokens: Token[];
  line: number;
  text: string[];
  ticker?: string;
  tickerConfidence?: number;
  /** the ticker is also its name's first word ("SPDR S&P 500", "LTC Litecoin"): a symbol alone under it may be the real one */
  tickerInName?: boolean;
  name: string[];
}

const low = (a: { confidence?: number }, b: { confidence?: number }) =>
  a.confidence === undefined ? b.confidence : b.confidence === undefined ? a.confidence : Math.min(a.confidence, b.confidence);

export interface ScreenshotReading {
  rows: ScreenshotHolding[];
  errors: ScreenshotError[];
  /** lines with two or more amounts that belong to no holding: a sign the recognition missed the names */
  orphans: number;
  /** errors of lines that looked like a holding (a ticker, or two amounts or more) whose quantity could not be told */
  missed: number;
}

/**
 * The holdings of a screenshot's lines. The decimal mark is the caller's `hint` when it has one; otherwise
 * it is decided by the document's own evidence: the lines are read under both marks and the reading in which
 * more rows check (quantity × price = value) wins; when as many check, the mark most numbers show decides.
 */
export function readHoldings(lines: ScreenshotLine[], hint?: DecimalMark): ScreenshotReading {
  if (hint) return readWith(lines, hint);
  const dominant = dominantDecimal(lines.flatMap((l) => l.text.split(/\s+/)).filter((w) => /\d[.,]\d/.test(w)));
  const first = readWith(lines, dominant);
  // only a number with one separator before three digits reads differently under the other mark
  if (!lines.some((l) => /(^|[^\d.,])\d{1,3}[.,]\d{3}(?![\d.,])/.test(l.text))) return first;
  const second = readWith(lines, dominant === "." ? "," : ".");
  const checks = (r: ScreenshotReading) => r.rows.filter((x) => x.evidence.quantity === "product" && !x.evidence.mismatch).length;
  return checks(second) > checks(first) ? second : first;
}

function readWith(lines: ScreenshotLine[], decimal: DecimalMark): ScreenshotReading {
  const numberless = amountsToNearestLine(mergeStackedHeaders(labelStrips(transposeFigures(dropRowNumbers(lines)))));
  const marks = documentMarks(numberless);
  const grid = splitPanels(numberless);
  const repeated = grid.length > 1 ? grid : splitRepeatedHeader(numberless);
  const panels = repeated.length > 1 ? repeated : splitPanes(numberless);
  if (panels.length === 1) return readPanel(numberless, decimal, marks);
  const readings = panels.map((panel) => readPanel(panel, decimal, marks));
  return {
    rows: readings.flatMap((r) => r.rows),
    errors: readings.flatMap((r) => r.errors),
    orphans: readings.reduce((n, r) => n + r.orphans, 0),
    missed: readings.reduce((n, r) => n + r.missed, 0),
  };
}

/** a line's words cut into cells where they stand further apart than a space (more than a letter and a half) */
function cells(line: ScreenshotLine): ScreenshotWord[][] {
  const ws = [...(line.words ?? [])].filter((w) => w.text.trim() && !/^[|·•]$/.test(w.text.trim())).sort((a, b) => a.x0 - b.x0);
  const letter = (w: ScreenshotWord) => (w.x1 - w.x0) / Math.max(1, w.text.length);
  const out: ScreenshotWord[][] = [];
  for (const w of ws) {
    const last = out.at(-1)?.at(-1);
    if (last && w.x0 - last.x1 < Math.max(letter(w), letter(last)) * 1.5) out[out.length - 1].push(w);
    else out.push([w]);
  }
  return out;
}

/** a word of the lexicon's labels: a quantity's, a price's, a value's, a cost's, a name's or a symbol's */
const knownLabel = (w: string) =>
  [QUANTITY_LABEL, PRICE_LABEL, VALUE_LABEL, COST_LABEL, NAME_LABEL, SYMBOL_LABEL].some((re) => re.test(w.replace(/:$/, "")));

const SYMBOL_CELL = /^[A-Z]{1,5}([.-][A-Z])?$/;

/**
 * A table turned on its side (a comparison view: the holdings as columns, the figures as rows: "Symbol AAPL
 * MSFT VOO", "Shares 12 5 30", "Market value …"), whatever the figures' labels and order: a line whose cells,
 * after an optional label cell, are two symbols or more, and two lines or more below it whose cells, after
 * their label, stand under those symbols one each, two of them numbers. It is read as a card per holding (the
 * symbol, then each row's label with that holding's cell: "Shares 12", "Last price $189.32"), which the
 * label rules read like any card of label/value pairs. Other lines are kept as they are.
 */
export function transposeFigures(lines: ScreenshotLine[]): ScreenshotLine[] {
  if (lines.some((l) => !l.words)) return lines;
  const cut = lines.map(cells);
  for (const [at, row] of cut.entries()) {
    const labelled = row.length >= 3 && !row[0].every((w) => SYMBOL_CELL.test(w.text)) && row[0].every((w) => !/\d/.test(w.text));
    // under a Symbol label a cell of one to five letters is a symbol whatever case the recognition gave it ("voo")
    const symbolRow = labelled && row[0].length === 1 && SYMBOL_LABEL.test(row[0][0].text);
    const cellIsSymbol = (c: ScreenshotWord[]) =>
      c.length === 1 &&
      (SYMBOL_CELL.test(c[0].text) || (symbolRow && SYMBOL_CELL.test(c[0].text.toUpperCase()))) &&
      !NOT_TICKERS.has(c[0].text.toUpperCase());
    const symbols = (labelled ? row.slice(1) : row).map((c) => (cellIsSymbol(c) ? [{ ...c[0], text: c[0].text.toUpperCase() }] : c));
    if (symbols.length < 2 || !symbols.every(cellIsSymbol)) continue;
    const k = symbols.length;
    const centre = (c: ScreenshotWord[]) => (c[0].x0 + (c.at(-1) as ScreenshotWord).x1) / 2;
    const left = symbols[0][0].x0;
    const centres = symbols.map(centre);
    // the table's rows: the lines below (and above) whose cells right of the label stand one under each symbol
    const figures = (r: ScreenshotWord[][]): { label: ScreenshotWord[]; values: ScreenshotWord[][] } | null => {
      const label = r[0] && r[0][0].x0 < left - (symbols[0][0].x1 - symbols[0][0].x0) && !r[0].some((w) => /\d/.test(w.text)) ? r[0] : [];
      const rest = label.length ? r.slice(1) : r;
      if (rest.length !== k) return null;
      // each cell nearer its own symbol than any other's, by their left edges, right edges or centres (cells
      // line up on one of them)
      const gap = (c: ScreenshotWord[], m: number) =>
        Math.min(
          Math.abs(c[0].x0 - symbols[m][0].x0),
          Math.abs((c.at(-1) as ScreenshotWord).x1 - symbols[m][0].x1),
          Math.abs(centre(c) - centres[m]),
        );
      const own = rest.every((c, j) => centres.every((_, m) => gap(c, j) <= gap(c, m)));
      return own ? { label, values: rest } : null;
    };
    const table: { index: number; label: ScreenshotWord[]; values: ScreenshotWord[][] }[] = [];
    let first = at;
    for (let i = at - 1; i >= 0; i--) {
      const f = figures(cut[i]);
      if (!f?.label.length) break;
      table.unshift({ index: i, ...f });
      first = i;
    }
    for (let i = at + 1; i < cut.length; i++) {
      const f = figures(cut[i]);
      if (!f) break;
      table.push({ index: i, ...f });
    }
    const numeric = table.filter((t) => t.values.filter((c) => c.some((w) => /\d/.test(w.text))).length >= 2);
    if (table.length < 2 || numeric.length < 2) continue;
    const out: ScreenshotLine[] = [];
    let y = symbols[0][0].y0 ?? 0;
    const line = (ws: ScreenshotWord[]) => {
      const placed = ws.map((w) => ({ ...w, y0: y, y1: y + 20 }));
      y += 30;
      return { text: placed.map((w) => w.text).join(" "), words: placed };
    };
    for (let j = 0; j < k; j++) {
      out.push(line(symbols[j]));
      // a label the lexicon knows is kept before its cell ("Shares 12", "Last price $189.32"); another ("Day's
      // change", "Weight") would read as a name: its cell stands alone, for the relations to place
      for (const t of table) out.push(line([...(t.label.some((w) => knownLabel(w.text)) ? t.label : []), ...t.values[j]]));
    }
    const last = table[table.length - 1].index;
    return [...lines.slice(0, first), ...out, ...transposeFigures(lines.slice(last + 1))];
  }
  return lines;
}

/**
 * A card's label strip (an app's card: the symbol and name, then a strip of small labels "UNITS VALUE
 * ALLOCATION" over one line of figures "64.64859 $3,966.19 5.3%"): a line of two label cells or more, one of
 * them a quantity's, none a symbol's or a name's, with exactly one line below it whose cells, as many as the
 * labels, all hold digits and stand one under each label, and no second such line (that would be a table).
 * The two lines become one line per label: the label the lexicon knows kept before its figure ("UNITS
 * 64.64859", "VALUE $3,966.19"), another's figure alone, which the label rules read like any card of
 * label/value pairs under the card's symbol. Other lines are kept as they are.
 */
export function labelStrips(lines: ScreenshotLine[]): ScreenshotLine[] {
  if (lines.some((l) => !l.words)) return lines;
  const cut = lines.map(cells);
  const out: ScreenshotLine[] = [];
  const centre = (c: ScreenshotWord[]) => (c[0].x0 + (c.at(-1) as ScreenshotWord).x1) / 2;
  const underEach = (labels: ScreenshotWord[][], row: ScreenshotWord[][] | undefined) => {
    if (!row || row.length !== labels.length || !row.every((c) => c.some((w) => /\d/.test(w.text)))) return false;
    const gap = (c: ScreenshotWord[], m: number) => Math.min(Math.abs(c[0].x0 - labels[m][0].x0), Math.abs(centre(c) - centre(labels[m])));
    return row.every((c, j) => labels.every((_, m) => gap(c, j) <= gap(c, m)));
  };
  for (let i = 0; i < lines.length; i++) {
    const labels = cut[i];
    const strip =
      labels.length >= 2 &&
      labels.every((c) => c.every((w) => !/\d/.test(w.text) && (HEADER_WORDS.test(w.text) || knownLabel(w.text)))) &&
      labels.some((c) => c.some((w) => QUANTITY_LABEL.test(w.text))) &&
      !labels.some((c) => c.some((w) => SYMBOL_LABEL.test(w.text) || NAME_LABEL.test(w.text))) &&
      underEach(labels, cut[i + 1]) &&
      !underEach(labels, cut[i + 2]);
    if (!strip) {
      out.push(lines[i]);
      continue;
    }
    const row = cut[i + 1];
    const y = labels[0][0].y0 ?? 0;
    labels.forEach((label, j) => {
      const ws = [...(label.some((w) => knownLabel(w.text)) ? label : []), ...row[j]].map((w) => ({
        ...w,
        y0: y + j * 30,
        y1: y + j * 30 + 20,
      }));
      out.push({ text: ws.map((w) => w.text).join(" "), words: ws });
    });
    i++;
  }
  return out;
}

/**
 * A line of amounts alone belongs to the line it stands nearest to: where it stands clearly nearer the line
 * below (a capture turned by a degree lifts a row's right-hand amounts above its symbol; an amount printed
 * over its row) and that line holds words, it is that line's (its words are added to it, left to right).
 * One nearer the line above, or midway (a name cell of two lines with its row's amounts between them), is
 * left where it is: the row being read takes it.
 */
export function amountsToNearestLine(lines: ScreenshotLine[]): ScreenshotLine[] {
  if (lines.some((l) => !l.words)) return lines;
  const out: ScreenshotLine[] = [];
  for (let i = 0; i < lines.length; i++) {
    const here = lines[i];
    const next = lines[i + 1];
    const ws = (here.words ?? []).filter((w) => w.text.trim());
    const amountsOnly =
      ws.some((w) => NUMBER_WORD.test(w.text)) &&
      ws.every((w) => NUMBER_WORD.test(w.text) || CURRENCY_WORD.test(w.text) || isIdentifier(w.text));
    const [a, h, b] = [span(out.at(-1)), span(here), span(next)];
    if (amountsOnly && next?.words && h && b && /\p{L}{2}/u.test(next.text)) {
      // the gaps to the lines above and below (negative where they overlap); nearer by a third of a line at
      // least (a name cell of two lines, "Palantir" over "Technologies", has its row's amounts midway)
      const below = b[0] - h[1];
      const above = a ? h[0] - a[1] : Number.POSITIVE_INFINITY;
      if (below < above - (h[1] - h[0]) / 3) {
        const words = [...(next.words ?? []), ...ws].sort((x, y) => x.x0 - y.x0);
        lines = [...lines.slice(0, i + 1), { text: words.map((w) => w.text).join(" "), words }, ...lines.slice(i + 2)];
        continue;
      }
    }
    out.push(here);
  }
  return out;
}

/**
 * A header whose cells hold two lines ("Avg" over "cost", "Mkt" over "value") is read by the recognition as
 * two header lines: consecutive header lines standing closer than a line's height are one header, the words
 * of each cell joined.
 */
export function mergeStackedHeaders(lines: ScreenshotLine[]): ScreenshotLine[] {
  if (lines.some((l) => !l.words)) return lines;
  const out: ScreenshotLine[] = [];
  for (const line of lines) {
    const prev = out.at(-1);
    const [p, h] = [span(prev), span(line)];
    if (prev && p && h && h[0] - p[1] < (h[1] - h[0]) * 1.2 && headerColumns(prev) && headerColumns(line)) {
      // the upper word of a stacked cell first: by columns (overlapping x), then top to bottom
      const words = [...(prev.words ?? []), ...(line.words ?? [])].sort((x, y) => x.x0 - y.x0);
      out[out.length - 1] = { text: words.map((w) => w.text).join(" "), words };
      continue;
    }
    out.push(line);
  }
  return out;
}

/**
 * A spreadsheet's row numbers (1, 2, 3 … opening consecutive lines) are no quantities: where three lines or
 * more open with numbers that count up by one, those numbers are dropped.
 */
function dropRowNumbers(lines: ScreenshotLine[]): ScreenshotLine[] {
  const first = (l: ScreenshotLine) => l.text.trim().split(/\s+/)[0] ?? "";
  const numbered = lines.map((l) => (/^\d{1,3}$/.test(first(l)) ? Number(first(l)) : null));
  let counting = 0;
  for (let i = 1; i < numbered.length; i++) {
    const prev = numbered
      .slice(0, i)
      .filter((n) => n !== null)
      .pop();
    if (numbered[i] !== null && prev !== undefined && numbered[i] === (prev as number) + 1) counting++;
  }
  if (counting < 2) return lines;
  return lines.map((l, i) => {
    if (numbered[i] === null) return l;
    const words = l.words?.slice(1);
    return { text: l.text.trim().replace(/^\d{1,3}\s*/, ""), ...(words ? { words } : {}) };
  });
}

/**
 * A grid of cards side by side (a desktop's position cards) is read card column by card column. It is a grid
 * when a line repeats a label word in pieces of the line apart ("Shares 63   Shares 20   Shares 142"): each
 * repetition's left edge starts a column. Words are given to the column whose start is at or left of them
 * (a little to the left of the label: a card's logo sits there). A table's rows never repeat a word so.
 */
export function splitPanels(lines: ScreenshotLine[]): ScreenshotLine[][] {
  if (lines.some((l) => !l.words)) return [lines];
  // every line's repeated label, as the left edges of its repetitions
  const found: number[][] = [];
  for (const line of lines) {
    const ws = line.words as ScreenshotWord[];
    const byWord = new Map<string, ScreenshotWord[]>();
    // labels are words ("Shares", "Value"), never a symbol repeated as a unit ("BTC 0.5 BTC")
    for (const w of ws)
      if (/^\p{L}{3,}:?$/u.test(w.text) && /\p{Ll}/u.test(w.text))
        byWord.set(w.text.toLowerCase(), [...(byWord.get(w.text.toLowerCase()) ?? []), w]);
    for (const same of byWord.values()) {
      if (same.length < 2) continue;
      const xs = same.map((w) => w.x0).sort((a, b) => a - b);
      const gaps = xs.slice(1).map((x, i) => x - xs[i]);
      const height =
        Math.max(...same.map((w) => (w as { y1?: number }).y1 ?? 0)) - Math.min(...same.map((w) => (w as { y0?: number }).y0 ?? 0));
      // columns apart: each gap wider than a few words, and the gaps alike (a grid's columns are even)
      if (Math.min(...gaps) < Math.max(height, 1) * 8 || Math.max(...gaps) > Math.min(...gaps) * 1.5) continue;
      found.push(xs);
    }
  }
  // a grid repeats its labels on two lines or more at the same places ("Shares" and "Value" under each card);
  // a date range ("October 1 – October 31") repeats a word once
  const agree = (a: number[], b: number[]) => a.length === b.length && a.every((x, i) => Math.abs(x - b[i]) <= (a[1] - a[0]) * 0.1);
  const starts = found.filter((xs) => found.filter((ys) => agree(xs, ys)).length >= 2).sort((a, b) => b.length - a.length)[0] ?? [];
  if (starts.length < 2) return [lines];
  const width = starts[1] - starts[0];
  const edges = starts.map((x) => x - width * 0.08);
  const columnOf = (w: ScreenshotWord) => Math.max(0, edges.filter((e) => e <= w.x0).length - 1);
  const panels: ScreenshotLine[][] = starts.map(() => []);
  for (const line of lines) {
    const parts = new Map<number, ScreenshotWord[]>();
    for (const w of line.words as ScreenshotWord[]) parts.set(columnOf(w), [...(parts.get(columnOf(w)) ?? []), w]);
    for (const [column, ws] of parts) panels[column].push({ text: ws.map((w) => w.text).join(" "), words: ws });
  }
  return panels;
}

/**
 * Two panes side by side (a tablet's split view: a watchlist on the left, the holdings on the right), each
 * with its own rows at its own heights: an edge no word crosses, at which three lines or more start with a
 * word of letters and hold nothing left of it (the right pane's own rows), while three lines or more hold
 * words left of it only (the left pane's own rows). A table's columns have such edges too, but its rows
 * fill their columns on the same lines: it has no lines of a right-hand column alone that start with a
 * word. The first words of each pane's own lines are three different words at least, none a label (a card's
 * "SHARES 16" repeated at one place is no pane). Each pane is read on its own: every line's words are cut at
 * the edge.
 */
export function splitPanes(lines: ScreenshotLine[]): ScreenshotLine[][] {
  if (lines.some((l) => !l.words)) return [lines];
  const all = lines.map((l) => [...(l.words as ScreenshotWord[])].sort((a, b) => a.x0 - b.x0));
  const near = (w: ScreenshotWord) => Math.max(8, (w.y1 !== undefined && w.y0 !== undefined ? w.y1 - w.y0 : 20) * 0.4);
  const edges = [...new Set(all.flatMap((ws) => ws.filter((w) => /^\p{L}/u.test(w.text)).map((w) => w.x0)))].sort((a, b) => a - b);
  for (const x of edges) {
    const slack = 8;
    if (all.some((ws) => ws.some((w) => w.x0 < x - slack && w.x1 > x))) continue;
    const rightOwn = all.filter(
      (ws) => ws.length && ws[0].x0 >= x - slack && Math.abs(ws[0].x0 - x) <= near(ws[0]) && /^\p{L}/u.test(ws[0].text),
    );
    const leftOwn = all.filter((ws) => ws.length && (ws.at(-1) as ScreenshotWord).x1 <= x && /^\p{L}/u.test(ws[0].text));
    // rows of their own start with words of their own (symbols, names), not a card's label repeated ("SHARES 16")
    const own = (ls: ScreenshotWord[][]) =>
      new Set(ls.map((ws) => ws[0].text.toLowerCase()).filter((t) => !knownLabel(t) && !HEADER_WORDS.test(t))).size;
    if (own(rightOwn) < 3 || own(leftOwn) < 3) continue;
    const left: ScreenshotLine[] = [];
    const right: ScreenshotLine[] = [];
    for (const ws of all) {
      const l = ws.filter((w) => w.x0 < x - slack);
      const r = ws.filter((w) => w.x0 >= x - slack);
      if (l.length) left.push({ text: l.map((w) => w.text).join(" "), words: l });
      if (r.length) right.push({ text: r.map((w) => w.text).join(" "), words: r });
    }
    return [left, right];
  }
  return [lines];
}

/**
 * Tables side by side (a compact printout with two holdings a line): a header whose columns repeat their
 * kinds in the same order ("Symbol Qty Value Symbol Qty Value") is as many tables. Every line from the
 * header on is cut where each repetition starts (midway between the end of one repetition's last column and
 * the start of the next one's first), and each part is read as a table of its own under its piece of the
 * header; the lines above the header (a title) stay with the first.
 */
export function splitRepeatedHeader(lines: ScreenshotLine[]): ScreenshotLine[][] {
  if (lines.some((l) => !l.words)) return [lines];
  for (const [at, line] of lines.entries()) {
    const list = headerColumns(line)?.list;
    if (!list || list.length < 4) continue;
    const kinds = list.map((c) => c.kind);
    // the shortest period whose repetitions name the same kinds, one of them a quantity, price or value
    const period = [2, 3, 4, 5, 6, 7, 8].find(
      (k) =>
        k * 2 <= kinds.length &&
        kinds.length % k === 0 &&
        kinds.every((kind, i) => i < k || kind === kinds[i - k]) &&
        kinds.slice(0, k).some((kind) => kind === "quantity" || kind === "price" || kind === "value"),
    );
    if (!period) continue;
    const cuts: number[] = [];
    for (let j = period; j < list.length; j += period) cuts.push((list[j - 1].x1 + list[j].x0) / 2);
    const partOf = (w: ScreenshotWord) => cuts.filter((c) => (w.x0 + w.x1) / 2 >= c).length;
    const panels: ScreenshotLine[][] = [lines.slice(0, at), ...cuts.map(() => [] as ScreenshotLine[])];
    for (const l of lines.slice(at)) {
      const parts = new Map<number, ScreenshotWord[]>();
      for (const w of l.words as ScreenshotWord[]) parts.set(partOf(w), [...(parts.get(partOf(w)) ?? []), w]);
      for (const [k, ws] of [...parts].sort(([a], [b]) => a - b)) panels[k].push({ text: ws.map((w) => w.text).join(" "), words: ws });
    }
    return panels;
  }
  return [lines];
}

/**
 * What a document's own repetitions say about its words, whatever its language: a word that follows numbers
 * on two lines or more, and hardly anywhere else, is a mark of those numbers ("zł", "kr", "szt.", "ações",
 * however the recognition spells it): a CURRENCY when most numbers before it (80 %) show two decimals, else a
 * UNIT (the quantity's). And on which side of its amount the document writes a currency's sign or code,
 * from the cases where only one side has a number ("CHF 62.17" at a line's start, "1.234,56 EUR" at its end):
 * a code between two numbers ("18 CHF 1'119.06") then belongs to that side's number only.
 */
export interface Marks {
  words: Map<string, "unit" | "currency">;
  currencyBefore: boolean | null;
}

const NUMBER_WORD = /^[($€£¥+\-−]*\d[\d.,'’\u202f\u00a0]*[)%€$£¥]*$/;
const MARK_WORD = /^\p{L}[\p{L}.$]{0,7}$/u;

export function documentMarks(lines: ScreenshotLine[]): Marks {
  const after = new Map<string, string[]>();
  const seen = new Map<string, number>();
  let before = 0;
  let behind = 0;
  for (const line of lines) {
    const ws = line.text.trim().split(/\s+/);
    ws.forEach((w, i) => {
      const key = w.toLowerCase();
      seen.set(key, (seen.get(key) ?? 0) + 1);
      const prev = ws[i - 1] ?? "";
      const next = ws[i + 1] ?? "";
      if (MARK_WORD.test(w) && /\p{Ll}/u.test(w) && NUMBER_WORD.test(prev)) after.set(key, [...(after.get(key) ?? []), prev]);
      if (CURRENCY_WORD.test(w)) {
        if (NUMBER_WORD.test(next) && !NUMBER_WORD.test(prev)) before++;
        if (NUMBER_WORD.test(prev) && !NUMBER_WORD.test(next)) behind++;
      }
    });
  }
  const words = new Map<string, "unit" | "currency">();
  for (const [key, numbers] of after) {
    if (numbers.length < 2 || numbers.length < (seen.get(key) ?? 0) * 0.8 || CURRENCY_WORD.test(key)) continue;
    // (most of them: one amount misread, "678718" for "6 787,18", does not make the document's currency a unit)
    words.set(key, numbers.filter((n) => /\d[.,]\d{2}\D*$/.test(n)).length >= numbers.length * 0.8 ? "currency" : "unit");
  }
  return { words, currencyBefore: before === behind ? null : before > behind };
}

/** a month's name or its abbreviation, in the languages of the lexicon */
const MONTH =
  /^(jan(uary|uar|vier|uari)?|feb(ruary|ruar|braio|rero)?|févr(ier)?|mar(ch|s|zo)?|märz|apr(il|ile)?|avr(il)?|may|mai|maj|mayo|maggio|jun[ei]?|juin|giugno|jul[iy]?|juil(let)?|luglio|aug(ust|usti)?|août|ago(sto)?|sep(t|tember|tembre|tiembre)?|oct(ober|obre)?|okt(ober)?|ott(obre)?|nov(ember|embre)?|dec(ember)?|dez(ember)?|déc(embre)?|dic(iembre|embre)?)\.?,?$/i;

/** the label of a security's number: ISIN, WKN, CUSIP, SEDOL, Swiss valor, FIGI */
const IDENTIFIER_LABEL = /^(isin|wkn|cusip|sedol|valor|valoren|valorennr\.?|figi):?$/i;
/** an ISIN: two letters, nine letters or digits, a check digit */
const ISIN = /^[A-Z]{2}[A-Z0-9]{9}\d$/;
/** a security's number standing alone: an ISIN, or a CUSIP's nine digits and capitals (five digits or more, a letter: "43069513B") */
const isIdentifier = (w: string) => ISIN.test(w) || (/^[0-9A-Z]{9}$/.test(w) && /[A-Z]/.test(w) && (w.match(/\d/g)?.length ?? 0) >= 5);

/** below this recognition confidence a short scrap of letters beside amounts is a shape's edge, not a word */
const SCRAP = 40;

/** an order's sign between a quantity and its price ("12 × $189.32", "0.5 @ 64,231.50", "12 szt. à 189,32") */
const TIMES = /^([×x@àa]|at|zu)$/;

function readPanel(
  lines: ScreenshotLine[],
  decimal: DecimalMark,
  marks: Marks = { words: new Map(), currencyBefore: null },
): ScreenshotReading {
  const rows: ScreenshotHolding[] = [];
  const errors: ScreenshotError[] = [];
  let columns: Columns = {};
  let current: Holding | null = null;
  let orphans = 0;
  let totalAbove = 0;
  const tally = { missed: 0 };
  // holdings are settled once the whole panel is read: the columns' roles are learnt across its rows first
  const read: { h: Holding; columns: Columns }[] = [];
  const finish = () => {
    if (current) read.push({ h: current, columns });
    current = null;
  };
  lines.forEach((line, index) => {
    const text = line.text.trim();
    if (!text) return;
    const header = headerColumns(line);
    if (header) {
      finish();
      columns = header;
      return;
    }
    const tokens = tokenize(line, decimal, columns, marks);
    // an account's words in a line that shows a holding in full are a company's ("Home Depot Inc 4.8 £398.28 £1,915.81")
    // and so is one before a legal form, whatever the line shows ("Home Depot Inc -2.56%")
    const accountLine =
      ACCOUNT.test(text) &&
      !ACCOUNT_IN_NAME.test(text) &&
      !findTriple(tokens.filter((t) => t.value !== undefined && !t.percent && !t.signed));
    // a cash line shows one amount; a holding whose name says cash shows its ticker and amounts ("BCH Bitcoin Cash")
    const cashLine =
      CASH.test(text) &&
      !(tokens.some((t) => t.ticker) && tokens.filter((t) => t.value !== undefined && !t.percent && !t.signed).length >= 2);
    // the lines of amounts under a total's label that stands alone ("Estimated balance" over "0.76773592 BTC"
    // and "$49,312.83") are the total's, whatever unit they are written in: at most two
    const amountsOnly =
      tokens.some((t) => t.value !== undefined) &&
      tokens.every((t, i) => t.value !== undefined || t.text === "" || (t.ticker && tokens[i - 1]?.unitSymbol === t.ticker));
    // (the first line in any unit, a second only in money after a first that was not: "£9,276.99" over
    // "973.3 UNI" is a total over a holding)
    const money = tokens.some((t) => t.currency);
    if (totalAbove > 0 && amountsOnly && (totalAbove === 2 || money)) {
      totalAbove = totalAbove === 2 && !money ? 1 : 0;
      finish();
      return;
    }
    totalAbove = 0;
    if (TOTAL.test(text) || TOTAL_WORD.test(text) || cashLine || accountLine) {
      if ((TOTAL.test(text) || TOTAL_WORD.test(text)) && !tokens.some((t) => t.value !== undefined)) totalAbove = 2;
      finish();
      return;
    }
    if (columns.symbolFirst) symbolFirst(tokens, columns);
    // upper-case words well left of a Symbol column are a Description column's ("VISA INC CLASS A"), not tickers
    const symbolAt = columns.ticker;
    if (symbolAt !== undefined && !columns.symbolFirst)
      for (const t of tokens)
        if (t.ticker && t.x0 !== undefined && t.x0 < symbolAt - 3 * (t.height ?? 10)) {
          t.ticker = undefined;
          t.nameWord = true;
        }
    const tickerToken = pickTicker(tokens, columns);
    const ticker = tickerToken?.ticker;
    const name = tokens.filter((t) => t.nameWord).map((t) => t.text);
    // a name alone on the line under a holding read in full without one is that holding's name (desktop
    // tables that print the company under the ticker's row)
    // a ticker alone on its line, under a holding read in full that has a name and no other ticker, closer to the
    // line above than to the line below, is that holding's: a table cell of two lines (the name over the
    // symbol) whose row's numbers stand between them
    if (
      ticker &&
      current &&
      (!current.ticker || current.ticker === ticker || current.tickerInName || tickerToken?.labelled) &&
      current.name.length &&
      (complete(current) || current.tokens.some((t) => t.value !== undefined && !t.percent && !t.signed)) &&
      tokens.every((t) => t === tickerToken || t.text === "" || t.label) &&
      closerAbove(lines, index)
    ) {
      current.ticker = ticker;
      current.tickerConfidence = tickerToken?.confidence;
      current.tickerInName = false;
      current.text.push(text);
      return;
    }
    // a description's second line ("AANDELEN OP NAAM EO", "NAMENS-AKTIEN O.N.", "UCITS ETF USD ACC"): words and
    // no amount, in capitals, nearer the line above than the one below, under a holding read in full: that
    // holding's, and its symbol-shaped words are a share class's, no ticker (nor part of a name the search is
    // asked about; the holding's name when it has none)
    const capitals = tokens.filter((t) => /\p{L}/u.test(t.text));
    if (
      current &&
      (current.name.length || current.ticker) &&
      complete(current) &&
      capitals.length >= 2 &&
      capitals.every((t) => t.text === t.text.toUpperCase() && !t.labelled && !t.marked && !t.label) &&
      !tokens.some((t) => t.value !== undefined && !t.signed) &&
      closerAbove(lines, index)
    ) {
      current.text.push(text);
      if (!current.name.length) current.name = capitals.map((t) => t.text);
      return;
    }
    const nameOnly = name.length > 0 && !ticker && tokens.every((t) => t.nameWord || t.value === undefined);
    // a labelled name ("Description Johnson & Johnson") under a labelled symbol that took a heading's words for its
    // name ("Positions (6) Menu" over "Ticker JNJ") and has no amount yet is that holding's name
    if (
      nameOnly &&
      tokens[0]?.label === "name" &&
      current?.ticker &&
      current.tokens.some((t) => t.labelled) &&
      !current.tokens.some((t) => t.value !== undefined && !t.percent && !t.signed)
    ) {
      current.name = name;
      current.text.push(text);
      return;
    }
    if (nameOnly && current?.ticker && !current.name.length && complete(current)) {
      current.name = name;
      current.text.push(text);
      return;
    }
    // a name that opens with an upper-case word ("ING Groep +1.89%", "ASML Holding") and shows no amount, under a
    // holding that has its ticker and not yet its name nor its quantity, is that holding's name: a card's second line
    if (
      ticker &&
      tickerToken?.nameWord &&
      current?.ticker &&
      !current.name.length &&
      !complete(current) &&
      !tokens.some((t) => t.value !== undefined && !t.percent && !t.signed)
    ) {
      current.name = name;
      current.text.push(text);
      current.tokens.push(...tokens.filter((t) => t.value !== undefined));
      return;
    }
    // a row's second line: under a first line that showed the ticker and the quantity alone ("973.3 UNI",
    // "AAPL 12 sh"), a line with amounts and no quantity of its own, naming nothing or the same ticker or a
    // name where the first line had none ("Uniswap £7.71 £7,504.14"), carries that holding's price and value
    const amountsHere = tokens.filter((t) => t.value !== undefined && !t.percent && !t.signed);
    if (
      current?.ticker &&
      (!ticker || ticker === current.ticker) &&
      (!name.length || !current.name.length) &&
      amountsHere.length > 0 &&
      !amountsHere.some((t) => t.unit) &&
      quantityOnly(current)
    ) {
      if (name.length && !current.name.length) current.name = name;
      current.text.push(text);
      current.tokens.push(...tokens);
      return;
    }
    if (
      !current ||
      // a ticker under a line that named something and showed no amount: that line was a heading
      // (the same ticker again under a holding still without its quantity is the same holding: a coin
      // named by its symbol, "XRP" over "XRP 3,128.0 XRP")
      // (a ticker after a Symbol label under a name still without ticker and quantity is that name's: a card of
      // label/value pairs, "Apple Inc." over "Symbol AAPL")
      (ticker &&
        (current.ticker || !current.tokens.some((t) => t.value !== undefined && !t.percent && !t.signed)) &&
        !(tickerToken?.labelled && !current.ticker && !complete(current)) &&
        !(ticker === current.ticker && !complete(current))) ||
      (name.length && current.name.length && !ticker) ||
      // a ticker opening its company's name ("LVMH Moet Hennessy 36.846,13") under a holding with a name
      (ticker && tickerToken?.nameWord && current.name.length) ||
      ((ticker || name.length) && complete(current))
    ) {
      if (!ticker && !name.length && !current) {
        // amounts with nothing to name them: the recognition likely lost this row's ticker
        if (tokens.filter((t) => t.value !== undefined).length >= 2) orphans++;
        return;
      }
      if (ticker || name.length) {
        finish();
        current = { tokens: [], line: index + 1, text: [], name: [] };
      }
    }
    const amounts = tokens.filter((t) => t.value !== undefined && !t.percent && !t.signed).length;
    if (!ticker && !name.length && amounts >= 2 && current && complete(current)) {
      // a second row of amounts under a holding read in full: another row whose ticker the recognition lost
      orphans++;
      return;
    }
    const h = current as unknown as Holding;
    h.tokens.push(...tokens);
    h.text.push(text);
    if (ticker && !h.ticker) {
      h.ticker = ticker;
      h.tickerConfidence = tickerToken?.confidence;
      h.tickerInName = !!tickerToken?.nameWord;
    }
    if (name.length && !h.name.length) h.name = name;
  });
  finish();
  const roles = learnRoles(read.map((x) => candidates(x.h)));
  for (const x of read) settle(x.h, x.columns, rows, errors, tally, roles);
  const kept = doubts(withoutTotals(rows), lines);
  // numbers on a line apart from the name are paired by order: unsure where lines of numbers went unclaimed, or
  // where no ticker stands with them (a name between two lines of numbers may be either's)
  for (const r of kept) if (r.evidence.apart && (orphans > 0 || r.ticker === null)) r.evidence.otherLine = true;
  for (const r of kept) delete r.evidence.apart;
  return { rows: kept, errors, orphans, missed: tally.missed };
}

/**
 * What the screen's rows say about each other's quantities, for the checks (nothing here changes a reading):
 * a quantity that uses all the fixed decimals another row pads with zeros ("50.0000" beside "65.5536":
 * `rounded`), when the rounding could be worth half a cent of value or more (price × half its last decimal).
 */
function doubts(rows: ScreenshotHolding[], lines: ScreenshotLine[] = []): ScreenshotHolding[] {
  // the screen groups its thousands (an amount with a group and decimals, "4.682,88", "$1,234.56", or two groups):
  // a quantity of five digits or more written without any separator may have lost one ("35453" for "35,453")
  const grouped = lines.some((l) =>
    /(^|\s)\D?\d{1,3}(([.,'’\u202f\u00a0]\d{3})+[.,]\d{1,2}|([.,'’\u202f\u00a0]\d{3}){2,})\D*(\s|$)/.test(l.text),
  );
  for (const r of rows)
    if (grouped && r.evidence.quantity !== "product" && /^\D*\d{5,}\D*$/.test(r.evidence.quantityText ?? "")) r.evidence.ungrouped = true;
  const padded = new Set<number>();
  for (const r of rows) {
    const d = writtenDecimals(r.evidence.quantityText, r.quantity);
    if (d > 0 && /0\D*$/.test(r.evidence.quantityText ?? "")) padded.add(d);
  }
  for (const r of rows) {
    const d = writtenDecimals(r.evidence.quantityText, r.quantity);
    // a rounding worth half a cent of value or more (coins' eighth decimals are not)
    const matters = r.price !== null && r.price * 0.5 * 10 ** -d >= 0.005;
    if (padded.has(d) && matters && !/0\D*$/.test(r.evidence.quantityText ?? "")) r.evidence.rounded = d;
  }
  return rows;
}

/** the decimals a quantity is written with ("1,234" of 1234 has none; "2,044" of 2.044 has three) */
function writtenDecimals(text: string | undefined, value: number): number {
  const m = text ? /[.,](\d+)\D*$/.exec(text) : null;
  if (!m) return 0;
  if (m[1].length === 3 && Number.isInteger(value) && !/^0+$/.test(m[1])) return 0;
  return m[1].length;
}

/**
 * Totals whatever their label's language ("Overall", "Σ", "Razem"): a row that does not check on its own
 * (quantity × price = value) and shows as its quantity or value the sum of the values of the rows above it
 * since the last total (two or more), or of all the other rows, is a total, not a holding.
 */
export function withoutTotals(rows: ScreenshotHolding[]): ScreenshotHolding[] {
  const near = (a: number | null, b: number) => a !== null && b > 0 && Math.abs(a - b) <= Math.max(b * 0.002, 0.02);
  const all = rows.reduce((sum, r) => sum + (r.marketValue ?? 0), 0);
  // a screen showing one amount a row, read as each row's price, totals those amounts: a wallet's estimated
  // balance in coins over the sum of the coins' values ("0.76773592 BTC" over "$49,312.83")
  const allPrices = rows.reduce((sum, r) => sum + (r.price ?? 0), 0);
  const kept: ScreenshotHolding[] = [];
  let since: ScreenshotHolding[] = [];
  for (const r of rows) {
    const running = since.reduce((sum, x) => sum + (x.marketValue ?? 0), 0);
    const others = all - (r.marketValue ?? 0);
    const total =
      r.evidence.quantity !== "product" &&
      ((since.length >= 2 && (near(r.quantity, running) || near(r.marketValue, running))) ||
        (rows.length >= 3 && (near(r.quantity, others) || near(r.marketValue, others) || near(r.price, allPrices - (r.price ?? 0)))));
    if (total) {
      since = [];
      continue;
    }
    kept.push(r);
    since.push(r);
  }
  return kept;
}

/** the numbers of a holding that may be its quantity, price or value (no percentages, changes, costs) */
const candidates = (h: Holding) =>
  h.tokens.filter((t) => t.value !== undefined && !t.percent && !t.signed && !t.cost && (t.value as number) > 0);

/** where a role's numbers stand in a document's rows: their centre (when the OCR gave boxes) or their place among the row's numbers */
interface Slot {
  x?: number;
  /** how far from x a number may stand and still be in the slot */
  reach?: number;
  /** its place among the row's numbers, counted from the left, in rows showing `count` numbers */
  index: number;
  count: number;
}

export interface Roles {
  /** learnt from rows whose quantity and price are written differently (not from a guess) */
  told?: boolean;
  quantity?: Slot;
  price?: Slot;
  value?: Slot;
}

/**
 * The columns' roles read from the numbers' relations across the rows, whatever the headers say or where
 * the columns stand: in every row where three numbers check (quantity × price = value), each number's place
 * (its centre, or its rank among the row's numbers) is a vote for its role. A role is learnt when two rows
 * or more agree on its place and at least 60 % of the rows that checked do. Rows that do not check on their
 * own (a number misread, or only two shown) then take their numbers from those places (settle).
 */
export function learnRoles(rows: Token[][]): Roles {
  const votes: Record<"quantity" | "price" | "value", { x?: number; height: number; index: number; count: number }[]> = {
    quantity: [],
    price: [],
    value: [],
  };
  let checked = 0;
  const triples = rows.map((numbers) => [numbers, findTriple(numbers)] as const).filter(([, t]) => t !== null);
  // rows whose factors look alike vote only when no row tells its quantity from its price
  const telling = triples.some(([, t]) => !ambiguous(t as [Token, Token, Token]));
  for (const [numbers, found] of triples) {
    const triple = found as [Token, Token, Token];
    if (telling && ambiguous(triple)) continue;
    checked++;
    (["quantity", "price", "value"] as const).forEach((role, k) => {
      const t = triple[k];
      votes[role].push({
        x: t.box ? (t.box.x0 + t.box.x1) / 2 : undefined,
        height: t.box ? t.box.y1 - t.box.y0 : 0,
        index: numbers.indexOf(t),
        count: numbers.length,
      });
    });
  }
  const roles: Roles = { told: telling };
  if (checked < 2) return {};
  for (const role of ["quantity", "price", "value"] as const) {
    const vs = votes[role];
    let best: Slot | undefined;
    let bestAgree = 0;
    for (const v of vs) {
      const reach = Math.max(v.height * 3, 20);
      const agree =
        v.x !== undefined
          ? vs.filter((w) => w.x !== undefined && Math.abs(w.x - (v.x as number)) <= reach)
          : vs.filter((w) => w.index === v.index && w.count === v.count);
      if (agree.length > bestAgree) {
        bestAgree = agree.length;
        const xs = agree.map((w) => w.x).filter((x): x is number => x !== undefined);
        best = {
          ...(v.x !== undefined ? { x: xs.reduce((a, b) => a + b, 0) / xs.length, reach } : {}),
          index: v.index,
          count: v.count,
        };
      }
    }
    if (best && bestAgree >= 2 && bestAgree >= checked * 0.6) roles[role] = best;
  }
  return roles;
}

/**
 * A triple whose two factors look alike (learnRoles: no currency sign on either, the same decimals) is
 * turned round when the document's rows that told them apart put its second factor in the quantity's place.
 */
function orient(triple: [Token, Token, Token] | null, numbers: Token[], roles: Roles): [Token, Token, Token] | null {
  if (!triple || !ambiguous(triple) || !roles.quantity) return triple;
  const q = inSlot(numbers, roles.quantity);
  return q === triple[1] ? [triple[1], triple[0], triple[2]] : triple;
}

/** the number of a row standing in a learnt slot */
function inSlot(numbers: Token[], slot: Slot | undefined): Token | undefined {
  if (!slot) return undefined;
  if (slot.x !== undefined) {
    const near = numbers
      .filter((n) => n.box && Math.abs((n.box.x0 + n.box.x1) / 2 - (slot.x as number)) <= (slot.reach as number))
      .sort((a, b) => Math.abs((a.x as number) - (slot.x as number)) - Math.abs((b.x as number) - (slot.x as number)));
    return near[0];
  }
  return numbers.length === slot.count ? numbers[slot.index] : undefined;
}

/** a line's top and bottom, from its words' boxes */
function span(line: ScreenshotLine | undefined): [number, number] | null {
  const ws = line?.words?.filter((w) => w.y0 !== undefined && w.y1 !== undefined);
  if (!ws?.length) return null;
  return [Math.min(...ws.map((w) => w.y0 as number)), Math.max(...ws.map((w) => w.y1 as number))];
}

/**
 * Whether a line stands nearer the line above it than the one below (the last line: nearer than its own
 * height). Lines beside it (a logo's scrap overlapping it) are neither above nor below.
 */
function closerAbove(lines: ScreenshotLine[], index: number): boolean {
  const here = span(lines[index]);
  if (!here) return false;
  const middle = (here[0] + here[1]) / 2;
  const spans = lines.map((l, i) => (i === index ? null : span(l))).filter((x): x is [number, number] => x !== null);
  const above = Math.max(...spans.filter((x) => x[1] <= middle).map((x) => x[1]));
  const below = Math.min(...spans.filter((x) => x[0] >= middle).map((x) => x[0]));
  if (!Number.isFinite(above)) return false;
  const gapAbove = here[0] - above;
  return Number.isFinite(below) ? gapAbove < below - here[1] : gapAbove < here[1] - here[0];
}

/** whether a holding shows its quantity marked by a unit and no other amount yet (the first line of a two-line row) */
function quantityOnly(h: Holding): boolean {
  const numbers = h.tokens.filter((t) => t.value !== undefined && !t.percent && !t.signed && t.value > 0);
  return numbers.length === 1 && !!numbers[0].unit;
}

/** whether a holding already shows its quantity: shares marked by a unit, or quantity × price = value */
function complete(h: Holding): boolean {
  const numbers = h.tokens.filter((t) => t.value !== undefined && !t.percent && !t.signed);
  return numbers.some((n) => n.unit) || findTriple(numbers) !== null;
}

/**
 * A column header's phrase (the words of one header cell: "Market Value", "Avg Price", "Cost Basis Total")
 * → what the column holds. Costs, gains and weights come first: "Avg Price" is a cost, "Gain/Loss $" a gain,
 * "Kurswert" a value although it holds "Kurs".
 */
function columnKind(phrase: string, totalIsQuantity: boolean): ColumnKind {
  const p = phrase.toLowerCase().replace(/[/()]/g, " ").replace(/\s+/g, " ").trim();
  const words = p.split(" ");
  if (/^(symbol|ticker|instrument|coin|asset)$/.test(words[0])) return "ticker";
  if (/\b(avg\.?|average|cost|basis|einstand\w*|kaufkurs|paid|ø)(\b|$)/.test(p)) return "cost";
  if (
    /(\b(gain|loss|p&l|p l|pnl|unrealized|unrealised|unrlzd|change|chg|return|entwicklung|performance|day's|today)\b|^\+ -|^\+\/-)/.test(p)
  )
    return "change";
  // a rebalancing tool's columns: the target and actual weights and their drift, and the trade that closes it
  if (/\b(weight|allocation|gewicht|anteil|target|actual|drift)\b|^%$/.test(p)) return "weight";
  if (/\b(trade|action|order|suggested|to buy|to sell)\b/.test(p)) return "trade";
  if (words.some((w) => QUANTITY_HEADER.test(w))) return "quantity";
  if (p === "total" && totalIsQuantity) return "quantity";
  if (/(\b(value|waarde|valeur|mkt)\b|\p{L}*wert$)/u.test(p)) return "value";
  // LTP: the last traded price (Indian brokers' word)
  if (/\b(price|last|ltp|kurs|koers|cours|quote)\b/.test(p)) return "price";
  return "other";
}

function headerColumns(line: ScreenshotLine): Columns | null {
  const words: ScreenshotWord[] = line.words ?? line.text.split(/\s+/).map((text) => ({ text, x0: 0, x1: 0 }));
  // a header names columns: two header words or more, most of its words, and no amounts
  if (words.some((w) => /\d/.test(w.text) && !/^\d+$/.test(w.text))) return null;
  // an abbreviation's point is no part of the word ("Qty.", "Cur. val", "Net chg.")
  const hits = words.filter((w) => HEADER_WORDS.test(w.text.replace(/[:]/g, "")) || HEADER_WORDS.test(w.text.replace(/[:.]+$/, "")));
  // with a whole number in it, most of its words ("Vanguard Total Bond Market 31" is a fund's name and its shares)
  const share = words.some((w) => /^\d+$/.test(w.text)) ? 0.6 : 0.4;
  if (hits.length < 2 || hits.length < words.length * share) return null;
  // a fund's or company's name that holds header words ("Vanguard Total Stock Market ETF") is no header
  if (words.some((w) => FUND_OR_FORM.test(w.text))) return null;
  const columns: Columns = { symbolFirst: /^(symbol|ticker|instrument|coin|asset)$/i.test(words[0]?.text ?? "") };
  if (!line.words) return columns;
  // "Total" heads the quantity only where nothing else does and no price is shown (a crypto exchange's
  // Total / Available / In order), never after Cost, Basis or Gain ("Cost Basis Total")
  const totalIsQuantity = !words.some((w) => QUANTITY_HEADER.test(w.text) || /^(price|last|kurs|koers|cours)$/i.test(w.text));
  // the words of one header cell stand a space apart (less than a letter's width); cells stand further apart
  const letter = (w: ScreenshotWord) => (w.x1 - w.x0) / Math.max(1, w.text.length);
  const phrases: ScreenshotWord[][] = [];
  for (const w of [...words].sort((a, b) => a.x0 - b.x0)) {
    const last = phrases[phrases.length - 1]?.at(-1);
    if (last && w.x0 - last.x1 < Math.max(letter(w), letter(last)) * 1.1) phrases[phrases.length - 1].push(w);
    else phrases.push([w]);
  }
  columns.list = phrases.map((ws) => ({
    kind: columnKind(ws.map((w) => w.text).join(" "), totalIsQuantity),
    phrase: ws.map((w) => w.text).join(" "),
    x0: ws[0].x0,
    x1: ws[ws.length - 1].x1,
  }));
  const centre = (c: { x0: number; x1: number }) => (c.x0 + c.x1) / 2;
  for (const c of columns.list) {
    if (c.kind === "ticker") columns.ticker ??= c.x0;
    else if (c.kind === "quantity" || c.kind === "price" || c.kind === "value") columns[c.kind] ??= centre(c);
  }
  return columns;
}

function tokenize(line: ScreenshotLine, decimal: DecimalMark, columns: Columns, marks: Marks): Token[] {
  const words = (line.words ?? line.text.split(/\s+/).map((text): ScreenshotWord => ({ text, x0: Number.NaN, x1: Number.NaN }))).map(
    (w) => ({
      ...w,
      text: w.text.trim(),
    }),
  );
  // OCR splits "4.561, 71" and "$ 1,234"; join a number ending in a separator with the digits after it
  const merged: ScreenshotWord[] = [];
  for (const whole of words) {
    // "70pcs" and "12Stk.": the number and its unit glued by the recognition
    // and "Buy7": an order's verb glued to its quantity
    const glued = /^(\d[\d.,]*)(\p{L}{2,}[.-]?|[x×])$/u.exec(whole.text) ?? /^(\p{L}{3,})(\d[\d.,]*)$/u.exec(whole.text);
    const gluedVerb = !!glued && ORDER_VERB.test(glued[1]);
    const parts: ScreenshotWord[] =
      glued && (gluedVerb || /^\d/.test(glued[1]))
        ? [
            { ...whole, text: glued[1], x1: whole.x0 + ((whole.x1 - whole.x0) * glued[1].length) / whole.text.length },
            { ...whole, text: glued[2], x0: whole.x0 + ((whole.x1 - whole.x0) * glued[1].length) / whole.text.length },
          ]
        : [whole];
    for (const w of parts) {
      const prev = merged[merged.length - 1];
      // a monospaced font's decimal point read as a space ("455 69" for 455.69): a whole number, then two
      // to eight digits closer than a character's width, is one number
      if (
        prev &&
        /^[($€£¥]*\d{1,3}([,.'\u202f]\d{3})*$/.test(prev.text) &&
        /^\d{2,8}\)?$/.test(w.text) &&
        Number.isFinite(prev.x1) &&
        w.x0 - prev.x1 < (prev.x1 - prev.x0) / prev.text.length
      ) {
        Object.assign(prev, { text: `${prev.text}${decimal}${w.text}`, x1: w.x1, confidence: low(prev, w) });
        continue;
      }
      // a number grouped by a space ("8 775,75", "12 345.60"): one to three digits, then three digits and
      // decimals closer than a character's width
      if (
        prev &&
        /^[($€£¥]*\d{1,3}$/.test(prev.text) &&
        /^\d{3}[.,]\d{1,8}\)?$/.test(w.text) &&
        Number.isFinite(prev.x1) &&
        w.x0 - prev.x1 < (prev.x1 - prev.x0) / prev.text.length
      ) {
        Object.assign(prev, { text: `${prev.text}\u202f${w.text}`, x1: w.x1, confidence: low(prev, w) });
        continue;
      }
      if (prev && /\d[.,]$/.test(prev.text) && /^\d+\)?$/.test(w.text))
        Object.assign(prev, { text: prev.text + w.text, confidence: low(prev, w) });
      else if (prev && /^[$€£¥(+\-−]+$/.test(prev.text) && /^\d/.test(w.text))
        Object.assign(prev, { text: prev.text + w.text, x1: w.x1, confidence: low(prev, w) });
      else merged.push({ ...w });
    }
  }
  const tokens: Token[] = merged.map((w) => ({
    text: w.text,
    box: w.y0 !== undefined && w.y1 !== undefined ? { x0: w.x0, y0: w.y0, x1: w.x1, y1: w.y1 } : undefined,
    x: (w.x0 + w.x1) / 2,
    x0: w.x0,
    height: ((w as { y1?: number }).y1 ?? 0) - ((w as { y0?: number }).y0 ?? 0) || (w.x1 - w.x0) / Math.max(1, w.text.length),
    confidence: w.confidence,
  }));
  // a bold one-letter ticker opening a table's row is often read in lower case or, for O, as a zero ("v $296.46
  // …", "0 84.30 …", "[0] $3,775.59"): a lone letter or 0 right before a number is that ticker (no logo
  // precedes a number); a bold ticker's letters doubled in both cases ("VvOoO") are its capitals (VOO)
  // a chart's bar or a coloured shape beside the amounts reads as a short scrap of letters the recognition is
  // far from sure of ("EE", "GE", "BD"): on a line with an amount it is no word (a symbol read so unsure is
  // rather a shape's edge; a lone letter opening the row is kept for the rules below)
  const withAmount = tokens.some((t) => /^[($€£¥+\-−]*\d/.test(t.text));
  for (const [i, t] of tokens.entries())
    if (
      withAmount &&
      (t.confidence ?? 100) < SCRAP &&
      /^[([]?[A-Za-z]{1,3}[)\]]?$/.test(t.text) &&
      (i > 0 || /^[A-Za-z]{2}$/.test(t.text)) &&
      !CURRENCY_WORD.test(t.text) &&
      !isUnitAfterNumber(t.text)
    )
      t.text = "";
  const lone = tokens[0];
  const amountNext = tokens.length >= 2 && /^[$€£¥+\-−]?\d/.test(tokens[1].text);
  if (lone && tokens.length >= 2 && /^[$€£¥+\-−]?\d/.test(tokens[1].text)) {
    const letter = lone.text.replace(/^[[(](\w)[\])]$/, "$1");
    if (/^[a-zA-Z0]$/.test(letter)) lone.text = letter === "0" ? "O" : letter.toUpperCase();
  }
  if (lone && /^[A-Za-z]{3,10}$/.test(lone.text) && /[a-z]/.test(lone.text) && /[A-Z]/.test(lone.text)) {
    const chars = [...lone.text];
    const kept = chars.filter((c, i) => !(c === c.toLowerCase() && [chars[i - 1], chars[i + 1]].includes(c.toUpperCase())));
    if (kept.length < chars.length && kept.length >= 2 && kept.length <= 5 && kept.every((c) => /[A-Z]/.test(c))) lone.text = kept.join("");
    // before the row's amounts, a doubled capital ("Vvoo") marks a bold symbol whatever case the rest was read in
    else if (kept.length < chars.length && kept.length >= 2 && kept.length <= 5 && /^[A-Z]/.test(kept[0]) && amountNext)
      lone.text = kept.join("").toUpperCase();
  }
  // and a capital O read as a zero inside it ("V0o", "C0ST")
  if (lone && amountNext && /^[A-Z][A-Za-z0]{1,4}$/.test(lone.text) && /0/.test(lone.text) && /[A-Z0]$/i.test(lone.text))
    lone.text = lone.text.toUpperCase().replace(/0/g, "O");
  // a label of one to three words opening the line before its value ("Price", "Current price", "Position
  // value", "Last Price"): its last word is a label word
  let labelRun = 0;
  for (let k = 0; k < Math.min(3, tokens.length - 1); k++) {
    const w = tokens[k].text;
    if (!/^\p{L}[\p{L}'’]*:?$/u.test(w)) break;
    if (PRICE_LABEL.test(w) || VALUE_LABEL.test(w) || NAME_LABEL.test(w) || SYMBOL_LABEL.test(w) || QUANTITY_LABEL.test(w))
      labelRun = k + 1;
  }
  tokens.forEach((t, i) => {
    // "≈ $219.18" (read "=£7,504.14" or "~$12"): an approximate amount is an amount
    const raw = t.text.replace(/[·•|]/g, "").replace(/^[≈~=](?=[$€£¥]?\d)/, "");
    if (!raw) return;
    // a security's number and its label ("ISIN DE0007164600", "WKN 716460", "Valor 1203204", "CUSIP 037833100")
    // are neither amounts nor words of a name
    // (the number right after its label: a label the recognition put on another row's line is no label of that row's numbers)
    const label = tokens[i - 1];
    const besideLabel =
      !!label &&
      IDENTIFIER_LABEL.test(label.text) &&
      /\d/.test(raw) &&
      (t.x0 === undefined || label.box === undefined || Number.isNaN(t.x0) || (t.x0 as number) - label.box.x1 < (label.height ?? 10) * 3);
    if (IDENTIFIER_LABEL.test(raw) || isIdentifier(raw) || besideLabel) {
      t.label = "other";
      return;
    }
    const next = tokens[i + 1]?.text ?? "";
    const numeric = /\d/.test(raw) && /^[($€£¥+\-−]*[\d.,\s'’\u202f\u00a0]+[)%€$£¥]*$/.test(raw.replace(/^(US\$|[A-Z]{3})/, ""));
    if (numeric) {
      // a day beside its month ("October 14", "14. Oktober", "14 oct.") is a date's, no amount
      if (/^\d{1,2}\.?,?$/.test(raw) && (MONTH.test(tokens[i - 1]?.text ?? "") || MONTH.test(next))) return;
      // and a date in figures ("10.10.2025", "10/14/2025", "2025-10-14")
      if (/^(\d{1,2}[./-]\d{1,2}[./-](\d{4}|\d{2})|\d{4}-\d{2}-\d{2})$/.test(raw)) return;
      // a parenthesis of words opened or closed on the amount ("(22 sh.", "£441.79)") is no part of it
      const bare = raw.includes("(") && raw.includes(")") ? raw : raw.replace(/^\(|\)$/g, "");
      const value = parseNumber(bare.replace(/%$/, ""), decimal);
      if (value === null) return;
      t.value = value;
      // a currency's code between two numbers belongs to the side the document writes it on
      const between = (k: number) => NUMBER_WORD.test(tokens[k]?.text ?? "");
      const codeAfter =
        (CURRENCY_WORD.test(next) || marks.words.get(next.toLowerCase()) === "currency") &&
        !(marks.currencyBefore === true && between(i + 2));
      const codeBefore = CURRENCY_WORD.test(tokens[i - 1]?.text ?? "") && !(marks.currencyBefore === false && between(i - 2));
      t.currency = /[$€£¥]/.test(raw) || codeAfter || codeBefore;
      t.percent = raw.endsWith("%") || next === "%";
      // a loss in parentheses closes them on the amount ("($10,956.05)"); an amount opening a parenthesis of
      // words ("(22 sh. at £441.79)") is no loss
      t.signed = /^[+\-−]/.test(raw) || (raw.endsWith(")") && raw.includes("(")) || (/^\(/.test(raw) && tokens[i + 1] === undefined);
      const symbol = next
        .toUpperCase()
        .replace(/0/g, "O")
        .replace(/[^A-Z]/g, "");
      // the word the document writes after its quantities, or an order's sign before a price ("12 × $189.32")
      const order = (k: number) => TIMES.test(tokens[k]?.text ?? "") && NUMBER_WORD.test(tokens[k + 1]?.text ?? "");
      const known = isUnitAfterNumber(next) || CRYPTO.has(symbol);
      t.unit =
        known || marks.words.get(next.toLowerCase()) === "unit" || order(i + 1) || (marks.words.has(next.toLowerCase()) && order(i + 2));
      // a unit the document's repetitions taught, not one known: the row must check to be sure
      if (t.unit && !known) t.learnt = true;
      // (the quantity's unit may stand between: "45 sh. at $23.34")
      const before = (k: number) =>
        tokens[k]?.value !== undefined || (isUnitAfterNumber(tokens[k]?.text ?? "") && tokens[k - 1]?.value !== undefined);
      if (i >= 2 && order(i - 1) && before(i - 2)) t.labelledPrice = true;
      if (CRYPTO.has(symbol)) t.unitSymbol = symbol;
      return;
    }
    const word = raw.replace(/[,:;]$/, "");
    if (QUANTITY_LABEL.test(raw)) return;
    // a label opening a pair of label and value ("Kurs 189,32", "Symbol AAPL", "Description Apple Inc.") is no
    // word of a name; the word after a symbol's label is the ticker, whatever its case
    if (i < labelRun) {
      t.label = NAME_LABEL.test(raw) ? "name" : "other";
      return;
    }
    if (i === 1 && tokens.length === 2 && SYMBOL_LABEL.test(tokens[0].text) && /^[A-Za-z]{1,5}([.-][A-Za-z])?$/.test(word)) {
      t.ticker = word.toUpperCase().replace("-", ".");
      t.labelled = true;
      return;
    }
    // a currency written after its amount ("1.234,56 EUR", "980,00 CHF") is no word of a name, nor a mark
    // the document writes after its numbers, nor an order's sign between two numbers
    if (tokens[i - 1]?.value !== undefined && (CURRENCY_WORD.test(raw) || marks.words.has(raw.toLowerCase()))) return;
    if (TIMES.test(raw) && NUMBER_WORD.test(next) && i > 0) return;
    // a symbol written as brokers mark it: "(AAPL)", "NASDAQ:AAPL", "AAPL.US"
    const marked =
      /^\(([A-Z]{1,5}(?:[.-][A-Z])?)\)[,.]?$/.exec(raw) ??
      /^[A-Z]{2,8}:([A-Z]{1,5}(?:[.-][A-Z])?)$/.exec(raw) ??
      /^([A-Z]{1,5}(?:-[A-Z])?)\.[A-Z]{2}$/.exec(raw);
    if (marked && !NOT_TICKERS.has(marked[1])) {
      t.ticker = marked[1];
      t.marked = true;
      return;
    }
    // the unit after a number is no word of a name ("134 pes 220,37"), nor the word joining it to what it counts
    // ("27.8552 shares of SPY", "12 parts de SAP")
    if (tokens[i - 1]?.value !== undefined && isUnitAfterNumber(raw)) return;
    if (/^(of|de|du|des|von|van|di)$/i.test(raw) && tokens[i - 2]?.value !== undefined && isUnitAfterNumber(tokens[i - 1].text)) return;
    // a label word between two numbers is a label whatever its case ("Antal 12 · GAV 178,20 kr", "12 STK · PRU
    // 45,10"): a symbol stands with its name, never between a row's numbers
    const k = tokens.slice(0, i).findLastIndex((x) => x.text.replace(/[·•|]/g, "") !== "");
    const afterNumber = tokens[k]?.value !== undefined || (k > 0 && tokens[k - 1].value !== undefined && isUnitAfterNumber(tokens[k].text));
    if (
      afterNumber &&
      NUMBER_WORD.test(next) &&
      (COST_LABEL.test(word) || PRICE_LABEL.test(word) || VALUE_LABEL.test(word) || QUANTITY_LABEL.test(word))
    ) {
      t.label = "other";
      return;
    }
    const upper = word.toUpperCase();
    const isTickerShape = /^[A-Z]{1,5}([.-][A-Z])?$/.test(upper) && !NOT_TICKERS.has(upper) && !FUND_WORDS.has(upper) && !UNITS.test(word);
    const mostlyUpper = word.replace(/[^A-Z]/g, "").length >= Math.ceil(word.replace(/[^A-Za-z]/g, "").length * 0.6);
    if (isTickerShape && (mostlyUpper || (i === 0 && word.length === 1 && merged.length <= 1))) t.ticker = upper;
    else if (/^[A-Za-z][A-Za-z&'.-]*$/.test(word) && word.length > 1 && !UNITS.test(word) && !NOT_TICKERS.has(upper)) t.nameWord = true;
  });
  // a label in front of a number marks it as the quantity ("Shares 12", "Qty 3.5") or the value ("Value $1,234")
  tokens.forEach((t, i) => {
    const n = tokens[i + 1];
    if (!n || n.value === undefined || n.percent || n.signed) return;
    if (QUANTITY_LABEL.test(t.text) && !n.currency) n.unit = true;
    const cost = i > 0 && COST_LABEL.test(tokens[i - 1].text) && !(i - 1 === 0 && tokens[0].ticker && /^[A-Z]+$/.test(tokens[0].text));
    if (VALUE_LABEL.test(t.text) && !cost) n.labelledValue = true;
    if (PRICE_LABEL.test(t.text) && !cost) n.labelledPrice = true;
    // an average cost is neither the price nor the value ("Qty 12 · Avg $145.20"); an order's quantity is no
    // holding's ("Buy 3", "Sell 12": a rebalancing tool's suggested trade)
    // (a symbol in capitals opening the row is no label: COST is Costco's)
    if (cost && (PRICE_LABEL.test(t.text) || VALUE_LABEL.test(t.text))) Object.assign(n, { cost: true, perShare: true });
    if (t.ticker && i === 0 && t.text === t.text.toUpperCase()) return;
    // an average cost per share ("Avg", "GAV", "PRU"; not "Cost", which may be the position's cost basis)
    if (COST_LABEL.test(t.text)) Object.assign(n, { cost: true, perShare: !/^cost/i.test(t.text) });
    if (ORDER_VERB.test(t.text)) n.cost = true;
  });
  // an app's round logo holds the company's initials ("Ap AAPL Apple", "B BCH Bitcoin Cash"): one or two
  // letters opening the line before a ticker, and the start of that ticker or of the word after it, are no words
  // letters opening the line before a ticker, and the start of that ticker or of the word after it, are no words;
  // nor is a logo the recognition made a short mark of ("oO", "o", "(5)", a "0" it was unsure of) before a
  // ticker it read well: a ticker is never written in lower case, and an icon reads as an unsure scrap
  const [a, b, c] = tokens;
  const initials =
    a && /^[A-Za-z]{1,2}$/.test(a.text) && [b?.text ?? "", c?.text ?? ""].some((w) => w.toLowerCase().startsWith(a.text.toLowerCase()));
  const scrap =
    a &&
    /^[A-Za-z0-9()[\]]{1,4}$/.test(a.text) &&
    (/[a-z]/.test(a.text) || (a.confidence ?? 100) < 50) &&
    /^[A-Z]{2,5}([.-][A-Z])?$/.test(b?.text ?? "") &&
    (b?.confidence ?? 100) >= 60;
  // and a single letter or digit before a coin's symbol is the coin's logo ("O ADA 3,929.49", "9 LTC 62.77")
  const coinLogo = a && /^[A-Za-z0-9]$/.test(a.text) && CRYPTO.has((b?.text ?? "").toUpperCase());
  if (a && b && (coinLogo || (b.ticker && (initials || scrap)))) {
    a.ticker = undefined;
    a.nameWord = undefined;
    a.value = undefined;
    a.text = "";
  }
  // a capitalised label word inside a name is part of it ("Vanguard Total Stock Market", "AT&T Inc"): the
  // lines where such words are labels (headers, totals, cash) were left out before
  for (let pass = 0; pass < 2; pass++) {
    tokens.forEach((t, i) => {
      if (t.nameWord || t.ticker || t.label || t.value !== undefined || !/^[A-Z][a-z]+\.?$/.test(t.text) || UNITS.test(t.text)) return;
      if (tokens[i - 1]?.nameWord || tokens[i + 1]?.nameWord) t.nameWord = true;
    });
  }
  // a short word standing under a Symbol/Ticker header is the ticker whatever case the recognition gave it
  // ("Ko", "v"), wherever that column stands in the row
  if (columns.list?.some((c) => c.kind === "ticker"))
    for (const [i, t] of tokens.entries()) {
      // never a word inside a name's run of words ("iShares Core US Aggregate" under a phone's Symbol header)
      if (t.value !== undefined || tokens[i - 1]?.nameWord || headerColumnOf(t, columns)?.kind !== "ticker") continue;
      const word = t.text.replace(/^[[(|]+|[\])|.,:;]+$/g, "");
      if (!/^[A-Za-z]{1,5}$/.test(word) || /^[A-Z][a-z]{2,}$/.test(word) || NOT_TICKERS.has(word.toUpperCase()) || UNITS.test(word))
        continue;
      t.ticker = word.toUpperCase();
      t.nameWord = false;
      t.underSymbol = true;
    }
  // a number under a cost, gain or weight column is none of quantity, price and value ("Avg Price 18.92")
  for (const t of tokens) {
    if (t.value === undefined) continue;
    const kind = headerColumnOf(t, columns)?.kind;
    if (kind === "cost" || kind === "change" || kind === "weight" || kind === "trade") t.cost = true;
    const phrase = kind === "cost" ? (headerColumnOf(t, columns)?.phrase ?? "") : "";
    if (/\b(avg|average|per share|\/share|einstandskurs|kaufkurs|gav|pru|pmc|snittkurs)\b/i.test(phrase)) t.perShare = true;
    // a number under a CUSIP, ISIN or WKN column is a security's number
    if (kind === "other" && IDENTIFIER_LABEL.test(headerColumnOf(t, columns)?.phrase ?? "") && /^\d{6,}$/.test(t.text)) {
      t.value = undefined;
      t.label = "other";
    }
  }
  // a bare whole number between words is part of a name ("Vanguard S&P 500 ETF", "iShares Russell 2000"), not a quantity
  tokens.forEach((t, i) => {
    const prev = tokens[i - 1];
    const next = tokens[i + 1];
    if (t.value === undefined || t.currency || t.percent || t.signed || t.unit || !/^\d+$/.test(t.text)) return;
    // (not before a currency's code: "Invesco QQQ Trust 150 CHF 457.51" shows 150 shares and a price in francs)
    // and so is one before a fund's word wherever it stands ("500 ETF" on a name's second line, "2000 Index")
    const fundAfter = !!next && /^(etf|etfs|ucits|trust|fund|index)$/i.test(next.text);
    if (
      fundAfter ||
      (prev?.nameWord &&
        next &&
        /^[A-Za-z][A-Za-z&'.-]*$/.test(next.text) &&
        !CURRENCY_WORD.test(next.text) &&
        !marks.words.has(next.text.toLowerCase()))
    ) {
      t.value = undefined;
      t.nameWord = true;
    }
  });
  // an upper-case word next to a capitalised word is part of a company name ("ASML Holding", "iShares Core MSCI")
  const first = tokens.findIndex((t) => t.text !== "");
  // a name printed in capitals ("LVMH MOET HENNESSY", "ADVANCED MICRO DEVICES"): symbol-shaped words in a run of
  // capitals that holds a word too long for a symbol are the name's, from that word outwards (the run's first
  // word, where it opens the row, stays a symbol as well: the rule below)
  for (let pass = 0; pass < 2; pass++)
    for (let i = tokens.length - 1; i >= 0; i--) {
      const t = tokens[i];
      if (!t.ticker || t.labelled || t.underSymbol || t.marked) continue;
      const capitals = (n: Token | undefined) => !!n && /^[A-Z][A-Z&'.-]{5,}$/.test(n.text) && !!n.nameWord;
      if (
        capitals(tokens[i + 1]) ||
        capitals(tokens[i - 1]) ||
        (tokens[i + 1]?.nameWord && /^[A-Z]{2,}$/.test(tokens[i + 1].text) && pass > 0)
      )
        if (i !== first || tokens.length > 1) {
          const opens = i === first || (tokens[i - 1]?.value !== undefined && !tokens.slice(0, i).some((x) => x.nameWord || x.ticker));
          t.nameWord = true;
          if (!opens) t.ticker = undefined;
        }
    }
  // a symbol stands at a description's start or end, never in its middle: in a run of three capital words or
  // more that holds a word too long for a symbol ("ISHARES CORE MSCI WORLD UCITS"), the symbol-shaped words
  // between its first and its last are the name's
  for (let i = 0; i < tokens.length; ) {
    let j = i;
    while (
      j < tokens.length &&
      tokens[j].value === undefined &&
      /^[A-Z][A-Z&'.-]*$/.test(tokens[j].text) &&
      !CURRENCY_WORD.test(tokens[j].text)
    )
      j++;
    const run = tokens.slice(i, j);
    if (run.length >= 3 && run.some((t) => /^[A-Z][A-Z&'.-]{5,}$/.test(t.text)))
      for (const t of run.slice(1, -1))
        if (t.ticker && !t.labelled && !t.underSymbol && !t.marked) {
          t.ticker = undefined;
          t.nameWord = true;
        }
    i = Math.max(j, i + 1);
  }
  tokens.forEach((t, i) => {
    if (!t.ticker || t.labelled || t.underSymbol || t.marked || columnOf(t, columns) === "ticker") return;
    // a ticker opening the line before its company's name ("LTC Litecoin", "AAPL Apple Inc."), or opening the
    // row's words after its amounts (a table read right to left: "$1,535.42 $68.85 22.301 KO Coca-Cola Co"), is both
    const opens = i === first || (tokens[i - 1]?.value !== undefined && !tokens.slice(0, i).some((x) => x.nameWord || x.ticker));
    if (opens && tokens[i + 1]?.nameWord) {
      t.nameWord = true;
      return;
    }
    // so is an upper-case company name before its legal form ("BASF SE", "Shell plc"): the name is both words
    const form = tokens[i + 1];
    if (opens && form && LEGAL_FORM.test(form.text)) {
      t.nameWord = true;
      form.nameWord = true;
      return;
    }
    const neighbours = [tokens[i - 1], tokens[i + 1]].filter(Boolean);
    if (neighbours.some((n) => n.nameWord && /[a-z]/.test(n.text))) {
      t.ticker = undefined;
      t.nameWord = true;
    }
  });
  return tokens;
}

/**
 * Under a Symbol/Ticker first column, a row's first word of 1–5 letters is its ticker, upper-cased (OCR reads
 * "O" as "o", "[o]" or the digit 0 and "VXUS" as "VXus" in small bold type), when two amounts or more follow it on the
 * line, or when it stands alone on its line (desktop tables that print the ticker above the row's numbers)
 * and is not a capitalised word (a one-word company name such as "Apple").
 */
function symbolFirst(tokens: Token[], columns: Columns): void {
  const first = tokens[0];
  if (!first) return;
  // the ticker O read as the digit 0, in front of the row's amounts
  if (first.text === "0" && tokens.filter((t) => t.currency).length >= 2) {
    Object.assign(first, { value: undefined, currency: false, unit: false, ticker: "O" });
    return;
  }
  if (first.value !== undefined) return;
  const word = first.text.replace(/^[[(|]+|[\])|.,:;]+$/g, "");
  if (!/^[A-Za-z]{1,5}$/.test(word) || NOT_TICKERS.has(word.toUpperCase()) || UNITS.test(word)) return;
  const alone = tokens.length === 1 && !/^[A-Z][a-z]{2,}$/.test(word);
  // a phone's table puts one amount beside the symbol: the word standing where the Symbol column starts is it
  const underSymbol =
    columns.ticker !== undefined &&
    first.x0 !== undefined &&
    Math.abs(first.x0 - columns.ticker) <= (first.height ?? 0) &&
    tokens.some((t) => t.value !== undefined && !t.percent && !t.signed);
  if (!alone && !underSymbol && tokens.filter((t) => t.value !== undefined).length < 2) return;
  first.ticker = word.toUpperCase();
  first.nameWord = false;
}

type ColumnKey = "quantity" | "price" | "value" | "ticker";

/**
 * The header column a word stands under: the nearest by its centre or by either edge (numbers line up on the
 * right, names on the left, whatever the header's width). Null when nothing stands near (no header, or a
 * word far from every column).
 */
function headerColumnOf(t: Token, columns: Columns): Column | null {
  if (!columns.list || t.x === undefined || Number.isNaN(t.x) || !t.box) return null;
  let best: Column | null = null;
  let distance = Number.POSITIVE_INFINITY;
  for (const c of columns.list) {
    const d = Math.min(Math.abs((c.x0 + c.x1) / 2 - t.x), Math.abs(c.x1 - t.box.x1), Math.abs(c.x0 - t.box.x0));
    if (d < distance) {
      distance = d;
      best = c;
    }
  }
  return best;
}

function columnOf(t: Token, columns: Columns): ColumnKey | null {
  if (t.x === undefined || Number.isNaN(t.x)) return null;
  if (
    columns.ticker !== undefined &&
    t.ticker &&
    Math.abs(columns.ticker - t.x) < 200 &&
    t.x <
      Math.min(...[columns.quantity, columns.price, columns.value].filter((v): v is number => v !== undefined), Number.POSITIVE_INFINITY)
  )
    return "ticker";
  const under = headerColumnOf(t, columns);
  if (under) return under.kind === "quantity" || under.kind === "price" || under.kind === "value" ? under.kind : null;
  let best: ColumnKey | null = null;
  let distance = Number.POSITIVE_INFINITY;
  for (const key of ["quantity", "price", "value"] as const) {
    const c = columns[key];
    if (c === undefined) continue;
    const d = Math.abs(c - t.x);
    if (d < distance) {
      distance = d;
      best = key;
    }
  }
  return best;
}

function pickTicker(tokens: Token[], columns: Columns): Token | undefined {
  const candidates = tokens.filter((t) => t.ticker);
  const marked = candidates.find((t) => t.marked);
  if (marked) return marked;
  if (columns.ticker !== undefined) {
    const under = candidates.find((t) => t.x !== undefined && Math.abs((t.x as number) - (columns.ticker as number)) < 120);
    if (under) return under;
  }
  return candidates[0];
}

function settle(
  h: Holding,
  columns: Columns,
  rows: ScreenshotHolding[],
  errors: ScreenshotError[],
  tally: { missed: number },
  roles: Roles = {},
): void {
  const numbers = candidates(h);
  if (numbers.length === 0) return;
  if (!h.ticker && h.name.length === 0) return;
  let quantity: Token | undefined;
  let price: Token | undefined;
  let value: Token | undefined;
  let from: HoldingEvidence["quantity"] = "alone";
  /** quantity × price = value held, but nothing told which factor is the quantity (both written alike) */
  let guessed = false;
  if (columns.quantity !== undefined && numbers.some((n) => n.x !== undefined && !Number.isNaN(n.x))) {
    for (const n of numbers) {
      const col = columnOf(n, columns);
      if (col === "quantity" && !quantity) quantity = n;
      else if (col === "price" && !price) price = n;
      else if (col === "value" && !value) value = n;
    }
    if (quantity) from = "column";
  }
  if (quantity && from === "column" && roles.quantity && !(price && value && product(quantity, price, value))) {
    // the header named a column the rows that check do not hold their quantities in: the relation wins
    const q = inSlot(numbers, roles.quantity);
    if (q && q !== quantity && !q.currency) {
      quantity = q;
      from = "alone";
      price = inSlot(numbers, roles.price) ?? (price === q ? undefined : price);
      value = inSlot(numbers, roles.value) ?? (value === q ? undefined : value);
    }
  }
  if (!quantity) {
    quantity = numbers.find((n) => n.unit);
    if (quantity) from = quantity.learnt ? "alone" : "unit";
  }
  // amounts after a Price or Value label ("Kurs 189,32", "Value $1,234"), when no column said otherwise
  price ??= numbers.find((n) => n.labelledPrice && n !== quantity);
  value ??= numbers.find((n) => n.labelledValue && n !== quantity);
  if (quantity && price && !value) {
    // no Value column found: the amount that is quantity × price, else the one larger amount left, is the value
    const rest = numbers.filter((n) => n !== quantity && n !== price);
    value =
      rest.find((n) => Math.abs((quantity as Token).value! * (price as Token).value! - n.value!) <= n.value! * 0.01) ??
      (rest.filter((n) => n.value! > (price as Token).value!).length === 1
        ? rest.find((n) => n.value! > (price as Token).value!)
        : undefined);
  }
  if (
    quantity &&
    (quantity.currency || (price && value && !product(quantity, price, value))) &&
    !(price && value && product(quantity, price, value))
  ) {
    // the column gave as the quantity an amount of money, or a number that multiplies to nothing with the
    // row's price and value (a header above the wrong column, a header hinting wrongly), while three other
    // numbers check: quantity × price = value wins over the header
    const triple = orient(findTriple(numbers), numbers, roles);
    if (triple && triple[0] !== quantity) {
      [quantity, price, value] = triple;
      from = "product";
      guessed = ambiguous(triple) && !roles.told;
    }
  }
  if (!quantity || !price || !value) {
    const triple = orient(findTriple(numbers), numbers, roles);
    if (triple) {
      if (!quantity) guessed = ambiguous(triple) && !roles.told;
      if (!quantity || quantity === triple[0]) from = "product";
      quantity ??= triple[0];
      price ??= triple[1];
      value ??= triple[2];
    }
  }
  if (!quantity && roles.quantity) {
    // the row does not check on its own: its numbers take the roles the rows that check gave their places
    const q = inSlot(numbers, roles.quantity);
    if (q && !q.currency) {
      // unsure unless its own numbers check (below): a misread number is what keeps the row from checking
      quantity = q;
      from = "alone";
      const p = inSlot(numbers, roles.price);
      const v = inSlot(numbers, roles.value);
      if (p && p !== q) price ??= p;
      if (v && v !== q && v !== price) value ??= v;
    }
  }
  if (!quantity) {
    const plain = numbers.filter((n) => !n.currency);
    if (plain.length === 1 && numbers.length > 1) quantity = plain[0];
  }
  const others = numbers.filter((n) => n !== quantity && n.currency);
  value ??= others.find((n) => n.labelledValue);
  if (quantity && !price && !value && others.length) {
    // phone lists show one amount beside the shares: the larger of two is the value
    if (others.length >= 2) {
      const sorted = [...others].sort((a, b) => (a.value as number) - (b.value as number));
      price = sorted[0];
      value = sorted[sorted.length - 1];
    } else if (h.tokens.some((t) => /^[€$£¥]?\d/.test(t.text) && t === others[0])) price = others[0];
    // one amount beside the quantity and an average cost per share: the price lies near that cost, the value
    // near quantity × cost; whichever reading of the amount puts the price nearer the cost (by ratio) is taken
    // ("Antal 12 · GAV 178,20 kr" beside "2 271,84 kr": 2 271,84 ÷ 12 = 189,32 is near 178,20, 2 271,84 is not)
    const perShare = h.tokens.find((t) => t.perShare && t.value !== undefined && t.value > 0 && !t.percent && !t.signed);
    if (others.length === 1 && perShare && (quantity.value as number) > 0) {
      const a = others[0].value as number;
      const c = perShare.value as number;
      const far = (x: number) => Math.abs(Math.log(x / c));
      if (far(a / (quantity.value as number)) < far(a)) {
        price = undefined;
        value = others[0];
      } else {
        price = others[0];
        value = undefined;
      }
    }
  }
  const label = h.ticker ?? h.name.join(" ");
  if (!quantity) {
    errors.push({ line: h.line, message: `could not tell the quantity of ${label} in "${h.text.join(" ")}"` });
    if (h.ticker || numbers.length >= 2) tally.missed++;
    return;
  }
  let q = quantity.value as number;
  const p = price?.value ?? null;
  const v = value?.value ?? null;
  let wasRepaired = false;
  let mismatch = false;
  if (p && v) {
    if (Math.abs(q * p - v) > v * 0.01) {
      q = repaired(quantity.text, q, p, v);
      wasRepaired = q !== quantity.value;
    }
    if (Math.abs(q * p - v) <= Math.max(v * 0.01, 0.02)) from = "product";
    else mismatch = true;
  }
  // the product to the precision the price and value are written with: each may be rounded by half its last
  // digit, so q × p may miss v by q × half the price's last digit and half the value's, and no more
  const half = (t: Token) => 0.5 * 10 ** -decimals(t);
  // where the row's words stand: the quantity under the Quantity header it was taken from, on the line of the
  // row's name or ticker, under the same repetition of a header that repeats its columns
  const overlaps = (t: Token, a: number, b: number) => !!t.box && t.box.x0 <= b && t.box.x1 >= a;
  const offColumn =
    from === "column" &&
    !!quantity.box &&
    !!columns.list &&
    !columns.list.some((c) => c.kind === "quantity" && overlaps(quantity as Token, c.x0, c.x1));
  const named = h.tokens.filter((t) => (t.ticker && t.ticker === h.ticker) || t.nameWord);
  const apart =
    !!quantity.box &&
    named.length > 0 &&
    named.every((t) => t.box && ((t.box.y1 as number) < (quantity as Token).box!.y0 || t.box.y0 > (quantity as Token).box!.y1));
  const tickerColumns = (columns.list ?? []).filter((c) => c.kind === "ticker");
  const tickerToken = h.tokens.find((t) => t.ticker && t.ticker === h.ticker);
  const repetition = (t: Token) => tickerColumns.filter((c) => c.x0 <= (t.box as NonNullable<Token["box"]>).x1).length;
  const crossed = tickerColumns.length >= 2 && !!tickerToken?.box && !!quantity.box && repetition(tickerToken) !== repetition(quantity);
  const inexact =
    from === "product" &&
    !mismatch &&
    !!price &&
    !!value &&
    p !== null &&
    v !== null &&
    Math.abs(q * p - v) > q * half(price) + half(value) + 1e-9;
  // an amount written with its coin's symbol names the coin, whatever else the line seemed to name (a logo's letter)
  const symbol = quantity.unitSymbol && !(h.ticker && CRYPTO.has(h.ticker)) ? quantity.unitSymbol : h.ticker;
  const ticker = symbol ? (CRYPTO.has(symbol) ? `${symbol}-USD` : symbol.replace(".", "-")) : null;
  // the row's other words shaped like a symbol, for the checks to ask pricing about when the ticker chosen is
  // not one it knows ("SPDR S&P 500 ETF Trust SPY", "Walmart Inc WMT")
  const alternatives = [
    ...new Set(
      h.tokens
        .map((t) => t.text.replace(/^\(|\)[,.]?$/g, ""))
        .filter((w) => /^[A-Z]{1,5}([.-][A-Z])?$/.test(w) && w.length >= 2 && !NOT_TICKERS.has(w) && w !== symbol)
        .map((w) => w.replace(".", "-")),
    ),
  ];
  rows.push({
    ticker,
    name: h.name.join(" "),
    ...(alternatives.length ? { alternatives } : {}),
    quantity: q,
    price: p ?? (v ? round(v / q, 4) : null),
    marketValue: v ?? (p ? round(p * q, 2) : null),
    evidence: {
      quantity: from,
      repaired: wasRepaired,
      mismatch,
      ...(guessed && quantity === findTriple(numbers)?.[0] ? { guessed: true } : {}),
      ...(inexact ? { inexact: true } : {}),
      ...(offColumn ? { offColumn: true } : {}),
      // (a number repeating the quantity, price or value is placed: a balance's "Available" beside its "Total")
      ...(from !== "product" &&
      !mismatch &&
      numbers.some((n) => n !== quantity && n !== price && n !== value && ![quantity, price, value].some((x) => x?.value === n.value))
        ? { leftover: true }
        : {}),
      ...(from === "product" && !mismatch && price && value && p
        ? { unvouched: unvouched(quantity, q, (q * half(price) + half(value)) / p) }
        : {}),
      ...(apart ? { apart: true } : {}),
      ...(crossed ? { crossed: true } : {}),
      tickerConfidence: h.ticker ? (h.tickerConfidence ?? null) : null,
      quantityConfidence: quantity.confidence ?? null,
      quantityText: quantity.text,
      ...(quantity.box ? { quantityBox: quantity.box } : {}),
    },
  });
}

/** the written digits of a quantity whose place is below `resolution` (what its row's product can tell) */
function unvouched(t: Token, q: number, resolution: number): number {
  const integer = String(Math.floor(q)).replace(/^0+/, "").length;
  let n = 0;
  for (let place = -decimals(t); place < integer; place++) if (10 ** place < resolution) n++;
  return n;
}

/** quantity × price = value, within 1 % (or 2 cents) */
const product = (q: Token, p: Token, v: Token) =>
  Math.abs((q.value as number) * (p.value as number) - (v.value as number)) <= Math.max((v.value as number) * 0.01, 0.02);

/**
 * Three numbers where quantity × price = value. quantity × price = price × quantity, so which factor is the
 * quantity is told by how money is written: the quantity carries no currency sign and seldom exactly two
 * decimals (whole shares, 3–8 decimals of fractions and coins), the price and value do; when the factors
 * look alike the leftmost plain one is taken (the document's other rows may swap it: learnRoles, settle).
 */
function findTriple(numbers: Token[]): [Token, Token, Token] | null {
  let best: [Token, Token, Token] | null = null;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const q of numbers) {
    for (const p of numbers) {
      if (p === q) continue;
      for (const v of numbers) {
        if (v === q || v === p) continue;
        if (!product(q, p, v) || (q.currency && !p.currency)) continue;
        const score = (q.currency ? -4 : 0) + (moneyLike(q) ? 0 : 2) + (moneyLike(p) ? 1 : 0) + (moneyLike(v) ? 1 : 0);
        if (score > bestScore) {
          best = [q, p, v];
          bestScore = score;
        }
      }
    }
  }
  return best;
}

/** whether the two factors of a triple look alike (both money-like or both not): which is the quantity is then a guess */
const ambiguous = (t: [Token, Token, Token]) => !t[0].currency && !t[1].currency && moneyLike(t[0]) === moneyLike(t[1]);

/** the decimals a number is written with (a group of three after a whole number's only separator is no decimals) */
function decimals(t: Token): number {
  const m = /[.,](\d+)\D*$/.exec(t.text);
  if (!m) return 0;
  if (m[1].length === 3 && Number.isInteger(t.value) && !/^0+$/.test(m[1])) return 0;
  return m[1].length;
}

/** written as money: with a currency sign, or with exactly two decimals */
const moneyLike = (t: Token) => !!t.currency || decimals(t) === 2;

/** value ÷ price at the precision the screen shows, when it is a plausible misreading of the digits seen */
function repaired(text: string, q: number, price: number, value: number): number {
  const decimals = /[.,](\d+)\D*$/.exec(text)?.[1].length ?? 0;
  const candidate = round(value / price, decimals);
  if (candidate <= 0 || Math.abs(candidate * price - value) > value * 0.005) return q;
  const digits = (n: string) => n.replace(/\D/g, "");
  const [seen, wanted] = [digits(text), digits(candidate.toFixed(decimals))];
  // a slip of a digit (two in a long number), never a number of another size (92 is no misreading of 9,200)
  // nor another number altogether (66 is no misreading of 79)
  return Math.abs(seen.length - wanted.length) <= 1 && editDistance(seen, wanted) <= (seen.length >= 5 ? 2 : 1) ? candidate : q;
}

function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++)
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
  return d[a.length][b.length];
}
