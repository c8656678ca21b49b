/**
 * A generator of varied brokerage screenshots for the screenshot import's reader: layout FAMILIES (a
 * broker's or app's way of drawing positions: tables, lists, cards; phone and desktop), each drawn in many
 * variants (light and dark, eight fonts, device scales 0.5–3×, JPEG artefacts, column orders, US, European
 * and Swiss number formats, currencies, crypto amounts with 8 decimals, totals, cash and junk lines such as
 * tab bars, sort buttons, logo badges and status bars), rendered as HTML in headless Chromium.
 *
 * The families are split in two: TUNING families, the only ones the reader's rules may be tuned on, and
 * HELD-OUT families, which the rules are never tuned on: the figure that counts is the held-out one (the
 * bench prints both). The split has been drawn twice: the first six held-out families were seen while the
 * rules were worked on, so they moved into tuning, and seven new ones, unlike any before them (a robo-advisor,
 * a Swiss private bank's custody account, tax lots, a dark app with sparklines, an export with merged
 * headers, a Japanese broker's yen screen, a website's table collapsed on a phone), were drawn and committed
 * before any rule was changed again, and were not read until the tuning was done. The third split
 * (HELD-OUT-3, six families: a donut chart's legend, a plain-text report in monospaced type, a Swedish app in
 * kronor without tickers, a written summary in sentences, a tablet's split view with an accounts sidebar, a
 * tilted scanned statement) was written and committed before the reader was ever run on it, together with
 * six new tuning families (label/value cards in three languages, two-line rows with units, a value-first
 * table, a coin wallet with amounts in coins, a condensed French table with zebra rows and subtotals, a table
 * in yen with headers the English model cannot read); its figure was taken once. The fourth split (HELD-OUT-4,
 * six families: a bar chart of positions, a custody statement's movements with opening and closing
 * quantities, a command-line tool's output in a terminal, a dividend tracker, a rebalancing table with
 * suggested trades, a compact printout with two holdings a line) was written after the relational reading of
 * the columns and committed on its own before the reader was ever run on it. The fifth split (HELD-OUT-5,
 * seven families: a statement PDF open in a viewer, holdings grouped by account with subtotals, a tablet's
 * heat map of tiles, a comparison view with the holdings as columns, a German printed depot statement with
 * 'STK 12,000' and no tickers, a crypto exchange's phone wallet with eight-decimal balances and a total in
 * BTC, a pinch-zoomed capture cut at the top and right and turned by a degree) was written before the reader
 * was changed for it and committed on its own before the reader was ever run on it; its first figure was
 * taken once (2026-11-28 00:18 UTC) and its silent rows were looked at after it, so it is seen, as the earlier
 * held-out splits are (their misses were studied for that round's rules). The sixth split (HELD-OUT-6, seven
 * families: a UK Stocks & Shares ISA priced in pence, a Canadian TFSA app in CAD or in French, a coin
 * tracker's table with the value over the eight-decimal amount in one cell, an ETF app's dark cards with a
 * strip of labelled figures, a trading platform's positions panel under a candlestick chart, an Indian app's
 * US stocks valued in rupees with lakh grouping, a landscape tablet's watchlist beside the holdings) was
 * written on 2026-11-28 while the reader was being changed, and committed (held-out-6 committed before the
 * reader first ran on it) before the reader was ever run on it; it is unseen until its first reading. Everything is seeded, so a seed gives the same images on every run (with the same
 * fonts: Debian's fonts-dejavu, fonts-liberation, fonts-roboto-unhinted, fonts-noto-core, fonts-open-sans,
 * fonts-lato, fonts-inter; a missing one falls back to DejaVu and is reported).
 *
 *   node --import tsx scripts/import-screenshots.ts     # the committed test set (services/import/test/screenshots)
 *   node --import tsx scripts/import-screenshots.ts --out DIR [--split tuning|held-out|held-out-3|held-out-4|held-out-5|held-out-6|all] [--per-family N] [--seed S]
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { launchChromium } from "../web/e2e/browser.ts";

export const TEST_SET = join(import.meta.dirname, "..", "services", "import", "test", "screenshots");

// ---------------------------------------------------------------------------------------------- securities

export interface Security {
  ticker: string;
  name: string;
  price: number;
  crypto?: boolean;
}

const s = (ticker: string, name: string, price: number): Security => ({ ticker, name, price });
const c = (ticker: string, name: string, price: number): Security => ({ ticker, name, price, crypto: true });

export const US: Security[] = [
  s("AAPL", "Apple Inc.", 189.32),
  s("MSFT", "Microsoft Corp", 415.1),
  s("NVDA", "NVIDIA Corp", 118.45),
  s("AMZN", "Amazon.com Inc", 186.2),
  s("GOOGL", "Alphabet Inc Class A", 163.95),
  s("TSLA", "Tesla Inc", 248.5),
  s("META", "Meta Platforms Inc", 512.3),
  s("VTI", "Vanguard Total Stock Market ETF", 271.84),
  s("VOO", "Vanguard S&P 500 ETF", 502.11),
  s("SCHD", "Schwab US Dividend Equity ETF", 27.43),
  s("QQQ", "Invesco QQQ Trust", 470.67),
  s("JNJ", "Johnson & Johnson", 158.76),
  s("JPM", "JPMorgan Chase & Co", 211.2),
  s("KO", "Coca-Cola Co", 62.85),
  s("COST", "Costco Wholesale Corp", 871.4),
  s("AMD", "Advanced Micro Devices", 156.02),
  s("NFLX", "Netflix Inc", 681.5),
  s("DIS", "Walt Disney Co", 95.33),
  s("XOM", "Exxon Mobil Corp", 116.08),
  s("PEP", "PepsiCo Inc", 171.24),
  s("BND", "Vanguard Total Bond Market ETF", 72.9),
  s("VXUS", "Vanguard Total International Stock ETF", 61.7),
  s("O", "Realty Income Corp", 57.61),
  s("T", "AT&T Inc", 19.87),
  s("PLTR", "Palantir Technologies", 24.16),
  s("INTC", "Intel Corp", 30.95),
  s("V", "Visa Inc Class A", 276.4),
  s("MA", "Mastercard Inc", 458.9),
  s("PG", "Procter & Gamble Co", 166.3),
  s("HD", "Home Depot Inc", 362.5),
  s("BRK.B", "Berkshire Hathaway Class B", 412.6),
  s("SPY", "SPDR S&P 500 ETF Trust", 548.2),
  s("IWM", "iShares Russell 2000 ETF", 206.4),
  s("AGG", "iShares Core US Aggregate Bond ETF", 98.7),
  s("WMT", "Walmart Inc", 68.4),
  s("CVX", "Chevron Corp", 156.8),
  s("ABBV", "AbbVie Inc", 171.2),
  s("CRM", "Salesforce Inc", 254.3),
  s("UBER", "Uber Technologies", 71.9),
  s("SBUX", "Starbucks Corp", 78.2),
];

export const EUROPE: Security[] = [
  s("ASML", "ASML Holding", 874.2),
  s("SAP", "SAP SE", 176.48),
  s("VWRL", "Vanguard FTSE All-World", 114.36),
  s("IWDA", "iShares Core MSCI World", 92.51),
  s("ALV", "Allianz SE", 262.9),
  s("SIE", "Siemens AG", 171.36),
  s("MC", "LVMH Moet Hennessy", 702.4),
  s("ADS", "Adidas AG", 223.1),
  s("BAS", "BASF SE", 46.71),
  s("SHELL", "Shell plc", 32.86),
  s("INGA", "ING Groep", 15.92),
  s("NESN", "Nestle SA", 93.14),
  s("BMW", "Bayerische Motoren Werke", 88.3),
  s("DTE", "Deutsche Telekom AG", 22.9),
  s("AIR", "Airbus SE", 139.5),
  s("OR", "L'Oreal SA", 402.1),
  s("NOVN", "Novartis AG", 91.8),
  s("EUNL", "iShares Core MSCI World UCITS", 88.7),
];

export const COINS: Security[] = [
  c("BTC", "Bitcoin", 64231.5),
  c("ETH", "Ethereum", 3105.42),
  c("SOL", "Solana", 142.88),
  c("ADA", "Cardano", 0.4521),
  c("XRP", "XRP", 0.5213),
  c("DOGE", "Dogecoin", 0.1234),
  c("DOT", "Polkadot", 6.42),
  c("LTC", "Litecoin", 71.35),
  c("AVAX", "Avalanche", 27.9),
  c("LINK", "Chainlink", 13.61),
  c("ATOM", "Cosmos", 8.12),
  c("XLM", "Stellar", 0.0931),
  c("BCH", "Bitcoin Cash", 377.2),
  c("UNI", "Uniswap", 7.41),
];

const bySymbol = (...tickers: string[]) => tickers.map((t) => US.find((x) => x.ticker === t) as Security);
/** a robo-advisor's funds, shown by asset class */
const ROBO_STOCKS = bySymbol("VTI", "VOO", "SCHD", "QQQ", "VXUS", "IWM", "SPY");
const ROBO_BONDS = bySymbol("BND", "AGG");
const ROBO_CLASS: Record<string, string> = {
  VTI: "U.S. Total Market",
  VOO: "U.S. Large Cap",
  SCHD: "U.S. Dividend Stocks",
  QQQ: "U.S. Growth",
  VXUS: "International Stocks",
  IWM: "U.S. Small Cap",
  SPY: "S&P 500",
  BND: "U.S. Total Bond Market",
  AGG: "U.S. Aggregate Bonds",
};

/** Every security a screenshot may show, for the bench's stand-in of the pricing search. */
export const UNIVERSE: Security[] = [...US, ...EUROPE, ...COINS];

/** The ticker the import should produce: Yahoo's pairs for coins, `-` for a class share. */
export const expectedTicker = (sec: Security) => (sec.crypto ? `${sec.ticker}-USD` : sec.ticker.replace(".", "-"));

// ------------------------------------------------------------------------------------------------- random

/** mulberry32: a small seeded generator */
export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return next;
}
type Rand = ReturnType<typeof rng>;
const pickOne = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
const chance = (r: Rand, p: number) => r() < p;
function shuffle<T>(r: Rand, xs: readonly T[]): T[] {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

// ------------------------------------------------------------------------------------------------ numbers

export interface NumberStyle {
  id: "us" | "eu" | "eu-space" | "ch" | "uk" | "ch-after" | "jp" | "jp-sign" | "se" | "pl" | "br" | "ca" | "ca-fr" | "in";
  decimal: "." | ",";
  group: string;
  currency: string;
  /** the currency sign after the amount ("1.234,56 €") */
  after: boolean;
}

const STYLES: Record<NumberStyle["id"], NumberStyle> = {
  us: { id: "us", decimal: ".", group: ",", currency: "$", after: false },
  uk: { id: "uk", decimal: ".", group: ",", currency: "£", after: false },
  eu: { id: "eu", decimal: ",", group: ".", currency: "€", after: true },
  "eu-space": { id: "eu-space", decimal: ",", group: "\u202f", currency: "€", after: true },
  ch: { id: "ch", decimal: ".", group: "'", currency: "CHF", after: false },
  // a Swiss bank's statement: typographic apostrophes between groups, the currency code after the amount
  "ch-after": { id: "ch-after", decimal: ".", group: "\u2019", currency: "CHF", after: true },
  // a Japanese broker's English screen: yen without decimals, the code after the amount
  jp: { id: "jp", decimal: ".", group: ",", currency: "JPY", after: true },
  // a Japanese site's yen sign before the amount ("¥12,345")
  "jp-sign": { id: "jp-sign", decimal: ".", group: ",", currency: "¥", after: false },
  // Swedish kronor: a space between groups, a decimal comma, "kr" after the amount
  se: { id: "se", decimal: ",", group: "\u00a0", currency: "kr", after: true },
  // Polish złoty: a no-break space between groups, a decimal comma, "zł" after the amount
  pl: { id: "pl", decimal: ",", group: "\u00a0", currency: "zł", after: true },
  // Brazilian real: points between groups, a decimal comma, "R$" before the amount
  br: { id: "br", decimal: ",", group: ".", currency: "R$", after: false },
  // Canadian dollars in English ("$1,234.56", the family writes "CAD" after it where the app does)
  ca: { id: "ca", decimal: ".", group: ",", currency: "$", after: false },
  // Canadian dollars in French: a no-break space between groups, a decimal comma, "$" after ("1 234,56 $")
  "ca-fr": { id: "ca-fr", decimal: ",", group: "\u00a0", currency: "$", after: true },
  // Indian rupees: lakh and crore grouping ("₹4,12,345.67": three digits, then pairs)
  in: { id: "in", decimal: ".", group: ",", currency: "₹", after: false },
};

function num(n: number, decimals: number, st: NumberStyle): string {
  const [whole, frac] = Math.abs(n).toFixed(decimals).split(".");
  const grouped =
    st.id === "in" && whole.length > 3
      ? `${whole.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, st.group)}${st.group}${whole.slice(-3)}`
      : whole.replace(/\B(?=(\d{3})+(?!\d))/g, st.group);
  return `${n < 0 ? "-" : ""}${frac ? `${grouped}${st.decimal}${frac}` : grouped}`;
}

function money(n: number, st: NumberStyle, decimals = 2): string {
  const body = num(Math.abs(n), decimals, st);
  const sign = n < 0 ? "-" : "";
  if (st.after) return `${sign}${body} ${st.currency}`;
  return `${sign}${st.currency}${st.currency.length > 1 ? " " : ""}${body}`;
}

const signedMoney = (n: number, st: NumberStyle) => `${n >= 0 ? "+" : "-"}${money(Math.abs(n), st)}`;
const pct = (n: number, st: NumberStyle, space = false) => `${n >= 0 ? "+" : "-"}${num(Math.abs(n), 2, st)}${space ? " " : ""}%`;

// ----------------------------------------------------------------------------------------------- holdings

export interface Holding {
  security: Security;
  quantity: number;
  /** decimals the quantity is shown with */
  decimals: number;
  price: number;
  value: number;
  cost: number;
  gain: number;
  gainPct: number;
  dayPct: number;
}

function holdings(r: Rand, pool: Security[], n: number, opts: { fractional?: number; crypto8?: boolean } = {}): Holding[] {
  return shuffle(r, pool)
    .slice(0, n)
    .map((security) => {
      let quantity: number;
      let decimals: number;
      if (security.crypto) {
        decimals = opts.crypto8 ? 8 : security.price > 1000 ? pickOne(r, [4, 5, 6]) : security.price > 10 ? pickOne(r, [2, 3, 4]) : 1;
        const raw = security.price > 1000 ? 0.002 + r() * 1.8 : security.price > 10 ? 0.5 + r() * 80 : 20 + r() * 9000;
        quantity = Number(raw.toFixed(decimals));
      } else if (chance(r, opts.fractional ?? 0.3)) {
        decimals = pickOne(r, [2, 3, 4, 5]);
        quantity = Number((0.05 + r() * 90).toFixed(decimals));
      } else {
        decimals = 0;
        quantity = Math.round(1 + r() * (chance(r, 0.15) ? 2400 : 180));
      }
      const price = Number((security.price * (0.9 + r() * 0.2)).toFixed(security.price < 1 ? 4 : 2));
      const value = Number((quantity * price).toFixed(2));
      const gainPct = Number((r() * 70 - 25).toFixed(2));
      const cost = Number((value / (1 + gainPct / 100)).toFixed(2));
      const gain = Number((value - cost).toFixed(2));
      return { security, quantity, decimals, price, value, cost, gain, gainPct, dayPct: Number((r() * 6 - 3).toFixed(2)) };
    });
}

const qty = (h: Holding, st: NumberStyle) => num(h.quantity, h.decimals, st);
const priceText = (h: Holding, st: NumberStyle) => money(h.price, st, h.price < 1 ? 4 : 2);
const total = (hs: Holding[]) => hs.reduce((sum, h) => sum + h.value, 0);

// ------------------------------------------------------------------------------------------------ drawing

export interface Theme {
  dark: boolean;
  font: string;
  accent: string;
}

export const FONTS = [
  "'DejaVu Sans'",
  "'Liberation Sans'",
  "'Roboto'",
  "'Noto Sans'",
  "'Open Sans'",
  "'Lato'",
  "'Inter'",
  "'Liberation Serif'",
  "'DejaVu Sans Mono'",
  "'Roboto Condensed'",
] as const;

function pageHtml(theme: Theme, width: number, body: string, fontSize: number): string {
  const bg = theme.dark ? pickDark(theme.accent) : "#ffffff";
  const fg = theme.dark ? "#e8eaed" : "#1d2228";
  const muted = theme.dark ? "#9aa0a6" : "#5f6368";
  const line = theme.dark ? "#2a2e33" : "#e3e6ea";
  return `<!doctype html><html><head><meta charset="utf-8"><style>
    * { box-sizing: border-box; }
    body { margin: 0; width: ${width}px; background: ${bg}; color: ${fg}; font-family: ${theme.font}, sans-serif; font-size: ${fontSize}px; }
    .m { color: ${muted}; } .pos { color: ${theme.dark ? "#5bd17a" : "#0a8a3a"}; } .neg { color: ${theme.dark ? "#ff6b6b" : "#c62828"}; }
    table { border-collapse: collapse; width: 100%; } th { text-align: right; color: ${muted}; font-weight: 600; padding: 6px 8px; }
    td { text-align: right; border-top: 1px solid ${line}; padding: 6px 8px; } .l { text-align: left; }
    .row { border-bottom: 1px solid ${line}; } .card { border: 1px solid ${line}; border-radius: 10px; }
    .grid td, .grid th { border: 1px solid ${line}; } .b { font-weight: 700; } .sb { font-weight: 600; }
    .badge { display: inline-flex; align-items: center; justify-content: center; border-radius: 50%; color: #fff; font-weight: 700; }
  </style></head><body>${body}</body></html>`;
}
const pickDark = (accent: string) => (accent.length % 2 ? "#121417" : "#0b0e14");

const gainClass = (n: number) => (n >= 0 ? "pos" : "neg");
const LOGO_COLOURS = ["#f7931a", "#627eea", "#26a17b", "#e84142", "#2a5ada", "#00d395", "#ff007a", "#345d9d"];
/** a round logo with the security's initials (apps draw these; OCR reads them as stray words) */
function badge(r: Rand, h: Holding, size: number): string {
  const letters = h.security.crypto
    ? h.security.ticker.slice(0, 1)
    : h.security.name.replace(/[^A-Za-z]/g, "").slice(0, pickOne(r, [1, 2]));
  return `<span class="badge" style="width:${size}px;height:${size}px;background:${pickOne(r, LOGO_COLOURS)};font-size:${Math.round(size * 0.42)}px">${letters}</span>`;
}

// ------------------------------------------------------------------------------------------------ families

export interface Drawing {
  html: string;
  holdings: Holding[];
  /** names shown instead of tickers (resolved through the search) */
  namesOnly?: boolean;
  /** the capture altered after it is taken (CSS pixels): its top and right edge cut off, turned by degrees */
  post?: { cropTop: number; cropRight: number; rotate: number };
}

export interface FamilyContext {
  r: Rand;
  theme: Theme;
  st: NumberStyle;
  /** CSS pixels */
  width: number;
}

export interface Family {
  id: string;
  /** held-out-3 … held-out-6: the third to sixth held-out splits (see the header) */
  split: "tuning" | "held-out" | "held-out-3" | "held-out-4" | "held-out-5" | "held-out-6";
  device: "phone" | "desktop";
  what: string;
  styles: NumberStyle["id"][];
  /** an app that is always drawn dark (or light); unset: either */
  ground?: "dark" | "light";
  draw(ctx: FamilyContext): Drawing;
}

const PHONE_STATUS = (r: Rand) =>
  `<div style="display:flex;justify-content:space-between;padding:8px 20px;font-weight:600;font-size:14px"><span>${pickOne(r, ["9:41", "10:07", "14:52", "8:15"])}</span><span>${pickOne(r, ["5G", "LTE", "Wi-Fi"])} ${Math.round(20 + r() * 79)}%</span></div>`;
const TAB_BAR = (r: Rand, items: string[]) =>
  `<div style="display:flex;justify-content:space-around;padding:12px 0;border-top:1px solid #8884;font-size:12px" class="m">${shuffle(
    r,
    items,
  )
    .slice(0, 4)
    .map((t) => `<span>${t}</span>`)
    .join("")}</div>`;

export const FAMILIES: Family[] = [
  // ------------------------------------------------------------------------------------ tuning families
  {
    id: "us-broker-table",
    split: "tuning",
    device: "desktop",
    what: "desktop positions table (Schwab-like): symbol, description, shuffled quantity/price/value/gain columns, cash and total",
    styles: ["us", "us", "uk", "eu"],
    draw({ r, st }) {
      const hs = holdings(r, US, 4 + Math.floor(r() * 6), { fractional: 0.3 });
      const under = chance(r, 0.5);
      const cols = shuffle(r, ["qty", "price", "value", "gain", "pct"] as const);
      const head = { qty: "Quantity", price: "Price", value: "Market Value", gain: "Gain/Loss $", pct: "Gain/Loss %" };
      const cell = (h: Holding, k: (typeof cols)[number]) =>
        k === "qty"
          ? qty(h, st)
          : k === "price"
            ? priceText(h, st)
            : k === "value"
              ? money(h.value, st)
              : k === "gain"
                ? `<span class="${gainClass(h.gain)}">${chance(r, 0.5) && h.gain < 0 ? `(${money(-h.gain, st)})` : signedMoney(h.gain, st)}</span>`
                : `<span class="${gainClass(h.gainPct)}">${pct(h.gainPct, st)}</span>`;
      const rows = hs
        .map(
          (h) =>
            `<tr><td class="l"><span class="b">${h.security.ticker}</span>${under ? `<br><span class="m" style="font-size:0.8em">${h.security.name}</span>` : ""}</td>${under ? "" : `<td class="l">${h.security.name}</td>`}${cols.map((k) => `<td>${cell(h, k)}</td>`).join("")}</tr>`,
        )
        .join("");
      const blank = cols.map(() => "<td></td>").join("");
      return {
        holdings: hs,
        html: `<div style="padding:24px 32px"><div class="b" style="font-size:1.3em">Individual Brokerage <span class="m">••••${Math.floor(1000 + r() * 9000)}</span></div>
        <div class="m" style="margin:4px 0 18px">Positions as of 10/14/2025 4:00 PM ET</div>
        <table><thead><tr><th class="l">Symbol</th>${under ? "" : '<th class="l">Description</th>'}${cols.map((k) => `<th>${head[k]}</th>`).join("")}</tr></thead><tbody>${rows}
        <tr><td class="l b">Cash &amp; Money Market</td>${under ? "" : "<td></td>"}${blank.replace("<td></td>", `<td>${money(1000 + r() * 5000, st)}</td>`)}</tr>
        <tr><td class="l b">Account Total</td>${under ? "" : "<td></td>"}${blank.replace("<td></td>", `<td class="b">${money(total(hs) + 1234.56, st)}</td>`)}</tr></tbody></table></div>`,
      };
    },
  },
  {
    id: "phone-stock-list",
    split: "tuning",
    device: "phone",
    what: "phone list (Robinhood-like): ticker over 'N shares', a price pill on the right, buying power",
    styles: ["us"],
    draw({ r, st }) {
      const hs = holdings(r, US, 4 + Math.floor(r() * 5), { fractional: 0.5 });
      const rows = hs
        .map(
          (h) => `<div class="row" style="display:flex;justify-content:space-between;align-items:center;padding:14px 18px">
      <div><div class="b" style="font-size:17px">${h.security.ticker}</div><div class="m" style="font-size:14px;margin-top:3px">${qty(h, st)} ${h.quantity === 1 ? "share" : "shares"}</div></div>
      <div style="background:${h.dayPct >= 0 ? "#0a8a3a" : "#c62828"};color:#fff;border-radius:6px;padding:7px 10px;font-weight:600;font-size:15px">${priceText(h, st)}</div></div>`,
        )
        .join("");
      return {
        holdings: hs,
        html: `${PHONE_STATUS(r)}<div style="padding:10px 0"><div style="padding:0 18px 8px;font-size:22px" class="b">Stocks</div>
    <div class="m" style="padding:0 18px 10px;font-size:13px">Buying power ${money(512.4, st)}</div>${rows}</div>${TAB_BAR(r, ["Home", "Search", "Inbox", "Account", "Cards"])}`,
      };
    },
  },
  {
    id: "crypto-app-list",
    split: "tuning",
    device: "phone",
    what: "crypto wallet (Coinbase-like): logo, name over symbol, value over 'amount SYMBOL'",
    styles: ["us", "eu"],
    draw({ r, st }) {
      const hs = holdings(r, COINS, 3 + Math.floor(r() * 4), { crypto8: chance(r, 0.3) });
      const rows = hs
        .map(
          (h) => `<div class="row" style="display:flex;justify-content:space-between;padding:14px 18px">
      <div style="display:flex;gap:12px;align-items:center">${badge(r, h, 34)}
      <div><div class="sb" style="font-size:16px">${h.security.name}</div><div class="m" style="font-size:14px">${h.security.ticker}</div></div></div>
      <div style="text-align:right"><div class="sb" style="font-size:16px">${money(h.value, st)}</div><div class="m" style="font-size:14px">${qty(h, st)} ${h.security.ticker}</div></div></div>`,
        )
        .join("");
      return {
        holdings: hs,
        html: `${PHONE_STATUS(r)}<div style="padding:10px 0"><div class="m" style="padding:0 18px;font-size:14px">Crypto balance</div>
    <div style="padding:2px 18px 14px;font-size:28px" class="b">${money(total(hs), st)}</div>${rows}
    <div class="row" style="display:flex;justify-content:space-between;padding:14px 18px"><div class="sb">US Dollar</div><div>${money(87.12, st)}</div></div></div>`,
      };
    },
  },
  {
    id: "eu-app-cards",
    split: "tuning",
    device: "phone",
    what: "European app (Trade Republic-like): name, '12 Stk. · 189,50 €' under it, value and percent right",
    styles: ["eu", "eu-space"],
    draw({ r, st }) {
      const hs = holdings(r, EUROPE, 4 + Math.floor(r() * 5), { fractional: 0.4 });
      const unit = pickOne(r, ["Stk.", "shares", "pcs", "Stück"]);
      const rows = hs
        .map(
          (h) => `<div class="row" style="display:flex;justify-content:space-between;padding:13px 18px;align-items:center">
      <div><div class="sb" style="font-size:16px">${h.security.name}</div><div class="m" style="font-size:13px;margin-top:2px">${qty(h, st)} ${unit} · ${priceText(h, st)}</div></div>
      <div style="text-align:right"><div class="sb" style="font-size:16px">${money(h.value, st)}</div><div class="${gainClass(h.gainPct)}" style="font-size:13px">${pct(h.gainPct, st, true)}</div></div></div>`,
        )
        .join("");
      return {
        holdings: hs,
        namesOnly: true,
        html: `${PHONE_STATUS(r)}<div style="padding:10px 0"><div style="padding:0 18px;font-size:26px" class="b">${money(total(hs), st)}</div>
    <div class="m" style="padding:0 18px 12px;font-size:13px">Depot · Wertpapiere</div>${rows}</div>`,
      };
    },
  },
  {
    id: "eu-broker-table",
    split: "tuning",
    device: "desktop",
    what: "European desktop table (DEGIRO-like): product, ticker, quantity, price, value in EUR, P/L, cash line",
    styles: ["eu", "eu-space"],
    draw({ r, st }) {
      const hs = holdings(r, EUROPE, 4 + Math.floor(r() * 5), { fractional: 0.2 });
      const rows = hs
        .map(
          (h) => `<tr><td class="l">${h.security.name.toUpperCase()}</td><td class="l">${h.security.ticker}</td><td>${qty(h, st)}</td>
      <td>${num(h.price, 2, st)}</td><td>${num(h.value, 2, st)}</td><td class="${gainClass(h.gain)}">${h.gain >= 0 ? "+" : "-"}${num(Math.abs(h.gain), 2, st)}</td></tr>`,
        )
        .join("");
      return {
        holdings: hs,
        html: `<div style="padding:20px 28px"><div class="b" style="font-size:1.2em;margin-bottom:12px">Portfolio</div>
    <table><thead><tr><th class="l">Product</th><th class="l">Ticker</th><th>Quantity</th><th>Price</th><th>Value in EUR</th><th>P/L</th></tr></thead>
    <tbody>${rows}<tr><td class="l b">EUR cash</td><td></td><td></td><td></td><td>${num(310.25, 2, st)}</td><td></td></tr></tbody></table></div>`,
      };
    },
  },
  {
    id: "fidelity-compact",
    split: "tuning",
    device: "desktop",
    what: "compact table with the quantity after the value and a cost-basis column (Fidelity-like), SPAXX and pending lines",
    styles: ["us"],
    draw({ r, st }) {
      const hs = holdings(r, US, 4 + Math.floor(r() * 5), { fractional: 0.4 });
      const rows = hs
        .map(
          (
            h,
          ) => `<tr><td class="l b">${h.security.ticker}</td><td>${priceText(h, st)}</td><td class="${gainClass(h.gain)}">${h.gain < 0 ? `(${money(-h.gain, st)})` : signedMoney(h.gain, st)}</td>
      <td>${money(h.value, st)}</td><td>${qty(h, st)}</td><td>${money(h.cost, st)}</td></tr>`,
        )
        .join("");
      return {
        holdings: hs,
        html: `<div style="padding:16px 20px"><div class="m">ROTH IRA X${Math.floor(10_000_000 + r() * 89_999_999)}</div>
    <table style="margin-top:10px"><thead><tr><th class="l">Symbol</th><th>Last Price</th><th>Total Gain/Loss</th><th>Current Value</th><th>Qty</th><th>Cost Basis Total</th></tr></thead>
    <tbody>${rows}<tr><td class="l b">SPAXX**</td><td></td><td></td><td>${money(2045.11, st)}</td><td></td><td></td></tr>
    <tr><td class="l b">Pending Activity</td><td></td><td></td><td>${money(-120, st)}</td><td></td><td></td></tr></tbody></table></div>`,
      };
    },
  },
  {
    id: "names-table",
    split: "tuning",
    device: "desktop",
    what: "desktop table of investment names without tickers (a 401(k)-like statement)",
    styles: ["us", "uk"],
    draw({ r, st }) {
      const hs = holdings(r, US, 4 + Math.floor(r() * 4), { fractional: 0.5 });
      const rows = hs
        .map(
          (h) =>
            `<tr><td class="l b">${h.security.name}</td><td>${qty(h, st)}</td><td>${priceText(h, st)}</td><td>${money(h.value, st)}</td></tr>`,
        )
        .join("");
      return {
        holdings: hs,
        namesOnly: true,
        html: `<div style="padding:22px 30px"><div class="b" style="font-size:1.2em">Retirement Plan · Holdings</div>
    <table style="margin-top:14px"><thead><tr><th class="l">Investment</th><th>Shares</th><th>Price</th><th>Balance</th></tr></thead><tbody>${rows}
    <tr><td class="l b">Total</td><td></td><td></td><td class="b">${money(total(hs), st)}</td></tr></tbody></table></div>`,
      };
    },
  },
  {
    id: "desktop-cards",
    split: "tuning",
    device: "desktop",
    what: "a grid of position cards: ticker and name on top, 'Shares 12' and 'Value $…' lines",
    styles: ["us", "eu"],
    draw({ r, st }) {
      const hs = holdings(r, chance(r, 0.5) ? US : EUROPE, 3 + Math.floor(r() * 6), { fractional: 0.4 });
      const cards = hs
        .map(
          (
            h,
          ) => `<div class="card" style="padding:14px 16px"><div style="display:flex;gap:10px;align-items:center">${badge(r, h, 28)}<div><div class="b">${h.security.ticker}</div><div class="m" style="font-size:0.85em">${h.security.name}</div></div></div>
        <div style="display:flex;justify-content:space-between;margin-top:10px"><span class="m">Shares</span><span>${qty(h, st)}</span></div>
        <div style="display:flex;justify-content:space-between"><span class="m">Value</span><span class="sb">${money(h.value, st)}</span></div>
        <div style="display:flex;justify-content:space-between"><span class="m">Return</span><span class="${gainClass(h.gainPct)}">${pct(h.gainPct, st)}</span></div></div>`,
        )
        .join("");
      return {
        holdings: hs,
        html: `<div style="padding:20px 26px"><div class="b" style="font-size:1.3em;margin-bottom:14px">My positions</div>
        <div style="display:grid;grid-template-columns:repeat(3,1fr);gap:14px">${cards}</div></div>`,
      };
    },
  },

  {
    id: "crypto-portfolio-table",
    split: "tuning",
    device: "desktop",
    what: "a crypto portfolio table (Coinbase-like desktop): asset with its symbol, price, balance in coins (up to 8 decimals), value, allocation",
    styles: ["us", "eu", "uk"],
    draw({ r, st }) {
      const hs = holdings(r, COINS, 3 + Math.floor(r() * 5), { crypto8: chance(r, 0.5) });
      const sum = total(hs);
      const rows = hs
        .map(
          (
            h,
          ) => `<tr><td class="l"><span style="display:inline-flex;gap:10px;align-items:center">${badge(r, h, 26)}<span><span class="sb">${h.security.name}</span> <span class="m">${h.security.ticker}</span></span></span></td>
          <td>${priceText(h, st)}</td><td>${num(h.quantity, h.decimals, st)} ${h.security.ticker}</td><td class="sb">${money(h.value, st)}</td><td>${num((100 * h.value) / sum, 1, st)}%</td></tr>`,
        )
        .join("");
      return {
        holdings: hs,
        html: `<div style="padding:22px 28px"><div class="m">Your crypto</div><div class="b" style="font-size:1.7em;margin-bottom:12px">${money(sum, st)}</div>
        <table><thead><tr><th class="l">Asset</th><th>Price</th><th>Balance</th><th>Value</th><th>Allocation</th></tr></thead><tbody>${rows}
        <tr><td class="l sb">Cash (${st.currency === "€" ? "EUR" : "USD"})</td><td></td><td></td><td>${money(250, st)}</td><td></td></tr></tbody></table></div>`,
      };
    },
  },
  {
    id: "statement-sections",
    split: "tuning",
    device: "desktop",
    what: "a brokerage statement's holdings page: sections (Equities, Exchange-traded funds, Cash and sweep) with subtotal lines, description before symbol",
    styles: ["us"],
    draw({ r, st }) {
      const all = holdings(r, US, 5 + Math.floor(r() * 5), { fractional: 0.3 });
      const funds = all.filter((h) => / ETF| Trust|iShares|Vanguard/.test(h.security.name));
      const equities = all.filter((h) => !funds.includes(h));
      const section = (title: string, hs: Holding[]) =>
        hs.length === 0
          ? ""
          : `<tr><td class="l b" colspan="6" style="padding-top:12px;border:0">${title}</td></tr>${hs
              .map(
                (h) =>
                  `<tr><td class="l">${h.security.name.toUpperCase()}</td><td class="l">${h.security.ticker}</td><td>${qty(h, st)}</td><td>${num(h.price, 2, st)}</td><td>${num(h.value, 2, st)}</td><td>${num(h.value * 0.015, 2, st)}</td></tr>`,
              )
              .join(
                "",
              )}<tr><td class="l b">Total ${title}</td><td></td><td></td><td></td><td class="b">${money(total(hs), st)}</td><td></td></tr>`;
      return {
        holdings: all,
        html: `<div style="padding:26px 34px;font-family:inherit"><div class="b" style="font-size:1.2em">Account Statement · October 1 – October 31, 2025</div><div class="m">Account Number 5521-${Math.floor(1000 + r() * 8999)}</div>
        <table style="margin-top:14px"><thead><tr><th class="l">Description</th><th class="l">Symbol</th><th>Quantity</th><th>Price</th><th>Market Value</th><th>Est. Annual Income</th></tr></thead><tbody>
        ${section("Equities", equities)}${section("Exchange-Traded Funds", funds)}
        <tr><td class="l b" colspan="6" style="padding-top:12px;border:0">Cash and Sweep</td></tr><tr><td class="l">BANK SWEEP DEPOSIT</td><td></td><td></td><td></td><td>${num(3120.55, 2, st)}</td><td></td></tr></tbody></table></div>`,
      };
    },
  },
  {
    id: "eu-depot-table",
    split: "tuning",
    device: "desktop",
    what: "a German bank's depot table: Wertpapier with its symbol in brackets and ISIN under it, Bestand, Kurs, Kurswert, Entwicklung",
    styles: ["eu", "eu-space"],
    draw({ r, st }) {
      const hs = holdings(r, EUROPE, 4 + Math.floor(r() * 5), { fractional: 0.3 });
      const isin = () => `${pickOne(r, ["DE", "NL", "FR", "IE", "CH"])}000${Math.floor(100000 + r() * 899999)}`;
      const rows = hs
        .map(
          (
            h,
          ) => `<tr><td class="l"><span class="sb">${h.security.name} (${h.security.ticker})</span><br><span class="m" style="font-size:0.85em">${isin()}</span></td>
          <td>${qty(h, st)} Stk.</td><td>${money(h.price, st)}</td><td class="sb">${money(h.value, st)}</td><td class="${gainClass(h.gainPct)}">${pct(h.gainPct, st, true)}</td></tr>`,
        )
        .join("");
      return {
        holdings: hs,
        html: `<div style="padding:20px 26px"><div class="b" style="font-size:1.2em">Depotbestand</div><div class="m" style="margin-bottom:10px">Depot ${Math.floor(1_000_000 + r() * 8_999_999)} · Stand 14.10.2025</div>
        <table><thead><tr><th class="l">Wertpapier</th><th>Bestand</th><th>Kurs</th><th>Kurswert</th><th>Entwicklung</th></tr></thead><tbody>${rows}
        <tr><td class="l b">Depotwert gesamt</td><td></td><td></td><td class="b">${money(total(hs), st)}</td><td></td></tr></tbody></table></div>`,
      };
    },
  },
  {
    id: "phone-positions-table",
    split: "tuning",
    device: "phone",
    what: "a phone's compact positions table: symbol with the name under it, quantity, value with the day's change under it",
    styles: ["us", "eu", "uk"],
    draw({ r, st }) {
      const hs = holdings(r, chance(r, 0.7) ? US : EUROPE, 4 + Math.floor(r() * 5), { fractional: 0.4 });
      const rows = hs
        .map(
          (
            h,
          ) => `<tr><td class="l"><span class="b">${h.security.ticker}</span><br><span class="m" style="font-size:12px">${h.security.name}</span></td><td>${qty(h, st)}</td>
          <td><span class="sb">${money(h.value, st)}</span><br><span class="${gainClass(h.dayPct)}" style="font-size:12px">${pct(h.dayPct, st)}</span></td></tr>`,
        )
        .join("");
      return {
        holdings: hs,
        html: `${PHONE_STATUS(r)}<div style="padding:8px 12px"><div class="b" style="font-size:21px">Positions</div><div class="m" style="margin-bottom:6px">${money(total(hs), st)} · ${pct(0.84, st)} today</div>
        <table><thead><tr><th class="l">Symbol</th><th>Qty</th><th>Value</th></tr></thead><tbody>${rows}</tbody></table></div>${TAB_BAR(r, ["Home", "Trade", "Positions", "Activity", "More"])}`,
      };
    },
  },

  {
    id: "spreadsheet",
    split: "tuning",
    device: "desktop",
    what: "a spreadsheet the user keeps (Google Sheets/Excel-like): column letters, row numbers, grid lines, ticker, name, shares, cost, price, value, a SUM row",
    styles: ["us", "eu", "uk", "ch"],
    draw({ r, st }) {
      const hs = holdings(r, chance(r, 0.5) ? US : [...US, ...EUROPE], 4 + Math.floor(r() * 6), { fractional: 0.3 });
      const withName = chance(r, 0.6);
      const head = ["Ticker", ...(withName ? ["Name"] : []), "Shares", "Avg cost", "Price", "Value"];
      const cells = (h: Holding) => [
        h.security.ticker,
        ...(withName ? [h.security.name] : []),
        qty(h, st),
        num(h.cost / h.quantity, 2, st),
        num(h.price, 2, st),
        num(h.value, 2, st),
      ];
      const letters = ["", ...head.map((_, i) => String.fromCharCode(65 + i))];
      const body = [head, ...hs.map(cells), ["", ...(withName ? [""] : []), "", "", "Total", num(total(hs), 2, st)]]
        .map(
          (row, i) =>
            `<tr><td class="m" style="background:#8881;text-align:center;width:34px">${i + 1}</td>${row.map((v, j) => `<td class="${j < (withName ? 2 : 1) ? "l" : ""}${i === 0 ? " sb" : ""}">${v}</td>`).join("")}</tr>`,
        )
        .join("");
      return {
        holdings: hs,
        html: `<div style="padding:10px"><div class="m" style="margin-bottom:6px">fx  =SUM(${String.fromCharCode(64 + head.length)}2:${String.fromCharCode(64 + head.length)}${hs.length + 1})</div>
        <table class="grid" style="width:auto"><thead><tr>${letters.map((l) => `<th style="text-align:center;background:#8881;min-width:${l ? 90 : 34}px">${l}</th>`).join("")}</tr></thead><tbody>${body}</tbody></table></div>`,
      };
    },
  },

  // ------------------------------------- the first held-out families (tuning since the second split, below)
  {
    id: "exchange-balances",
    split: "tuning",
    device: "desktop",
    what: "crypto exchange balances (Kraken/Binance-like): coin, total, available, in orders (8 decimals), value",
    styles: ["us", "eu"],
    draw({ r, st }) {
      const hs = holdings(r, COINS, 4 + Math.floor(r() * 4), { crypto8: true });
      const withName = chance(r, 0.6);
      const rows = hs
        .map((h) => {
          const inOrder = chance(r, 0.3) ? Number((h.quantity * r() * 0.5).toFixed(8)) : 0;
          return `<tr><td class="l"><span style="display:inline-flex;gap:8px;align-items:center">${badge(r, h, 22)}<span class="b">${h.security.ticker}</span>${withName ? ` <span class="m">${h.security.name}</span>` : ""}</span></td>
          <td>${num(h.quantity, 8, st)}</td><td>${num(Number((h.quantity - inOrder).toFixed(8)), 8, st)}</td><td>${num(inOrder, 8, st)}</td><td>${money(h.value, st)}</td></tr>`;
        })
        .join("");
      return {
        holdings: hs,
        html: `<div style="padding:20px 26px"><div style="display:flex;gap:24px" class="m"><span>Overview</span><span class="b" style="color:inherit">Balances</span><span>Deposit</span><span>Withdraw</span><span>History</span></div>
        <div style="margin:16px 0 4px" class="m">Estimated balance</div><div class="b" style="font-size:1.6em;margin-bottom:16px">${money(total(hs), st)}</div>
        <label class="m"><input type="checkbox" checked> Hide small balances</label>
        <table style="margin-top:12px"><thead><tr><th class="l">Coin</th><th>Total</th><th>Available</th><th>In order</th><th>${st.currency === "€" ? "EUR" : "USD"} Value</th></tr></thead><tbody>${rows}</tbody></table></div>`,
      };
    },
  },
  {
    id: "eu-export-grid",
    split: "tuning",
    device: "desktop",
    what: "a European depot export seen as a grid (comdirect/flatex-like): name, symbol, Stück, Einstandskurs, Kurs, Wert, +/-; Summe",
    styles: ["eu", "eu-space"],
    draw({ r, st }) {
      const hs = holdings(r, chance(r, 0.6) ? EUROPE : US, 5 + Math.floor(r() * 4), { fractional: 0.35 });
      const german = chance(r, 0.6);
      const head = german
        ? ["Bezeichnung", "Symbol", "Stück", "Einstandskurs", "Kurs", "Wert", "+/- €"]
        : ["Name", "Symbol", "Units", "Avg. cost", "Price", "Value", "P/L"];
      const rows = hs
        .map(
          (
            h,
          ) => `<tr><td class="l">${h.security.name}</td><td class="l">${h.security.ticker}</td><td>${qty(h, st)}</td><td>${num(h.cost / h.quantity, 2, st)}</td>
        <td>${num(h.price, h.price < 1 ? 4 : 2, st)}</td><td>${num(h.value, 2, st)}</td><td class="${gainClass(h.gain)}">${h.gain >= 0 ? "+" : "-"}${num(Math.abs(h.gain), 2, st)}</td></tr>`,
        )
        .join("");
      return {
        holdings: hs,
        html: `<div style="padding:14px 18px"><div class="b" style="margin-bottom:8px">${german ? "Depotübersicht" : "Portfolio export"} · ${german ? "Stand" : "as of"} 14.10.2025</div>
        <table class="grid"><thead><tr>${head.map((t, i) => `<th class="${i < 2 ? "l" : ""}">${t}</th>`).join("")}</tr></thead><tbody>${rows}
        <tr><td class="l b">${german ? "Summe" : "Total"}</td><td></td><td></td><td></td><td></td><td class="b">${num(total(hs), 2, st)}</td><td></td></tr>
        <tr><td class="l">${german ? "Verrechnungskonto" : "Cash account"}</td><td></td><td></td><td></td><td></td><td>${num(812.4, 2, st)}</td><td></td></tr></tbody></table></div>`,
      };
    },
  },
  {
    id: "pro-terminal",
    split: "tuning",
    device: "desktop",
    what: "a dense trading-terminal portfolio (IBKR-like): instrument, position, avg price, last, market value, unrealised P&L; small type",
    styles: ["us", "ch"],
    draw({ r, st }) {
      const hs = holdings(r, US, 5 + Math.floor(r() * 5), { fractional: 0.2 });
      const cols = chance(r, 0.5) ? (["pos", "avg", "last", "mv", "pnl"] as const) : (["last", "pos", "mv", "avg", "pnl"] as const);
      const head = { pos: "Position", avg: "Avg Price", last: "Last", mv: "Mkt Value", pnl: "Unrlzd P&L" };
      const cell = (h: Holding, k: (typeof cols)[number]) =>
        k === "pos"
          ? qty(h, st)
          : k === "avg"
            ? num(h.cost / h.quantity, 2, st)
            : k === "last"
              ? num(h.price, 2, st)
              : k === "mv"
                ? num(h.value, 0, st)
                : `<span class="${gainClass(h.gain)}">${h.gain >= 0 ? "" : "-"}${num(Math.abs(h.gain), 0, st)}</span>`;
      const rows = hs
        .map((h) => `<tr><td class="l b">${h.security.ticker}</td>${cols.map((k) => `<td>${cell(h, k)}</td>`).join("")}</tr>`)
        .join("");
      return {
        holdings: hs,
        html: `<div style="padding:8px 10px"><div style="display:flex;gap:18px;font-size:0.9em" class="m"><span>Portfolio</span><span>Orders</span><span>Trades</span><span>Account U${Math.floor(1_000_000 + r() * 8_999_999)}</span></div>
        <div style="margin:8px 0" class="m">Net Liquidation ${num(total(hs) + 5000, 0, st)} · Excess Liquidity ${num(5000, 0, st)}</div>
        <table><thead><tr><th class="l">Instrument</th>${cols.map((k) => `<th>${head[k]}</th>`).join("")}</tr></thead><tbody>${rows}</tbody></table></div>`,
      };
    },
  },
  {
    id: "phone-holding-cards",
    split: "tuning",
    device: "phone",
    what: "phone holding cards (Webull/eToro-like): logo, ticker over name, value and change right, a 'Qty · Avg' line",
    styles: ["us", "uk", "eu"],
    draw({ r, st }) {
      const hs = holdings(r, chance(r, 0.7) ? US : EUROPE, 4 + Math.floor(r() * 4), { fractional: 0.5 });
      const label = pickOne(r, ["Qty", "Units", "Shares"]);
      const cards = hs
        .map(
          (
            h,
          ) => `<div class="card" style="margin:10px 14px;padding:12px 14px"><div style="display:flex;justify-content:space-between;align-items:center">
        <div style="display:flex;gap:10px;align-items:center">${badge(r, h, 32)}<div><div class="b" style="font-size:16px">${h.security.ticker}</div><div class="m" style="font-size:12px">${h.security.name}</div></div></div>
        <div style="text-align:right"><div class="sb" style="font-size:16px">${money(h.value, st)}</div><div class="${gainClass(h.dayPct)}" style="font-size:12px">${pct(h.dayPct, st)}</div></div></div>
        <div class="m" style="font-size:13px;margin-top:8px">${label} ${qty(h, st)} · Avg ${money(h.cost / h.quantity, st)}</div></div>`,
        )
        .join("");
      return {
        holdings: hs,
        html: `${PHONE_STATUS(r)}<div style="padding:6px 14px;display:flex;justify-content:space-between"><span class="b" style="font-size:20px">Holdings</span><span class="m">Sort ↓</span></div>${cards}${TAB_BAR(r, ["Markets", "Watchlist", "Portfolio", "Menu", "News"])}`,
      };
    },
  },
  {
    id: "watchlist-portfolio",
    split: "tuning",
    device: "phone",
    what: "a finance app's portfolio list (Yahoo/Stocks-like): 'Stocks Sort' bar, ticker and name left, shares column, last price, market value",
    styles: ["us", "uk"],
    draw({ r, st }) {
      const hs = holdings(r, US, 4 + Math.floor(r() * 5), { fractional: 0.3 });
      const rows = hs
        .map(
          (h) => `<div class="row" style="display:grid;grid-template-columns:1.5fr 0.8fr 1fr;gap:6px;padding:11px 14px;align-items:center">
        <div><div class="b">${h.security.ticker}</div><div class="m" style="font-size:12px">${h.security.name}</div></div>
        <div style="text-align:right">${qty(h, st)}</div>
        <div style="text-align:right"><div>${money(h.value, st)}</div><div class="m" style="font-size:12px">${priceText(h, st)}</div></div></div>`,
        )
        .join("");
      return {
        holdings: hs,
        html: `${PHONE_STATUS(r)}<div style="padding:4px 14px 10px;display:flex;justify-content:space-between;align-items:center"><span class="b" style="font-size:22px">My Portfolio</span><span class="m">Edit</span></div>
        <div style="display:flex;gap:16px;padding:0 14px 8px" class="m"><span class="b" style="color:inherit">Stocks</span><span>Sort</span><span>Wag</span></div>
        <div class="m" style="display:grid;grid-template-columns:1.5fr 0.8fr 1fr;gap:6px;padding:4px 14px;font-size:12px"><span>Symbol</span><span style="text-align:right">Shares</span><span style="text-align:right">Mkt value</span></div>${rows}
        <div style="padding:12px 14px" class="m">Total value ${money(total(hs), st)}</div>`,
      };
    },
  },
  {
    id: "grouped-summary",
    split: "tuning",
    device: "desktop",
    what: "a desktop summary grouped by asset class (Stocks, ETFs, Cash) with subtotals and a weight column (Vanguard/Empower-like)",
    styles: ["us", "uk"],
    draw({ r, st }) {
      const all = holdings(r, US, 5 + Math.floor(r() * 4), { fractional: 0.4 });
      const sum = total(all);
      const groups = [all.slice(0, Math.ceil(all.length / 2)), all.slice(Math.ceil(all.length / 2))];
      const body = groups
        .map(
          (g, i) =>
            `<tr><td class="l b" colspan="6" style="padding-top:14px">${i ? "ETFs & funds" : "Stocks"}</td></tr>${g
              .map(
                (h) =>
                  `<tr><td class="l"><span class="b">${h.security.ticker}</span> <span class="m">${h.security.name}</span></td><td>${qty(h, st)}</td><td>${money(h.cost / h.quantity, st)}</td><td>${priceText(h, st)}</td><td>${money(h.value, st)}</td><td>${num((100 * h.value) / sum, 1, st)}%</td></tr>`,
              )
              .join(
                "",
              )}<tr><td class="l m">Subtotal</td><td></td><td></td><td></td><td class="b">${money(total(g), st)}</td><td></td></tr>`,
        )
        .join("");
      return {
        holdings: all,
        html: `<div style="padding:22px 30px"><div class="b" style="font-size:1.25em">Holdings</div><div class="m" style="margin-bottom:10px">All accounts · ${money(sum + 2500, st)}</div>
        <table><thead><tr><th class="l">Holding</th><th>Shares</th><th>Cost/share</th><th>Price</th><th>Value</th><th>Weight</th></tr></thead><tbody>${body}
        <tr><td class="l b" style="padding-top:14px">Cash</td><td></td><td></td><td></td><td>${money(2500, st)}</td><td></td></tr></tbody></table></div>`,
      };
    },
  },

  // ------------------------------------------------------------------ held-out families (second split)
  // Designed before any reading rule was changed for them, and not read while the rules were tuned: apps,
  // banks and exports whose looks differ from every family above (docs/product-decisions.md, Imports, "Accuracy and time").
  {
    id: "robo-advisor",
    split: "held-out",
    device: "phone",
    what: "a robo-advisor's portfolio (Betterment/Wealthfront-like): an allocation bar, asset-class groups with a weight, each fund as its asset class over 'VTI · 45.382 shares', value and weight right",
    styles: ["us", "uk"],
    draw({ r, st }) {
      const stocks = holdings(r, ROBO_STOCKS, 3 + Math.floor(r() * 3), { fractional: 0.85 });
      const bonds = holdings(r, ROBO_BONDS, 1 + Math.floor(r() * 2), { fractional: 0.85 });
      const sum = total([...stocks, ...bonds]);
      const cash = Number((20 + r() * 400).toFixed(2));
      const phrase = pickOne(r, [
        (h: Holding) => `${h.security.ticker} · ${qty(h, st)} shares`,
        (h: Holding) => `${qty(h, st)} shares of ${h.security.ticker}`,
        (h: Holding) => `${h.security.ticker} — ${qty(h, st)} sh`,
      ]);
      const colours = ["#4b6bfb", "#22b8cf", "#845ef7", "#f59f00", "#51cf66", "#ff6b6b", "#20c997"];
      const bar = [...stocks, ...bonds]
        .map((h, i) => `<div style="width:${((100 * h.value) / sum).toFixed(2)}%;background:${colours[i % colours.length]}"></div>`)
        .join("");
      const group = (title: string, hs: Holding[], from: number) =>
        `<div style="display:flex;justify-content:space-between;padding:14px 18px 6px"><span class="b">${title}</span><span class="m">${num((100 * total(hs)) / sum, 1, st)}%</span></div>${hs
          .map(
            (h, i) => `<div class="row" style="display:flex;justify-content:space-between;align-items:center;padding:10px 18px">
          <div style="display:flex;gap:10px;align-items:center"><span style="width:10px;height:10px;border-radius:50%;background:${colours[(from + i) % colours.length]}"></span>
          <div><div class="sb">${ROBO_CLASS[h.security.ticker]}</div><div class="m" style="font-size:13px">${phrase(h)}</div></div></div>
          <div style="text-align:right"><div>${money(h.value, st)}</div><div class="m" style="font-size:13px">${num((100 * h.value) / sum, 1, st)}%</div></div></div>`,
          )
          .join("")}`;
      return {
        holdings: [...stocks, ...bonds],
        html: `${PHONE_STATUS(r)}<div style="padding:6px 18px"><div class="m">${pickOne(r, ["Retirement goal", "General investing", "Build wealth"])} · ${pickOne(r, ["90/10", "80/20", "70/30"])} portfolio</div>
        <div class="b" style="font-size:30px;margin:4px 0">${money(sum + cash, st)}</div>
        <div class="pos" style="font-size:13px">${signedMoney(sum * 0.041, st)} (${pct(4.1, st)}) all time</div>
        <div style="display:flex;height:10px;border-radius:5px;overflow:hidden;margin:16px 0 4px">${bar}</div></div>
        ${group("Stocks", stocks, 0)}${group("Bonds", bonds, stocks.length)}
        <div style="display:flex;justify-content:space-between;padding:14px 18px" class="m"><span>Cash reserve</span><span>${money(cash, st)}</span></div>
        ${TAB_BAR(r, ["Home", "Goals", "Activity", "Transfer", "Settings"])}`,
      };
    },
  },
  {
    id: "private-bank-custody",
    split: "held-out",
    device: "desktop",
    what: "a Swiss private bank's custody account page: a dark navigation bar, bank-style descriptions ('Reg Shs') with ISIN and valor under them, Quantity/Nominal, currency code column, values in CHF with the code after the amount",
    styles: ["ch-after", "ch", "ch-after"],
    draw({ r, st }) {
      const hs = holdings(r, [...EUROPE, ...US.slice(0, 20)], 5 + Math.floor(r() * 5), { fractional: 0.1 });
      const withSymbol = chance(r, 0.6);
      const bankNames = chance(r, 0.5);
      const ccy = (h: Holding) => (US.includes(h.security) ? "USD" : ["NESN", "NOVN"].includes(h.security.ticker) ? "CHF" : "EUR");
      const fx: Record<string, number> = { USD: 0.89, EUR: 0.94, CHF: 1 };
      const chf = (h: Holding) => h.value * fx[ccy(h)];
      const sum = hs.reduce((n, h) => n + chf(h), 0);
      const code = (n: number) => `${num(n, 2, st)}${st.after ? " CHF" : ""}`;
      const isin = (h: Holding) =>
        `${ccy(h) === "USD" ? "US" : ccy(h) === "CHF" ? "CH" : pickOne(r, ["DE", "NL", "FR"])}${String(Math.floor(1e9 + r() * 8.9e9))}${Math.floor(r() * 10)}`;
      const rows = hs
        .map(
          (
            h,
          ) => `<tr><td class="l"><div class="sb">${bankNames && !/ETF|Trust|UCITS|iShares|Vanguard/.test(h.security.name) ? `${h.security.name.replace(/ (Inc\.?|Corp|SA|SE|AG|plc)$/, "")} ${pickOne(r, ["Reg Shs", "Registered Shs", "Namen-Akt"])}` : h.security.name}</div>
          <div class="m" style="font-size:0.85em">${withSymbol ? `${h.security.ticker} · ` : ""}ISIN ${isin(h)} · Valor ${Math.floor(1_000_000 + r() * 8_999_999)}</div></td>
          <td>${qty(h, st)}</td><td class="l">${ccy(h)}</td><td>${num(h.price, 2, st)}</td><td>14.10.2025</td><td>${num(chf(h), 2, st)}</td><td>${num((100 * chf(h)) / sum, 2, st)}</td></tr>`,
        )
        .join("");
      return {
        holdings: hs,
        namesOnly: !withSymbol,
        html: `<div style="background:#14213d;color:#fff;display:flex;gap:28px;padding:14px 28px;align-items:center"><span class="b" style="font-size:1.15em">${pickOne(r, ["Banque Alpine", "Zürcher Privatbank", "Helvetia Wealth"])}</span><span>Overview</span><span>Payments</span><span style="border-bottom:2px solid #fff">Assets</span><span>Documents</span><span style="margin-left:auto">Log out</span></div>
        <div style="padding:16px 28px"><div class="m" style="font-size:0.9em">Assets › Custody account 0235-${Math.floor(10_000_000 + r() * 89_999_999)}.01</div>
        <div class="b" style="font-size:1.35em;margin:6px 0 2px">Securities</div><div class="m" style="margin-bottom:12px">Valuation as at 14.10.2025 · prices in trading currency, values in CHF</div>
        <table><thead><tr><th class="l">Description</th><th>Quantity/Nominal</th><th class="l">Ccy</th><th>Price</th><th>Price date</th><th>Market value CHF</th><th>Weight %</th></tr></thead><tbody>${rows}
        <tr><td class="l b">Total securities</td><td></td><td></td><td></td><td></td><td class="b">${code(sum)}</td><td class="b">${num(100, 2, st)}</td></tr></tbody></table>
        <div class="m" style="margin-top:14px">Current account CHF ${code(4210.35)}</div></div>`,
      };
    },
  },
  {
    id: "tax-lots",
    split: "held-out",
    device: "desktop",
    what: "a cost-basis view with tax lots (Schwab/Fidelity-like): each position's summary row, then its lots by open date (quantity, cost/share, value, gain, long or short term) indented under it",
    styles: ["us"],
    draw({ r, st }) {
      const hs = holdings(r, US, 3 + Math.floor(r() * 4), { fractional: 0.25 });
      const date = () =>
        `${String(1 + Math.floor(r() * 12)).padStart(2, "0")}/${String(1 + Math.floor(r() * 28)).padStart(2, "0")}/${2017 + Math.floor(r() * 8)}`;
      const label = pickOne(r, ["Open Date", "Acquired", "Date Acquired"]);
      const gain = (n: number) => `<span class="${gainClass(n)}">${n < 0 ? `-${money(-n, st)}` : `+${money(n, st)}`}</span>`;
      const body = hs
        .map((h) => {
          const lots = h.quantity < 2 || chance(r, 0.25) ? 1 : 2 + Math.floor(r() * 2);
          const parts: number[] = [];
          let left = h.quantity;
          for (let i = 0; i < lots - 1; i++) {
            const part = Number((left * (0.3 + r() * 0.4)).toFixed(h.decimals));
            if (part <= 0 || part >= left) break;
            parts.push(part);
            left = Number((left - part).toFixed(h.decimals));
          }
          parts.push(left);
          const costShare = h.cost / h.quantity;
          const summary = `<tr><td class="l"><span class="b">${h.security.ticker}</span> <span class="m">${h.security.name}</span></td><td class="m">--</td><td class="b">${qty(h, st)}</td>
          <td>${priceText(h, st)}</td><td>${money(costShare, st)}</td><td class="b">${money(h.value, st)}</td><td>${money(h.cost, st)}</td><td>${gain(h.gain)}</td><td class="m">--</td></tr>`;
          const expanded = chance(r, 0.8);
          const lotRows = expanded
            ? parts
                .map((q) => {
                  const c = Number((costShare * (0.7 + r() * 0.5)).toFixed(2));
                  const v = q * h.price;
                  return `<tr style="background:#8881"><td></td><td class="l">${date()}</td><td>${num(q, h.decimals, st)}</td><td></td><td>${money(c, st)}</td><td>${money(v, st)}</td><td>${money(q * c, st)}</td><td>${gain(v - q * c)}</td><td class="l">${chance(r, 0.7) ? "Long Term" : "Short Term"}</td></tr>`;
                })
                .join("")
            : "";
          return summary + lotRows;
        })
        .join("");
      return {
        holdings: hs,
        html: `<div style="padding:20px 28px"><div style="display:flex;gap:22px;margin-bottom:10px"><span class="b" style="border-bottom:2px solid currentColor">Unrealized Gain/Loss</span><span class="m">Realized Gain/Loss</span></div>
        <div class="m" style="margin-bottom:12px">Cost basis method: ${pickOne(r, ["FIFO", "Specific lot", "Average"])} · Data as of 10/14/2025</div>
        <table><thead><tr><th class="l">Symbol</th><th class="l">${label}</th><th>Quantity</th><th>Price</th><th>Cost/Share</th><th>Market Value</th><th>Cost Basis</th><th>Gain/Loss $</th><th class="l">Holding Period</th></tr></thead><tbody>${body}</tbody></table></div>`,
      };
    },
  },
  {
    id: "dark-sparkline-app",
    split: "held-out",
    device: "phone",
    ground: "dark",
    what: "a dark trading app: a value chart with axis labels, range chips, then rows of logo, ticker over name, a sparkline, value over the quantity in letter-spaced capitals",
    styles: ["us", "uk", "eu"],
    draw({ r, st }) {
      const hs = holdings(r, chance(r, 0.75) ? US : EUROPE, 4 + Math.floor(r() * 4), { fractional: 0.45 });
      const sum = total(hs);
      const walk = (n: number, w: number, h: number) => {
        let y = h / 2;
        return Array.from({ length: n }, (_, i) => {
          y = Math.min(h - 2, Math.max(2, y + (r() - 0.5) * h * 0.35));
          return `${((i * w) / (n - 1)).toFixed(1)},${y.toFixed(1)}`;
        }).join(" ");
      };
      const k = (n: number) => `${st.after ? "" : st.currency}${Math.round(n / 1000)}k${st.after ? ` ${st.currency}` : ""}`;
      const rows = hs
        .map(
          (h) => `<div class="row" style="display:grid;grid-template-columns:1fr 72px 1fr;gap:8px;align-items:center;padding:12px 16px">
          <div style="display:flex;gap:10px;align-items:center">${badge(r, h, 30)}<div><div class="b">${h.security.ticker}</div><div class="m" style="font-size:12px;white-space:nowrap;overflow:hidden;max-width:110px">${h.security.name}</div></div></div>
          <svg width="72" height="28"><polyline fill="none" stroke="${h.dayPct >= 0 ? "#3ddc84" : "#ff5c5c"}" stroke-width="1.6" points="${walk(18, 72, 28)}"/></svg>
          <div style="text-align:right"><div class="sb">${money(h.value, st)}</div><div class="m" style="font-size:11px;letter-spacing:0.08em">${qty(h, st)} ${h.quantity === 1 ? "SHARE" : "SHARES"}</div></div></div>`,
        )
        .join("");
      return {
        holdings: hs,
        html: `${PHONE_STATUS(r)}<div style="padding:6px 16px"><div class="m">Investing</div><div class="b" style="font-size:30px">${money(sum, st)}</div>
        <div class="${gainClass(1)}" style="font-size:13px">${signedMoney(sum * 0.0129, st)} (${pct(1.29, st)}) Today</div></div>
        <div style="position:relative;margin:8px 16px"><svg width="100%" height="150" viewBox="0 0 300 150" preserveAspectRatio="none"><polyline fill="none" stroke="#3ddc84" stroke-width="2" points="${walk(40, 300, 150)}"/></svg>
        <div class="m" style="position:absolute;right:0;top:0;font-size:11px">${k(sum * 1.05)}</div><div class="m" style="position:absolute;right:0;bottom:0;font-size:11px">${k(sum * 0.95)}</div></div>
        <div style="display:flex;justify-content:space-around;padding:6px 10px;font-size:13px" class="m">${["1D", "1W", "1M", "3M", "1Y", "ALL"].map((t, i) => `<span style="${i === 0 ? "color:#3ddc84;font-weight:700" : ""}">${t}</span>`).join("")}</div>
        <div style="display:flex;justify-content:space-between;padding:14px 16px 4px"><span class="b" style="font-size:18px">Positions</span><span class="m">Value ▾</span></div>${rows}
        ${TAB_BAR(r, ["Home", "Discover", "Invest", "Card", "Profile"])}`,
      };
    },
  },
  {
    id: "merged-header-export",
    split: "held-out",
    device: "desktop",
    what: "an Excel export opened in a spreadsheet: a title row, two header rows with merged group cells (Position, Pricing, Valuation) and filter arrows, zebra rows, quantities with four fixed decimals, a sheet-tab strip",
    styles: ["us", "uk", "eu"],
    draw({ r, st }) {
      const hs = holdings(r, chance(r, 0.6) ? US : [...US, ...EUROPE], 5 + Math.floor(r() * 5), { fractional: 0.3 });
      const fixed = chance(r, 0.5);
      const withName = chance(r, 0.7);
      const ccy = st.currency === "€" ? "EUR" : st.currency === "£" ? "GBP" : "USD";
      const head = (t: string) => `${t} <span class="m" style="font-size:0.75em">▾</span>`;
      const rows = hs
        .map(
          (
            h,
            i,
          ) => `<tr style="${i % 2 ? "background:#8882" : ""}"><td class="l">${h.security.ticker}</td>${withName ? `<td class="l">${h.security.name}</td>` : ""}
          <td>${fixed ? num(h.quantity, 4, st) : qty(h, st)}</td><td>${num(h.price, 2, st)}</td><td class="l">${ccy}</td><td>${num(h.value, 2, st)}</td><td>${num(h.cost, 2, st)}</td>
          <td class="${gainClass(h.gain)}">${h.gain < 0 ? `(${num(-h.gain, 2, st)})` : num(h.gain, 2, st)}</td></tr>`,
        )
        .join("");
      const span = withName ? 3 : 2;
      return {
        holdings: hs,
        html: `<div style="padding:8px 10px"><div class="b" style="font-size:1.15em;padding:6px 8px">Portfolio export – 31/10/2025</div><div class="m" style="padding:0 8px 8px">Generated 31/10/2025 18:02 · all accounts</div>
        <table class="grid" style="width:auto"><thead>
        <tr><th colspan="${span}" style="text-align:center;background:#4472c4;color:#fff">Position</th><th colspan="2" style="text-align:center;background:#4472c4;color:#fff">Pricing</th><th colspan="3" style="text-align:center;background:#4472c4;color:#fff">Valuation</th></tr>
        <tr style="background:#8883"><th class="l">${head("Symbol")}</th>${withName ? `<th class="l">${head("Description")}</th>` : ""}<th>${head("Quantity")}</th><th>${head("Price")}</th><th class="l">${head("Ccy")}</th><th>${head("Market value")}</th><th>${head("Cost basis")}</th><th>${head("Unrealised P/L")}</th></tr></thead>
        <tbody>${rows}<tr class="b"><td class="l">Total</td>${withName ? "<td></td>" : ""}<td></td><td></td><td></td><td>${num(total(hs), 2, st)}</td><td>${num(
          hs.reduce((n, h) => n + h.cost, 0),
          2,
          st,
        )}</td><td></td></tr></tbody></table>
        <div style="display:flex;gap:2px;margin-top:18px;font-size:0.9em"><span style="padding:4px 14px;border-bottom:3px solid #217346" class="b">Holdings</span><span class="m" style="padding:4px 14px">Transactions</span><span class="m" style="padding:4px 14px">Income</span><span class="m" style="padding:4px 14px">+</span></div></div>`,
      };
    },
  },
  {
    id: "jp-broker-us-stocks",
    split: "held-out",
    device: "desktop",
    what: "a Japanese broker's English screen of US stock holdings: account type (NISA, Specific), ticker over name, shares, cost and price in USD with the code after, value and P/L in yen (JPY after or ¥ before), the USD/JPY rate",
    styles: ["jp"],
    draw({ r, st }) {
      const hs = holdings(r, US, 4 + Math.floor(r() * 5), { fractional: 0.1 });
      const rate = Number((140 + r() * 20).toFixed(2));
      const yenBefore = chance(r, 0.4);
      const yen = (n: number, signed = false) =>
        `${signed ? (n >= 0 ? "+" : "-") : ""}${yenBefore ? "¥" : ""}${num(Math.abs(n), 0, st)}${yenBefore ? "" : " JPY"}`;
      const usd = (n: number) => `${num(n, 2, st)} USD`;
      const rows = hs
        .map(
          (
            h,
          ) => `<tr><td class="l">${pickOne(r, ["NISA", "Specific", "Specific", "General"])}</td><td class="l"><div class="b">${h.security.ticker}</div><div class="m" style="font-size:0.85em">${h.security.name}</div></td>
          <td>${qty(h, st)}</td><td>${usd(h.cost / h.quantity)}</td><td>${usd(h.price)}</td><td class="sb">${yen(h.value * rate)}</td><td class="${gainClass(h.gain)}">${yen(h.gain * rate, true)}</td></tr>`,
        )
        .join("");
      return {
        holdings: hs,
        html: `<div style="padding:18px 26px"><div style="display:flex;gap:20px;margin-bottom:10px" class="m"><span>Domestic stocks</span><span class="b" style="color:inherit;border-bottom:2px solid #bf0000">US stocks</span><span>Investment trusts</span><span>Bonds</span></div>
        <div style="display:flex;justify-content:space-between;align-items:baseline"><span class="b" style="font-size:1.25em">Holdings · US stocks</span><span class="m">USD/JPY ${num(rate, 2, st)} (15:00 JST)</span></div>
        <div style="margin:6px 0 12px">Total market value <span class="b">${yen(total(hs) * rate)}</span></div>
        <table><thead><tr><th class="l">Account</th><th class="l">Ticker / Name</th><th>Shares held</th><th>Avg. cost</th><th>Current price</th><th>Market value (JPY)</th><th>Unrealised P/L (JPY)</th></tr></thead><tbody>${rows}</tbody></table></div>`,
      };
    },
  },
  {
    id: "stacked-mobile-web",
    split: "held-out",
    device: "phone",
    what: "a broker's website on a phone: a browser address bar, the positions table collapsed into blocks of label/value pairs (Symbol AAPL, Quantity 12, Last price, Market value, Day's gain) in varying order and wording",
    styles: ["us", "uk", "eu"],
    draw({ r, st }) {
      const hs = holdings(r, chance(r, 0.7) ? US : EUROPE, 3 + Math.floor(r() * 4), { fractional: 0.35 });
      const words = pickOne(r, [
        { symbol: "Symbol", qty: "Quantity", price: "Last price", value: "Market value" },
        { symbol: "Ticker", qty: "Shares", price: "Price", value: "Value" },
        { symbol: "Instrument", qty: "Units", price: "Current price", value: "Position value" },
      ]);
      const priceFirst = chance(r, 0.4);
      const pair = (label: string, value: string, cls = "") =>
        `<div style="display:flex;justify-content:space-between;padding:5px 0"><span class="m">${label}</span><span class="${cls}">${value}</span></div>`;
      const blocks = hs
        .map((h) => {
          const q = pair(words.qty, qty(h, st));
          const p = pair(words.price, priceText(h, st));
          return `<div style="border-top:3px solid #8884;padding:8px 16px">${pair(words.symbol, h.security.ticker, "b")}${pair("Description", h.security.name)}
          ${priceFirst ? p + q : q + p}${pair(words.value, money(h.value, st), "sb")}${pair("Day's gain", `${signedMoney(h.value * h.dayPct * 0.01, st)} (${pct(h.dayPct, st)})`, gainClass(h.dayPct))}</div>`;
        })
        .join("");
      return {
        holdings: hs,
        html: `${PHONE_STATUS(r)}<div style="margin:4px 10px 8px;padding:8px 12px;border-radius:18px;background:#8882;font-size:13px" class="m">🔒 ${pickOne(r, ["secure.examplebroker.com", "invest.mybank.co.uk", "web.tradeportal.eu"])}/positions</div>
        <div style="display:flex;justify-content:space-between;align-items:center;padding:4px 16px 10px"><span class="b" style="font-size:20px">Positions (${hs.length})</span><span class="m">☰ Menu</span></div>${blocks}
        <div style="border-top:3px solid #8884;padding:12px 16px">${pair("Total market value", money(total(hs), st), "b")}</div>`,
      };
    },
  },
  // ------------------------------------------------------- tuning families added with the third split
  // Layouts unlike the ones above, so the rules learn relations rather than one broker's columns: label and
  // value pairs in several languages, two-line rows, value-first and right-to-left columns, currency signs
  // after the amount and before it (¥), units glued to quantities ("12.5 sh", "0.00341200 BTC"), condensed
  // and tiny type, grid lines, zebra rows, subtotals in the middle.
  {
    id: "label-value-cards",
    split: "tuning",
    device: "phone",
    what: "a stack of cards of label/value pairs in German, French or English (Wertpapier/Titre/Security, Anzahl/Quantité/Quantity, Kurs/Cours/Price, Wert/Valeur/Value) in shuffled order, the symbol in the card's title or in its own pair",
    styles: ["eu", "eu-space", "us", "ch-after"],
    draw({ r, st }) {
      const hs = holdings(r, chance(r, 0.5) ? EUROPE : US, 3 + Math.floor(r() * 4), { fractional: 0.4 });
      const words = pickOne(r, [
        { sec: "Wertpapier", qty: "Anzahl", price: "Kurs", value: "Wert", sym: "Kürzel", title: "Mein Depot" },
        { sec: "Titre", qty: "Quantité", price: "Cours", value: "Valeur", sym: "Mnémo", title: "Mon portefeuille" },
        { sec: "Security", qty: "Quantity", price: "Price", value: "Value", sym: "Symbol", title: "My holdings" },
      ]);
      const symbolInTitle = chance(r, 0.5);
      const pair = (label: string, value: string, cls = "") =>
        `<div style="display:flex;justify-content:space-between;padding:4px 0"><span class="m">${label}</span><span class="${cls}">${value}</span></div>`;
      const cards = hs
        .map((h) => {
          const pairs = shuffle(r, [
            pair(words.qty, qty(h, st)),
            pair(words.price, priceText(h, st)),
            pair(words.value, money(h.value, st), "sb"),
          ]);
          return `<div class="card" style="margin:10px 14px;padding:12px 14px"><div class="b" style="margin-bottom:6px">${h.security.name}${symbolInTitle ? ` <span class="m">(${h.security.ticker})</span>` : ""}</div>
          ${symbolInTitle ? "" : pair(words.sym, h.security.ticker, "b")}${pairs.join("")}</div>`;
        })
        .join("");
      return {
        holdings: hs,
        html: `${PHONE_STATUS(r)}<div style="padding:6px 16px"><div class="b" style="font-size:22px">${words.title}</div><div class="m">${money(total(hs), st)}</div></div>${cards}`,
      };
    },
  },
  {
    id: "two-line-rows",
    split: "tuning",
    device: "desktop",
    what: "a list of two-line rows: the ticker (or the name) and the value on the first line, 'Name · 12.5 sh @ $189.32' under it; a zebra ground, subtotals between groups",
    styles: ["us", "uk", "eu"],
    draw({ r, st }) {
      const hs = holdings(r, chance(r, 0.6) ? US : EUROPE, 4 + Math.floor(r() * 5), { fractional: 0.5 });
      const unit = pickOne(r, ["sh", "shares", "units", "pcs"]);
      const half = Math.ceil(hs.length / 2);
      const row = (h: Holding, i: number) => `<div style="padding:8px 16px;background:${i % 2 ? "#8881" : "transparent"}">
        <div style="display:flex;justify-content:space-between"><span class="b">${h.security.ticker}</span><span class="sb">${money(h.value, st)}</span></div>
        <div class="m" style="display:flex;justify-content:space-between;font-size:0.9em"><span>${h.security.name} · ${qty(h, st)} ${unit} @ ${priceText(h, st)}</span><span class="${gainClass(h.gainPct)}">${pct(h.gainPct, st)}</span></div></div>`;
      const group = (title: string, g: Holding[]) =>
        `<div class="b" style="padding:12px 16px 4px">${title}</div>${g.map(row).join("")}<div class="m" style="display:flex;justify-content:space-between;padding:6px 16px;border-top:1px solid #8886"><span>Subtotal ${title}</span><span>${money(total(g), st)}</span></div>`;
      return {
        holdings: hs,
        html: `<div style="padding:16px 24px;max-width:760px"><div class="b" style="font-size:1.3em">Investments</div>${group("Core", hs.slice(0, half))}${group("Satellite", hs.slice(half))}
        <div class="b" style="display:flex;justify-content:space-between;padding:10px 16px"><span>Total</span><span>${money(total(hs), st)}</span></div></div>`,
      };
    },
  },
  {
    id: "value-first-table",
    split: "tuning",
    device: "desktop",
    what: "a table read right to left: market value first, then price, quantity, and the symbol and name last (an Arabic/Hebrew-style column order drawn left to right), grid lines",
    styles: ["us", "ch", "eu"],
    draw({ r, st }) {
      const hs = holdings(r, chance(r, 0.6) ? US : EUROPE, 4 + Math.floor(r() * 5), { fractional: 0.3 });
      const head = pickOne(r, [
        ["Market value", "Price", "Quantity", "Symbol", "Name"],
        ["Value", "Last", "Shares", "Ticker", "Security"],
        ["Wert", "Kurs", "Stück", "Symbol", "Name"],
      ]);
      const rows = hs
        .map(
          (h) =>
            `<tr><td class="sb">${money(h.value, st)}</td><td>${priceText(h, st)}</td><td>${qty(h, st)}</td><td class="b">${h.security.ticker}</td><td>${h.security.name}</td></tr>`,
        )
        .join("");
      return {
        holdings: hs,
        html: `<div style="padding:18px 26px"><div class="b" style="font-size:1.2em;margin-bottom:10px;text-align:right">Portfolio</div>
        <table class="grid"><thead><tr>${head.map((t) => `<th>${t}</th>`).join("")}</tr></thead><tbody>${rows}
        <tr><td class="b">${money(total(hs), st)}</td><td></td><td></td><td></td><td class="b">Total</td></tr></tbody></table></div>`,
      };
    },
  },
  {
    id: "coin-units-wallet",
    split: "tuning",
    device: "phone",
    what: "a self-custody wallet: the amount with its coin ('0.00341200 BTC') large, the name and '≈ $219.18' and '@ $64,231.50' small under it, no ticker column",
    styles: ["us", "eu", "uk"],
    draw({ r, st }) {
      const hs = holdings(r, COINS, 3 + Math.floor(r() * 4), { crypto8: chance(r, 0.6) });
      const rows = hs
        .map(
          (h) => `<div class="row" style="padding:12px 18px;display:flex;gap:12px;align-items:center">${badge(r, h, 30)}<div style="flex:1">
          <div class="sb" style="font-size:17px">${qty(h, st)} ${h.security.ticker}</div>
          <div class="m" style="font-size:13px;display:flex;justify-content:space-between"><span>${h.security.name} @ ${priceText(h, st)}</span><span>≈ ${money(h.value, st)}</span></div></div></div>`,
        )
        .join("");
      return {
        holdings: hs,
        html: `${PHONE_STATUS(r)}<div style="padding:8px 18px"><div class="m">Total balance</div><div class="b" style="font-size:26px">${money(total(hs), st)}</div>
        <div style="display:flex;gap:10px;margin:10px 0" class="m"><span>Send</span><span>Receive</span><span>Swap</span></div></div>${rows}`,
      };
    },
  },
  {
    id: "condensed-zebra-fr",
    split: "tuning",
    device: "desktop",
    what: "a French bank's portfolio in condensed type at small scales: zebra rows, grid lines, Titre (name and code), Quantité, Cours, Valorisation, +/- value, subtotals by account in the middle",
    styles: ["eu-space", "eu"],
    draw({ r, st }) {
      const hs = holdings(r, chance(r, 0.7) ? EUROPE : US, 5 + Math.floor(r() * 4), { fractional: 0.25 });
      const half = Math.ceil(hs.length / 2);
      const row = (h: Holding, i: number) =>
        `<tr style="background:${i % 2 ? "#8882" : "transparent"}"><td class="l">${h.security.name} <span class="m">${h.security.ticker}</span></td><td>${qty(h, st)}</td><td>${num(h.price, 2, st)}</td><td>${money(h.value, st)}</td><td class="${gainClass(h.gain)}">${h.gain >= 0 ? "+" : "-"}${num(Math.abs(h.gain), 2, st)}</td></tr>`;
      const part = (title: string, g: Holding[]) =>
        `<tr><td class="l b" colspan="5">${title}</td></tr>${g.map(row).join("")}<tr><td class="l b">Sous-total</td><td></td><td></td><td class="b">${money(total(g), st)}</td><td></td></tr>`;
      return {
        holdings: hs,
        html: `<div style="padding:10px 14px;font-family:'DejaVu Sans Condensed','Open Sans Condensed Light',sans-serif;font-size:0.9em"><div class="b">Portefeuille titres · au 14/10/2025</div>
        <table class="grid" style="margin-top:6px"><thead><tr><th class="l">Titre</th><th>Quantité</th><th>Cours</th><th>Valorisation</th><th>+/- value</th></tr></thead><tbody>
        ${part("Compte-titres ordinaire", hs.slice(0, half))}${part("PEA", hs.slice(half))}
        <tr><td class="l b">Total</td><td></td><td></td><td class="b">${money(total(hs), st)}</td><td></td></tr></tbody></table></div>`,
      };
    },
  },
  {
    id: "yen-sign-table",
    split: "tuning",
    device: "desktop",
    what: "a table with Japanese headers (銘柄 コード 保有数 現在値 評価額) the English model cannot read, prices and values in yen written '¥12,345', the code column before the name",
    styles: ["jp-sign"],
    draw({ r, st }) {
      const hs = holdings(r, US, 4 + Math.floor(r() * 5), { fractional: 0.15 });
      const rate = 140 + Math.round(r() * 20);
      for (const h of hs) {
        h.price = Math.round(h.price * rate);
        h.value = Math.round(h.quantity * h.price);
      }
      const rows = hs
        .map(
          (h) =>
            `<tr><td class="l b">${h.security.ticker}</td><td class="l">${h.security.name}</td><td>${qty(h, st)}</td><td>${money(h.price, st, 0)}</td><td>${money(h.value, st, 0)}</td><td class="${gainClass(h.gainPct)}">${pct(h.gainPct, st)}</td></tr>`,
        )
        .join("");
      return {
        holdings: hs,
        html: `<div style="padding:18px 24px;font-family:'Noto Sans CJK JP','Noto Sans',sans-serif"><div class="b" style="font-size:1.2em">保有証券一覧 (米国株式)</div>
        <table style="margin-top:10px"><thead><tr><th class="l">コード</th><th class="l">銘柄</th><th>保有数</th><th>現在値</th><th>評価額</th><th>損益率</th></tr></thead><tbody>${rows}
        <tr><td class="l b">合計</td><td></td><td></td><td></td><td class="b">${money(total(hs), st, 0)}</td><td></td></tr></tbody></table></div>`,
      };
    },
  },

  // ------------------------------------------------------------------ held-out families (third split)
  // Drawn on 2026-11-27 before the reader was run on them, committed before any reading of them (the git
  // history shows this commit before the bench's first run), read once for the figure and never to change a
  // rule: layouts unlike every family above, tuning or held-out.
  {
    id: "pie-legend",
    split: "held-out-3",
    device: "phone",
    what: "a donut chart of the portfolio with its legend below: a coloured dot, the weight, the symbol in bold and 'N shares' small, the value on the right",
    styles: ["us", "uk", "eu"],
    draw({ r, st, theme }) {
      const hs = holdings(r, chance(r, 0.7) ? US : EUROPE, 3 + Math.floor(r() * 5), { fractional: 0.4 });
      const sum = total(hs);
      const colours = ["#4c6ef5", "#f76707", "#37b24d", "#f03e3e", "#7048e8", "#1098ad", "#f59f00", "#d6336c"];
      let at = 0;
      const stops = hs
        .map((h, i) => {
          const from = at;
          at += (360 * h.value) / sum;
          return `${colours[i % colours.length]} ${from.toFixed(1)}deg ${at.toFixed(1)}deg`;
        })
        .join(",");
      const unit = pickOne(r, ["shares", "shs", "units"]);
      const rows = hs
        .map(
          (h, i) => `<div style="display:flex;justify-content:space-between;align-items:center;padding:9px 18px">
          <div style="display:flex;gap:10px;align-items:center"><span style="width:12px;height:12px;border-radius:50%;background:${colours[i % colours.length]}"></span>
          <span class="m" style="width:48px">${num((100 * h.value) / sum, 1, st)}%</span><span><span class="b">${h.security.ticker}</span> <span class="m" style="font-size:13px">${qty(h, st)} ${unit}</span></span></div>
          <span class="sb">${money(h.value, st)}</span></div>`,
        )
        .join("");
      return {
        holdings: hs,
        html: `${PHONE_STATUS(r)}<div style="padding:6px 18px" class="b"><span style="font-size:20px">Allocation</span></div>
        <div style="margin:12px auto;width:200px;height:200px;border-radius:50%;background:conic-gradient(${stops});display:flex;align-items:center;justify-content:center">
        <div style="width:130px;height:130px;border-radius:50%;background:${theme.dark ? pickDark(theme.accent) : "#ffffff"};display:flex;flex-direction:column;align-items:center;justify-content:center" class="card"><span class="m" style="font-size:12px">Total</span><span class="b">${money(sum, st)}</span></div></div>${rows}`,
      };
    },
  },
  {
    id: "plain-text-report",
    split: "held-out-3",
    device: "desktop",
    what: "a plain-text holdings report in monospaced type (a terminal or an e-mailed report): ASCII rules of dashes and pipes, upper-case headers SYM DESCRIPTION QTY PRICE MKT VAL, a TOTAL line",
    styles: ["us", "ch"],
    draw({ r, st }) {
      const hs = holdings(r, US, 4 + Math.floor(r() * 6), { fractional: 0.3 });
      const pad = (t: string, n: number, right = false) => (right ? t.padStart(n) : t.padEnd(n)).slice(0, Math.max(n, t.length));
      const pipes = chance(r, 0.5);
      const sep = pipes ? " | " : "  ";
      const line = (cells: string[]) =>
        (pipes ? "| " : "") +
        [pad(cells[0], 6), pad(cells[1], 30), pad(cells[2], 12, true), pad(cells[3], 10, true), pad(cells[4], 13, true)].join(sep) +
        (pipes ? " |" : "");
      const rule = "-".repeat(line(["", "", "", "", ""]).length);
      const text = [
        `HOLDINGS REPORT  ${pickOne(r, ["2025-10-14", "14-OCT-2025"])}  ACCT ${Math.floor(100000 + r() * 899999)}`,
        rule,
        line(["SYM", "DESCRIPTION", "QTY", "PRICE", "MKT VAL"]),
        rule,
        ...hs.map((h) => line([h.security.ticker, h.security.name.toUpperCase(), qty(h, st), num(h.price, 2, st), num(h.value, 2, st)])),
        rule,
        line(["", "TOTAL", "", "", num(total(hs), 2, st)]),
      ].join("\n");
      return {
        holdings: hs,
        html: `<pre style="margin:0;padding:16px 20px;font-family:'DejaVu Sans Mono','Liberation Mono',monospace;font-size:0.95em">${text.replace(/&/g, "&amp;")}</pre>`,
      };
    },
  },
  {
    id: "nordic-app",
    split: "held-out-3",
    device: "phone",
    what: "a Swedish bank's app (Avanza/Nordnet-like): Innehav, each row the company's name over 'Antal 12 · GAV 178,20 kr', the value in kronor ('2 271,84 kr') and the return in percent on the right; no tickers",
    styles: ["se"],
    draw({ r, st }) {
      const hs = holdings(r, chance(r, 0.5) ? EUROPE : US, 4 + Math.floor(r() * 4), { fractional: 0.2 });
      const rows = hs
        .map(
          (h) => `<div class="row" style="display:flex;justify-content:space-between;padding:12px 16px;align-items:center">
          <div><div class="sb">${h.security.name}</div><div class="m" style="font-size:13px">Antal ${qty(h, st)} · GAV ${money(h.cost / h.quantity, st)}</div></div>
          <div style="text-align:right"><div class="sb">${money(h.value, st)}</div><div class="${gainClass(h.gainPct)}" style="font-size:13px">${pct(h.gainPct, st, true)}</div></div></div>`,
        )
        .join("");
      return {
        holdings: hs,
        namesOnly: true,
        html: `${PHONE_STATUS(r)}<div style="padding:6px 16px"><div class="m">Totalt värde</div><div class="b" style="font-size:26px">${money(total(hs) + 1520, st)}</div>
        <div style="display:flex;gap:16px;margin:12px 0 4px" class="m"><span class="b" style="color:inherit">Innehav</span><span>Transaktioner</span><span>Utveckling</span></div></div>${rows}
        <div style="display:flex;justify-content:space-between;padding:12px 16px" class="m"><span>Tillgängligt för köp</span><span>${money(1520, st)}</span></div>`,
      };
    },
  },
  {
    id: "sentence-summary",
    split: "held-out-3",
    device: "desktop",
    what: "a written summary (an assistant's answer or an e-mail): one bullet sentence per holding in varied wording ('You own 12 shares of Apple Inc. (AAPL), worth $2,271.84 at $189.32 each.')",
    styles: ["us", "uk"],
    draw({ r, st }) {
      const hs = holdings(r, US, 3 + Math.floor(r() * 5), { fractional: 0.3 });
      const say = [
        (h: Holding) =>
          `You own ${qty(h, st)} shares of ${h.security.name} (${h.security.ticker}), worth ${money(h.value, st)} at ${priceText(h, st)} each.`,
        (h: Holding) => `${h.security.ticker}: ${qty(h, st)} shares × ${priceText(h, st)} = ${money(h.value, st)}`,
        (h: Holding) => `${h.security.name} (${h.security.ticker}) — ${money(h.value, st)} (${qty(h, st)} sh. at ${priceText(h, st)})`,
      ];
      const bullets = hs.map((h) => `<li style="margin:6px 0">${pickOne(r, say)(h)}</li>`).join("");
      return {
        holdings: hs,
        html: `<div style="padding:22px 30px;max-width:820px;line-height:1.45"><p>Hi,</p><p>here is where your portfolio stood at the close on October 14 (${money(total(hs), st)} in all):</p>
        <ul>${bullets}</ul><p class="m">Prices are delayed by at least 15 minutes. Past performance is no guarantee of future results.</p></div>`,
      };
    },
  },
  {
    id: "tablet-split-view",
    split: "held-out-3",
    device: "desktop",
    what: "a tablet's split view: a sidebar of accounts with their balances on the left, the chosen account's table on the right (Holding as 'Apple Inc. (AAPL)' or 'AAPL — Apple Inc.', Units, Last, Market Val, Day ±)",
    styles: ["us", "uk", "eu"],
    draw({ r, st }) {
      const hs = holdings(r, chance(r, 0.6) ? US : EUROPE, 4 + Math.floor(r() * 5), { fractional: 0.35 });
      const nameFirst = chance(r, 0.5);
      const accounts = ["Brokerage", "Roth IRA", "Joint", "Savings"]
        .map(
          (a, i) =>
            `<div style="padding:10px 12px;border-radius:8px;${i === 0 ? "background:#8883" : ""}"><div class="sb">${a}</div><div class="m" style="font-size:0.9em">${money(i === 0 ? total(hs) : 1000 + r() * 40000, st)}</div></div>`,
        )
        .join("");
      const rows = hs
        .map(
          (h) =>
            `<tr><td class="l">${nameFirst ? `${h.security.name} (<span class="b">${h.security.ticker}</span>)` : `<span class="b">${h.security.ticker}</span> — ${h.security.name}`}</td><td>${qty(h, st)}</td><td>${priceText(h, st)}</td><td>${money(h.value, st)}</td><td class="${gainClass(h.dayPct)}">${pct(h.dayPct, st)}</td></tr>`,
        )
        .join("");
      return {
        holdings: hs,
        html: `<div style="display:flex;min-height:420px"><div style="width:220px;padding:16px 10px;border-right:1px solid #8885"><div class="b" style="padding:0 12px 10px;font-size:1.2em">Accounts</div>${accounts}</div>
        <div style="flex:1;padding:16px 20px"><div class="b" style="font-size:1.2em;margin-bottom:8px">Brokerage · Holdings</div>
        <table><thead><tr><th class="l">Holding</th><th>Units</th><th>Last</th><th>Market Val</th><th>Day ±</th></tr></thead><tbody>${rows}</tbody></table></div></div>`,
      };
    },
  },
  {
    id: "scanned-statement",
    split: "held-out-3",
    device: "desktop",
    what: "a printed statement scanned or photographed: serif type on off-white paper, tilted 0.3–1°, a CUSIP column, 'APPLE INC (AAPL)' descriptions, Shares/Par, Market Price, Market Value, a subtotal",
    styles: ["us"],
    ground: "light",
    draw({ r, st }) {
      const hs = holdings(r, US, 4 + Math.floor(r() * 5), { fractional: 0.2 });
      const tilt = (chance(r, 0.5) ? 1 : -1) * (0.3 + r() * 0.7);
      const cusip = () => `${Math.floor(10000000 + r() * 89999999)}${pickOne(r, ["A", "B", "C", "1", "2"])}`;
      const rows = hs
        .map(
          (h) =>
            `<tr><td class="l">${h.security.name.toUpperCase()} (${h.security.ticker})</td><td class="l">${cusip()}</td><td>${qty(h, st)}</td><td>${num(h.price, 2, st)}</td><td>${num(h.value, 2, st)}</td></tr>`,
        )
        .join("");
      return {
        holdings: hs,
        html: `<div style="padding:30px;background:#f3efe6"><div style="transform:rotate(${tilt.toFixed(2)}deg);font-family:'Liberation Serif','DejaVu Serif',serif;color:#222;background:#faf8f2;padding:24px 30px;box-shadow:0 0 6px #0003">
        <div class="b" style="font-size:1.15em">PORTFOLIO DETAIL — HOLDINGS</div><div style="margin-bottom:10px">Statement period 10/01/2025 – 10/31/2025</div>
        <table><thead><tr><th class="l" style="color:#222">Security Description</th><th class="l" style="color:#222">CUSIP</th><th style="color:#222">Shares/Par</th><th style="color:#222">Market Price</th><th style="color:#222">Market Value</th></tr></thead><tbody>${rows}
        <tr><td class="l b">Total Equities</td><td></td><td></td><td></td><td class="b">${num(total(hs), 2, st)}</td></tr></tbody></table></div></div>`,
      };
    },
  },

  // ------------------------------------------------------------------ tuning families (fourth round)
  // Added on 2026-11-27 for the relational reading of the columns (holdings.ts learnRoles): tables whose
  // headers say nothing the reader knows, so which number is the quantity must come from the numbers.
  {
    id: "headerless-table",
    split: "tuning",
    device: "desktop",
    what: "a table without a header row (a widget or a copy of its rows): symbol and name, then quantity, price, value, average cost and the day's change in a shuffled order, money with or without its sign",
    styles: ["us", "uk", "eu", "ch"],
    draw({ r, st }) {
      const hs = holdings(r, chance(r, 0.6) ? US : EUROPE, 4 + Math.floor(r() * 5), { fractional: 0.35 });
      const signs = chance(r, 0.6);
      const m = (n: number, d = 2) => (signs ? money(n, st, d) : num(n, d, st));
      const cols = shuffle(r, ["qty", "price", "value", "avg", "day"] as const).filter((k) => k !== "avg" || chance(r, 0.6));
      const cell = (h: Holding, k: (typeof cols)[number]) =>
        k === "qty"
          ? qty(h, st)
          : k === "price"
            ? m(h.price, h.price < 1 ? 4 : 2)
            : k === "value"
              ? `<span class="sb">${m(h.value)}</span>`
              : k === "avg"
                ? m(h.cost / h.quantity)
                : `<span class="${gainClass(h.dayPct)}">${pct(h.dayPct, st)}</span>`;
      const rows = hs
        .map(
          (h) =>
            `<tr><td class="l"><span class="b">${h.security.ticker}</span> <span class="m">${h.security.name}</span></td>${cols.map((k) => `<td>${cell(h, k)}</td>`).join("")}</tr>`,
        )
        .join("");
      return {
        holdings: hs,
        html: `<div style="padding:18px 24px"><div class="b" style="font-size:1.15em;margin-bottom:8px">${pickOne(r, ["Watch & hold", "Core portfolio", "Long-term"])}</div>
        <table><tbody>${rows}<tr><td class="l b">${pickOne(r, ["Total", "Sum", "All positions"])}</td>${cols.map((k) => `<td class="b">${k === "value" ? m(total(hs)) : ""}</td>`).join("")}</tr></tbody></table></div>`,
      };
    },
  },
  {
    id: "foreign-header-table",
    split: "tuning",
    device: "desktop",
    what: "a European bank's table with headers in a language the header lexicon does not know (Italian, Spanish, Polish, Portuguese), the currency written after or before the amount, a cash line",
    styles: ["eu", "pl", "br", "eu-space"],
    draw({ r, st }) {
      const hs = holdings(r, chance(r, 0.5) ? EUROPE : US, 4 + Math.floor(r() * 5), { fractional: 0.25 });
      const lang = pickOne(r, [
        { name: "Titolo", qty: "Q.tà", price: "Prezzo", value: "Controvalore", gain: "Var. %", cash: "Liquidità" },
        { name: "Valor", qty: "Títulos", price: "Precio", value: "Importe", gain: "Rentab.", cash: "Efectivo" },
        { name: "Walor", qty: "Ilość", price: "Kurs", value: "Wartość", gain: "Zmiana", cash: "Gotówka" },
        { name: "Ativo", qty: "Qtde", price: "Preço", value: "Saldo", gain: "Rent.", cash: "Saldo em conta" },
      ]);
      const order = shuffle(r, ["qty", "price", "value"] as const);
      const cell = (h: Holding, k: (typeof order)[number]) =>
        k === "qty" ? qty(h, st) : k === "price" ? priceText(h, st) : `<span class="sb">${money(h.value, st)}</span>`;
      const rows = hs
        .map(
          (h) =>
            `<tr><td class="l">${h.security.name}<br><span class="m" style="font-size:0.85em">${h.security.ticker}</span></td>${order.map((k) => `<td>${cell(h, k)}</td>`).join("")}<td class="${gainClass(h.gainPct)}">${pct(h.gainPct, st, true)}</td></tr>`,
        )
        .join("");
      return {
        holdings: hs,
        html: `<div style="padding:18px 24px"><table><thead><tr><th class="l">${lang.name}</th>${order.map((k) => `<th>${lang[k]}</th>`).join("")}<th>${lang.gain}</th></tr></thead><tbody>${rows}
        <tr><td class="l b">${lang.cash}</td>${order.map((k) => `<td>${k === "value" ? money(800 + r() * 3000, st) : ""}</td>`).join("")}<td></td></tr></tbody></table></div>`,
      };
    },
  },
  {
    id: "order-notation-list",
    split: "tuning",
    device: "phone",
    what: "a phone list writing each position as an order ('12 × $189.32', '0.5 @ 64,231.50 €', '12 szt. à 189,32 zł'), the symbol and name above, the value on the right, units in several languages",
    styles: ["us", "eu", "pl", "uk", "br"],
    draw({ r, st }) {
      const hs = holdings(r, pickOne(r, [US, EUROPE, [...US.slice(0, 12), ...COINS.slice(0, 5)]]), 4 + Math.floor(r() * 5), {
        fractional: 0.4,
      });
      const unit = pickOne(r, ["", "", "shares", "szt.", "uds.", "Stk", "ações"]);
      const sign = pickOne(r, ["×", "x", "@", "à"]);
      const rows = hs
        .map(
          (h) => `<div class="row" style="padding:12px 16px;display:flex;justify-content:space-between;align-items:center">
          <div><div><span class="b">${h.security.ticker}</span> <span class="m">· ${h.security.name}</span></div>
          <div class="m" style="font-size:13px">${qty(h, st)}${unit ? ` ${unit}` : ""} ${sign} ${priceText(h, st)}</div></div>
          <div class="sb" style="text-align:right">${money(h.value, st)}<div class="${gainClass(h.dayPct)}" style="font-size:12px">${pct(h.dayPct, st)}</div></div></div>`,
        )
        .join("");
      return {
        holdings: hs,
        html: `${PHONE_STATUS(r)}<div style="padding:6px 16px"><div class="m">${pickOne(r, ["Positions", "Portfel", "Carteira", "Holdings"])}</div><div class="b" style="font-size:24px">${money(total(hs), st)}</div></div>${rows}${TAB_BAR(r, ["Home", "Invest", "Pay", "Profile", "Search"])}`,
      };
    },
  },
  {
    id: "symbol-in-description",
    split: "tuning",
    device: "desktop",
    what: "a table whose only identifier is a description holding the symbol in one of the ways brokers write it ('Apple Inc. (AAPL)', 'NASDAQ:AAPL Apple Inc', 'AAPL.US', 'Apple Inc - AAPL'), quantity not first, a total line with no label word the reader knows",
    styles: ["us", "uk", "eu", "ch"],
    draw({ r, st }) {
      const hs = holdings(r, US, 4 + Math.floor(r() * 5), { fractional: 0.3 });
      const how = pickOne(r, ["parens", "exchange", "suffix", "dash"] as const);
      const ex = () => pickOne(r, ["NASDAQ", "NYSE", "ARCA"]);
      const describe = (h: Holding) =>
        how === "parens"
          ? `${h.security.name} (${h.security.ticker})`
          : how === "exchange"
            ? `${ex()}:${h.security.ticker} <span class="m">${h.security.name}</span>`
            : how === "suffix"
              ? `${h.security.ticker.replace(".", "-")}.US <span class="m">${h.security.name}</span>`
              : `${h.security.name} - ${h.security.ticker}`;
      const head = pickOne(r, [
        ["Instrument", "Last", "Units", "Value"],
        ["Position", "Price", "Quantity", "Market value"],
        ["Security", "Close", "Holding", "Amount"],
      ]);
      const rows = hs
        .map(
          (h) =>
            `<tr><td class="l">${describe(h)}</td><td>${priceText(h, st)}</td><td>${qty(h, st)}</td><td>${money(h.value, st)}</td></tr>`,
        )
        .join("");
      return {
        holdings: hs,
        html: `<div style="padding:18px 24px"><table><thead><tr>${head.map((t, i) => `<th${i === 0 ? ' class="l"' : ""}>${t}</th>`).join("")}</tr></thead><tbody>${rows}
        <tr><td class="l b">${pickOne(r, ["Σ", "All", "Overall"])}</td><td></td><td></td><td class="b">${money(total(hs), st)}</td></tr></tbody></table></div>`,
      };
    },
  },

  // ------------------------------------------------------------------ held-out families (fourth split)
  // Written on 2026-11-27 after the relational reading of the columns, and committed in a commit of their own
  // before the reader was ever run on them; read once for the figure, never to change a rule: layouts unlike
  // every family above.
  {
    id: "bar-chart-positions",
    split: "held-out-4",
    device: "desktop",
    what: "positions as a horizontal bar chart: the symbol in bold and 'N shares' under it on the left, a coloured bar as long as the position, its value at the bar's end, the weight at the far right",
    styles: ["us", "uk", "eu"],
    draw({ r, st }) {
      const hs = holdings(r, chance(r, 0.7) ? US : EUROPE, 4 + Math.floor(r() * 5), { fractional: 0.3 });
      const max = Math.max(...hs.map((h) => h.value));
      const sum = total(hs);
      const rows = [...hs]
        .sort((a, b) => b.value - a.value)
        .map(
          (h) => `<div style="display:flex;align-items:center;gap:14px;margin:10px 0">
          <div style="width:130px"><div class="b">${h.security.ticker}</div><div class="m" style="font-size:0.85em">${qty(h, st)} shares</div></div>
          <div style="flex:1;display:flex;align-items:center;gap:10px"><div style="height:18px;border-radius:4px;background:${pickOne(r, LOGO_COLOURS)};width:${Math.max(4, Math.round((h.value / max) * 70))}%"></div><span class="sb">${money(h.value, st)}</span></div>
          <div class="m" style="width:70px;text-align:right">${num((100 * h.value) / sum, 1, st)}%</div></div>`,
        )
        .join("");
      return {
        holdings: hs,
        html: `<div style="padding:20px 28px"><div class="b" style="font-size:1.2em">Where your money is</div><div class="m" style="margin-bottom:10px">${money(sum, st)} across ${hs.length} positions</div>${rows}</div>`,
      };
    },
  },
  {
    id: "movement-ledger",
    split: "held-out-4",
    device: "desktop",
    what: "a custody statement's movements: opening quantity, bought, sold, closing quantity, price and closing value per security (the closing quantity is the holding), grid lines, a closing total",
    styles: ["us", "ch", "eu"],
    draw({ r, st }) {
      const hs = holdings(r, chance(r, 0.6) ? US : EUROPE, 4 + Math.floor(r() * 4), { fractional: 0.1 });
      const moves = hs.map((h) => {
        const bought = chance(r, 0.5) ? Math.min(Math.floor(h.quantity), Math.round(r() * Math.max(1, h.quantity * 0.3))) : 0;
        const sold = chance(r, 0.3) ? Math.round(r() * 10) : 0;
        return { bought, sold, opening: Number((h.quantity - bought + sold).toFixed(h.decimals)) };
      });
      const rows = hs
        .map(
          (h, i) =>
            `<tr><td class="l">${h.security.name} <span class="m">${h.security.ticker}</span></td><td>${num(moves[i].opening, h.decimals, st)}</td><td>${moves[i].bought ? num(moves[i].bought, 0, st) : "–"}</td><td>${moves[i].sold ? `(${num(moves[i].sold, 0, st)})` : "–"}</td><td class="b">${qty(h, st)}</td><td>${num(h.price, 2, st)}</td><td>${num(h.value, 2, st)}</td></tr>`,
        )
        .join("");
      return {
        holdings: hs,
        html: `<div style="padding:20px 26px"><div class="b">Statement of holdings and movements · 1 Oct – 31 Oct 2025</div>
        <table class="grid" style="margin-top:10px"><thead><tr><th class="l">Security</th><th>Opening</th><th>Bought</th><th>Sold</th><th>Closing</th><th>Price</th><th>Closing value</th></tr></thead><tbody>${rows}
        <tr><td class="l b">Closing total</td><td></td><td></td><td></td><td></td><td></td><td class="b">${num(total(hs), 2, st)}</td></tr></tbody></table></div>`,
      };
    },
  },
  {
    id: "cli-terminal",
    split: "held-out-4",
    device: "desktop",
    what: "a command-line portfolio tool's output in a dark terminal: a prompt, lower-case headers (sym qty avg last mkt_val pnl), a dashed rule, columns aligned with spaces or pipes, a total line",
    styles: ["us"],
    ground: "dark",
    draw({ r, st }) {
      const hs = holdings(r, pickOne(r, [US, [...US.slice(0, 15), ...COINS.slice(0, 4)]]), 4 + Math.floor(r() * 5), { fractional: 0.3 });
      const pipe = chance(r, 0.5) ? " | " : "  ";
      const pad = (t: string, n: number, left = false) => (left ? t.padEnd(n) : t.padStart(n));
      const line = (cells: string[]) => cells.map((c, i) => pad(c, i === 0 ? 6 : 13, i === 0)).join(pipe);
      const rows = hs.map((h) =>
        line([
          h.security.ticker,
          qty(h, st),
          num(h.cost / h.quantity, 2, st),
          num(h.price, h.price < 1 ? 4 : 2, st),
          num(h.value, 2, st),
          `${h.gain >= 0 ? "+" : "-"}${num(Math.abs(h.gain), 2, st)}`,
        ]),
      );
      const text = [
        `$ folio ls --account ${pickOne(r, ["main", "ira", "taxable"])}`,
        line(["sym", "qty", "avg", "last", "mkt_val", "pnl"]),
        "-".repeat(line(["", "", "", "", "", ""]).length),
        ...rows,
        "-".repeat(line(["", "", "", "", "", ""]).length),
        line(["total", "", "", "", num(total(hs), 2, st), ""]),
        "$ _",
      ]
        .map((l) => l.replace(/&/g, "&amp;").replace(/</g, "&lt;"))
        .join("\n");
      return {
        holdings: hs,
        html: `<pre style="margin:0;padding:16px 20px;font-family:'DejaVu Sans Mono','Liberation Mono',monospace;color:#c9f5c9;background:#0c0f0c">${text}</pre>`,
      };
    },
  },
  {
    id: "dividend-tracker",
    split: "held-out-4",
    device: "phone",
    what: "a dividend tracker app: symbol and name, 'N shares · 3.12% yield' under them, the yearly income ('$123.45/yr') on the right with the position's value under it, a yearly income total on top",
    styles: ["us", "uk", "eu"],
    draw({ r, st }) {
      const hs = holdings(r, US, 4 + Math.floor(r() * 5), { fractional: 0.35 });
      const yields = hs.map(() => Number((0.5 + r() * 5).toFixed(2)));
      const income = hs.map((h, i) => Number(((h.value * yields[i]) / 100).toFixed(2)));
      const rows = hs
        .map(
          (h, i) => `<div class="row" style="display:flex;justify-content:space-between;padding:12px 16px">
          <div><div><span class="b">${h.security.ticker}</span> <span class="m" style="font-size:13px">${h.security.name}</span></div><div class="m" style="font-size:13px">${qty(h, st)} shares · ${num(yields[i], 2, st)}% yield</div></div>
          <div style="text-align:right"><div class="sb pos">${money(income[i], st)}/yr</div><div class="m" style="font-size:13px">${money(h.value, st)}</div></div></div>`,
        )
        .join("");
      return {
        holdings: hs,
        html: `${PHONE_STATUS(r)}<div style="padding:8px 16px"><div class="m">Yearly dividend income</div><div class="b" style="font-size:26px">${money(
          income.reduce((a, b) => a + b, 0),
          st,
        )}</div><div class="m" style="font-size:13px">on ${money(total(hs), st)} invested</div></div>${rows}${TAB_BAR(r, ["Income", "Calendar", "Holdings", "Settings"])}`,
      };
    },
  },
  {
    id: "rebalance-table",
    split: "held-out-4",
    device: "desktop",
    what: "a rebalancing tool's table: fund name and symbol, target %, actual %, drift, shares, value, and the suggested trade ('Buy 3', 'Sell 12', 'Hold')",
    styles: ["us", "uk"],
    draw({ r, st }) {
      const hs = holdings(r, [...ROBO_STOCKS, ...ROBO_BONDS], 3 + Math.floor(r() * 4), { fractional: 0.4 });
      const sum = total(hs);
      const targets = hs.map(() => 5 + Math.round(r() * 40));
      const t = targets.reduce((a, b) => a + b, 0);
      const rows = hs
        .map((h, i) => {
          const target = (100 * targets[i]) / t;
          const actual = (100 * h.value) / sum;
          const drift = actual - target;
          const trade = Math.round(((target - actual) / 100) * (sum / h.price));
          return `<tr><td class="l"><span class="sb">${h.security.name}</span><br><span class="m" style="font-size:0.85em">${h.security.ticker}</span></td><td>${num(target, 1, st)}%</td><td>${num(actual, 1, st)}%</td><td class="${drift >= 0 ? "pos" : "neg"}">${drift >= 0 ? "+" : "-"}${num(Math.abs(drift), 1, st)}%</td><td>${qty(h, st)}</td><td>${money(h.value, st)}</td><td class="b">${trade > 0 ? `Buy ${trade}` : trade < 0 ? `Sell ${-trade}` : "Hold"}</td></tr>`;
        })
        .join("");
      return {
        holdings: hs,
        html: `<div style="padding:20px 26px"><div class="b" style="font-size:1.2em">Rebalance · ${money(sum, st)}</div>
        <table style="margin-top:10px"><thead><tr><th class="l">Fund</th><th>Target</th><th>Actual</th><th>Drift</th><th>Shares</th><th>Value</th><th>Trade</th></tr></thead><tbody>${rows}</tbody></table></div>`,
      };
    },
  },
  {
    id: "two-up-table",
    split: "held-out-4",
    device: "desktop",
    what: "a compact printout with two holdings on each line (Symbol, Qty, Value twice side by side, a vertical rule between the halves), US or European numbers",
    styles: ["us", "eu", "ch"],
    draw({ r, st }) {
      const hs = holdings(r, chance(r, 0.6) ? US : EUROPE, 6 + Math.floor(r() * 5), { fractional: 0.3 });
      const half = Math.ceil(hs.length / 2);
      const cells = (h: Holding | undefined) =>
        h ? `<td class="l b">${h.security.ticker}</td><td>${qty(h, st)}</td><td>${money(h.value, st)}</td>` : "<td></td><td></td><td></td>";
      const rows = hs
        .slice(0, half)
        .map((h, i) => `<tr>${cells(h)}<td style="border-left:2px solid #8886;width:18px"></td>${cells(hs[half + i])}</tr>`)
        .join("");
      const head = '<th class="l">Symbol</th><th>Qty</th><th>Value</th>';
      return {
        holdings: hs,
        html: `<div style="padding:18px 24px"><div class="b">Positions (compact) · ${money(total(hs), st)}</div>
        <table style="margin-top:8px"><thead><tr>${head}<th></th>${head}</tr></thead><tbody>${rows}</tbody></table></div>`,
      };
    },
  },

  // ------------------------------------------------------------------- held-out families (fifth split)
  // Written on 2026-11-27 (23:40 UTC) before any change to the reader for this round, and committed in a
  // commit of their own before the reader was ever run on them: layouts unlike every family above.
  {
    id: "pdf-viewer-statement",
    split: "held-out-5",
    device: "desktop",
    what: "a statement PDF open in a viewer: a dark toolbar (file name, page '2 / 5', zoom), a grey surround, a white page with a shadow; each holding's name on one line and 'Symbol: AAPL' under it, Quantity, Price, Market Value, Cost Basis, Unrealized Gain/(Loss) in parentheses, Est. Annual Income, footnote marks",
    styles: ["us"],
    ground: "light",
    draw({ r, st }) {
      const hs = holdings(r, US, 4 + Math.floor(r() * 5), { fractional: 0.25 });
      const page = pickOne(r, [2, 3]);
      const serif = chance(r, 0.5);
      const rows = hs
        .map((h, i) => {
          const mark = i === 0 && chance(r, 0.6) ? "<sup>1</sup>" : "";
          const gain = h.gain < 0 ? `(${num(-h.gain, 2, st)})` : num(h.gain, 2, st);
          return `<tr><td class="l">${h.security.name.toUpperCase()}<br><span style="font-size:0.85em">Symbol: ${h.security.ticker}</span></td><td>${qty(h, st)}</td><td>${num(h.price, 2, st)}</td><td>${num(h.value, 2, st)}</td><td>${num(h.cost, 2, st)}${mark}</td><td>${gain}</td><td>${num(h.value * (0.004 + r() * 0.03), 2, st)}</td></tr>`;
        })
        .join("");
      const th = (t: string, left = false) => `<th class="${left ? "l" : ""}" style="color:#222;border-bottom:1px solid #222">${t}</th>`;
      return {
        holdings: hs,
        html: `<div style="background:#3b3f45;color:#eee;display:flex;justify-content:space-between;padding:8px 14px;font-size:13px"><span>statement_2025-10.pdf</span><span>${page} / ${page + 3}</span><span>−&nbsp;&nbsp;${pickOne(r, ["100%", "125%", "110%"])}&nbsp;&nbsp;+</span></div>
        <div style="background:#6b6f75;padding:22px 0"><div style="width:86%;margin:0 auto;background:#fff;color:#222;padding:30px 36px;box-shadow:0 2px 10px #0008;${serif ? "font-family:'Liberation Serif','DejaVu Serif',serif;" : ""}">
        <div style="display:flex;justify-content:space-between;font-size:0.85em"><span>Account ${Math.floor(1000 + r() * 8999)}-${Math.floor(1000 + r() * 8999)}</span><span>October 1 - October 31, 2025</span></div>
        <div class="b" style="font-size:1.1em;margin:14px 0 8px">Holdings (continued)</div>
        <table><thead><tr>${th("Description", true)}${th("Quantity")}${th("Price")}${th("Market Value")}${th("Cost Basis")}${th("Unrealized Gain/(Loss)")}${th("Est. Annual Income")}</tr></thead><tbody>${rows}
        <tr><td class="l b">Total Stocks</td><td></td><td></td><td class="b">${num(total(hs), 2, st)}</td><td class="b">${num(
          hs.reduce((a, h) => a + h.cost, 0),
          2,
          st,
        )}</td><td></td><td></td></tr></tbody></table>
        <div style="font-size:0.75em;margin-top:16px"><sup>1</sup> Cost basis provided by you and not verified. Page ${page} of ${page + 3}</div></div></div>`,
      };
    },
  },
  {
    id: "accounts-subtotals",
    split: "held-out-5",
    device: "desktop",
    what: "holdings grouped by account: a shaded bar per account (name, masked number, the account's value at the right), the account's rows (Symbol, Description, Shares, Last, Value, % of account), a cash line and an 'Account total' line, then a total for all accounts",
    styles: ["us", "uk", "ch"],
    draw({ r, st }) {
      const all = holdings(r, US, 6 + Math.floor(r() * 5), { fractional: 0.3 });
      const names = shuffle(r, ["Individual", "Roth IRA", "Traditional IRA", "Joint WROS", "401(k) Rollover", "HSA Brokerage"]);
      const cut = 2 + Math.floor(r() * (all.length - 3));
      const groups = [all.slice(0, cut), all.slice(cut)];
      const body = groups
        .map((hs, g) => {
          const cash = Number((200 + r() * 3000).toFixed(2));
          const sum = total(hs) + cash;
          return `<tr><td class="l b" colspan="5" style="background:#8882;padding-top:10px">${names[g]} ···${Math.floor(1000 + r() * 8999)}</td><td class="b" style="background:#8882">${money(sum, st)}</td></tr>${hs
            .map(
              (h) =>
                `<tr><td class="l b">${h.security.ticker}</td><td class="l">${h.security.name}</td><td>${qty(h, st)}</td><td>${priceText(h, st)}</td><td>${money(h.value, st)}</td><td>${num((100 * h.value) / sum, 2, st)}%</td></tr>`,
            )
            .join(
              "",
            )}<tr><td class="l">Cash &amp; sweep</td><td></td><td></td><td></td><td>${money(cash, st)}</td><td>${num((100 * cash) / sum, 2, st)}%</td></tr>
            <tr><td class="l b">Account total</td><td></td><td></td><td></td><td class="b">${money(sum, st)}</td><td>100${st.decimal}00%</td></tr>`;
        })
        .join("");
      return {
        holdings: all,
        html: `<div style="padding:20px 26px"><div class="b" style="font-size:1.25em;margin-bottom:10px">All accounts</div>
        <table><thead><tr><th class="l">Symbol</th><th class="l">Description</th><th>Shares</th><th>Last</th><th>Value</th><th>% of account</th></tr></thead><tbody>${body}
        <tr><td class="l b" colspan="4" style="padding-top:12px">Total, all accounts</td><td class="b">${money(total(all) + 0, st)}</td><td></td></tr></tbody></table></div>`,
      };
    },
  },
  {
    id: "treemap-tablet",
    split: "held-out-5",
    device: "desktop",
    what: "a landscape tablet's portfolio heat map: tiles sized by value and coloured by the day's change, each with the symbol large and 'N sh', the value and the day's change small, laid out in two dimensions",
    styles: ["us", "eu"],
    draw({ r, st, width }) {
      const hs = holdings(r, US, 4 + Math.floor(r() * 5), { fractional: 0.3 });
      const w = width - 40;
      const hgt = Math.round(w * 0.5);
      const tiles: string[] = [];
      const place = (items: Holding[], x: number, y: number, tw: number, th: number) => {
        if (items.length === 1) {
          const h = items[0];
          const bg =
            h.dayPct >= 0
              ? `rgba(10,138,58,${0.35 + Math.min(0.6, h.dayPct / 5)})`
              : `rgba(198,40,40,${0.35 + Math.min(0.6, -h.dayPct / 5)})`;
          tiles.push(`<div style="position:absolute;left:${x}px;top:${y}px;width:${tw - 3}px;height:${th - 3}px;background:${bg};color:#fff;padding:8px;overflow:hidden">
          <div class="b" style="font-size:1.4em">${h.security.ticker}</div><div>${qty(h, st)} sh</div><div>${money(h.value, st)}</div><div>${pct(h.dayPct, st)}</div></div>`);
          return;
        }
        const weight = (xs: Holding[]) => xs.reduce((a, h) => a + Math.sqrt(h.value), 0);
        const sum = weight(items);
        let k = 1;
        while (k < items.length - 1 && weight(items.slice(0, k)) < sum / 2) k++;
        const share = weight(items.slice(0, k)) / sum;
        if (tw >= th) {
          place(items.slice(0, k), x, y, Math.round(tw * share), th);
          place(items.slice(k), x + Math.round(tw * share), y, tw - Math.round(tw * share), th);
        } else {
          place(items.slice(0, k), x, y, tw, Math.round(th * share));
          place(items.slice(k), x, y + Math.round(th * share), tw, th - Math.round(th * share));
        }
      };
      place(
        [...hs].sort((a, b) => b.value - a.value),
        0,
        0,
        w,
        hgt,
      );
      return {
        holdings: hs,
        html: `<div style="padding:14px 20px"><div style="display:flex;justify-content:space-between;margin-bottom:10px"><span class="b" style="font-size:1.2em">Heat map</span><span class="m">${pickOne(r, ["1D", "1W", "1M"])} · ${money(total(hs), st)}</span></div>
        <div style="position:relative;width:${w}px;height:${hgt}px">${tiles.join("")}</div></div>`,
      };
    },
  },
  {
    id: "transposed-compare",
    split: "held-out-5",
    device: "desktop",
    what: "a comparison view with the holdings as columns and the figures as rows (Symbol, Name, Shares, Last price, Market value, Day's change, Weight; the rows after the symbol in a shuffled order), grid lines",
    styles: ["us", "uk", "eu", "ch"],
    draw({ r, st }) {
      const hs = holdings(r, chance(r, 0.6) ? US : EUROPE, 3 + Math.floor(r() * 4), { fractional: 0.3 });
      const sum = total(hs);
      const lines: [string, (h: Holding) => string][] = shuffle(r, [
        ["Name", (h: Holding) => h.security.name],
        ["Shares", (h: Holding) => qty(h, st)],
        ["Last price", (h: Holding) => priceText(h, st)],
        ["Market value", (h: Holding) => money(h.value, st)],
        ["Day's change", (h: Holding) => `<span class="${gainClass(h.dayPct)}">${pct(h.dayPct, st)}</span>`],
        ["Weight", (h: Holding) => `${num((100 * h.value) / sum, 1, st)}%`],
      ] as [string, (h: Holding) => string][]);
      const body = [["Symbol", (h: Holding) => `<span class="b">${h.security.ticker}</span>`] as [string, (h: Holding) => string], ...lines]
        .map(([label, cell]) => `<tr><td class="l m">${label}</td>${hs.map((h) => `<td>${cell(h)}</td>`).join("")}</tr>`)
        .join("");
      return {
        holdings: hs,
        html: `<div style="padding:20px 26px"><div class="b" style="font-size:1.2em;margin-bottom:10px">Compare holdings</div><table class="grid">${body}</table></div>`,
      };
    },
  },
  {
    id: "depot-auszug",
    split: "held-out-5",
    device: "desktop",
    what: "a German bank's printed depot statement (Depotauszug): 'STK 12,000' with three decimals in the Nominale column, the name in capitals with its share class ('NAMENS-AKTIEN O.N.') and 'ISIN … WKN …' under it, 'EUR 262,9000' with the price date, the Kurswert in EUR, no tickers, a page footer",
    styles: ["eu"],
    ground: "light",
    draw({ r, st }) {
      const hs = holdings(r, EUROPE, 4 + Math.floor(r() * 5), { fractional: 0.25 });
      const cls = (h: Holding) =>
        / ETF|UCITS|iShares|Vanguard/.test(h.security.name)
          ? pickOne(r, ["REG. SHS USD DIS. O.N.", "UCITS ETF USD ACC", "REGISTERED SHARES O.N."])
          : pickOne(r, ["NAMENS-AKTIEN O.N.", "INHABER-AKTIEN O.N.", "AANDELEN OP NAAM EO -,09"]);
      const isin = () => `${pickOne(r, ["DE", "NL", "FR", "IE", "CH"])}000${Math.floor(100000 + r() * 899999)}`;
      const rows = hs
        .map(
          (h) => `<tr style="vertical-align:top"><td class="l">STK ${num(h.quantity, Math.max(3, h.decimals), st)}</td>
          <td class="l">${h.security.name.toUpperCase()}<br>${cls(h)}<br><span style="font-size:0.85em">ISIN ${isin()} &nbsp; WKN ${Math.floor(100000 + r() * 899999)}</span></td>
          <td>EUR ${num(h.price, 4, st)}<br><span style="font-size:0.85em">${10 + Math.floor(r() * 20)}.10.2025</span></td><td>${num(h.value, 2, st)}</td></tr>`,
        )
        .join("");
      return {
        holdings: hs,
        namesOnly: true,
        html: `<div style="padding:30px 40px;font-family:'DejaVu Sans Mono','Liberation Mono',monospace;color:#111">
        <div style="display:flex;justify-content:space-between"><span class="b">${pickOne(r, ["Sparkasse Musterstadt", "Volksbank Beispiel eG", "Nordbank AG"])}</span><span>Depotauszug per 31.10.2025</span></div>
        <div style="margin:6px 0 16px">Depot-Nr. ${Math.floor(1_000_000 + r() * 8_999_999)} 00 · Seite 1 von 2</div>
        <table><thead><tr><th class="l" style="color:#111">Nominale/Stück</th><th class="l" style="color:#111">Wertpapierbezeichnung</th><th style="color:#111">Kurs</th><th style="color:#111">Kurswert in EUR</th></tr></thead><tbody>${rows}
        <tr><td></td><td class="l b">Kurswert gesamt</td><td></td><td class="b">${num(total(hs), 2, st)}</td></tr></tbody></table>
        <div style="margin-top:18px;font-size:0.8em">Bitte prüfen Sie diesen Auszug. Einwendungen sind innerhalb von sechs Wochen zu erheben.</div></div>`,
      };
    },
  },
  {
    id: "exchange-wallet-phone",
    split: "held-out-5",
    device: "phone",
    what: "a crypto exchange's wallet on a phone: the estimated balance in BTC ('0.05231234 BTC') with '≈ $3,361.22' under it, tabs (Spot, Funding, Earn), 'Hide small balances', each coin's symbol over its name on the left and its balance with eight decimals over '≈ value' on the right",
    styles: ["us", "eu"],
    draw({ r, st }) {
      const hs = holdings(r, COINS, 4 + Math.floor(r() * 5), { crypto8: true });
      const btc = COINS[0].price;
      const rows = hs
        .map(
          (h) => `<div class="row" style="display:flex;justify-content:space-between;align-items:center;padding:12px 16px">
          <div style="display:flex;gap:10px;align-items:center">${badge(r, h, 28)}<div><div class="b">${h.security.ticker}</div><div class="m" style="font-size:13px">${h.security.name}</div></div></div>
          <div style="text-align:right"><div class="sb">${num(h.quantity, 8, st)}</div><div class="m" style="font-size:13px">≈ ${money(h.value, st)}</div></div></div>`,
        )
        .join("");
      return {
        holdings: hs,
        html: `${PHONE_STATUS(r)}<div style="display:flex;gap:18px;padding:6px 16px" class="m"><span class="b" style="color:inherit">Spot</span><span>Funding</span><span>Earn</span></div>
        <div style="padding:10px 16px"><div class="m" style="font-size:13px">Estimated balance</div><div class="b" style="font-size:24px">${num(total(hs) / btc, 8, st)} BTC</div><div class="m">≈ ${money(total(hs), st)}</div>
        <div style="display:flex;gap:10px;margin-top:12px">${["Deposit", "Withdraw", "Transfer"].map((t) => `<span style="border:1px solid #8886;border-radius:6px;padding:6px 12px">${t}</span>`).join("")}</div></div>
        <div style="display:flex;justify-content:space-between;padding:8px 16px" class="m"><span>☑ Hide small balances</span><span>🔍</span></div>${rows}${TAB_BAR(r, ["Home", "Markets", "Trade", "Futures", "Wallets"])}`,
      };
    },
  },
  {
    id: "zoomed-cropped-table",
    split: "held-out-5",
    device: "phone",
    what: "a phone's positions table captured pinch-zoomed: larger type, the top bar cut off, the last column (the return) cut through at the right edge, the capture turned by 0.4–1.2°",
    styles: ["us", "uk", "eu"],
    draw({ r, st }) {
      const hs = holdings(r, chance(r, 0.7) ? US : EUROPE, 4 + Math.floor(r() * 4), { fractional: 0.3 });
      const rows = hs
        .map(
          (h) =>
            `<tr><td class="l b">${h.security.ticker}</td><td>${qty(h, st)}</td><td>${num(h.cost / h.quantity, 2, st)}</td><td>${money(h.value, st)}</td><td class="${gainClass(h.gainPct)}" style="width:110px">${pct(h.gainPct, st)}</td></tr>`,
        )
        .join("");
      return {
        holdings: hs,
        post: { cropTop: 40, cropRight: 55, rotate: (chance(r, 0.5) ? 1 : -1) * (0.4 + r() * 0.8) },
        html: `${PHONE_STATUS(r)}<div style="padding:4px 6px;font-size:1.3em"><div class="b" style="margin:6px 0">Positions</div>
        <table><thead><tr><th class="l">Symbol</th><th>Qty</th><th>Avg cost</th><th>Mkt value</th><th style="width:110px">Return</th></tr></thead><tbody>${rows}</tbody></table></div>`,
      };
    },
  },

  // ------------------------------------------------------------------- held-out families (sixth split)
  // Written on 2026-11-28 (02:50–04:00 UTC) while the reader was being changed by others, and committed
  // before the reader was ever run on them: layouts unlike every family above (a UK ISA priced in pence, a
  // Canadian TFSA app, a coin tracker's holdings cells, an ETF app's dark cards with stat strips, a trading
  // platform's positions panel under a chart, an Indian app's US stocks valued in rupees, a tablet's
  // watchlist beside the holdings).
  {
    id: "uk-isa-pence",
    split: "held-out-6",
    device: "desktop",
    what: "a UK platform's Stocks & Shares ISA (Hargreaves Lansdown/AJ Bell-like): an account bar with the ISA allowance, Code and Stock, Units (funds to two or four decimals), Price (p) in pence ('18,932.00p'), Value (£), Cost (£), Gain/loss (£) and (%) as bare numbers, a 'Cash' line and a 'Total' line",
    styles: ["uk"],
    draw({ r, st }) {
      const pool = [...US, ...EUROPE.filter((e) => ["VWRL", "SHELL", "IWDA", "EUNL", "ASML", "SAP"].includes(e.ticker))];
      const hs = holdings(r, pool, 4 + Math.floor(r() * 5), { fractional: 0.45 });
      const codeFirst = chance(r, 0.6);
      const cash = Number((50 + r() * 4000).toFixed(2));
      const gain = (n: number, unit = "") => `<span class="${gainClass(n)}">${n < 0 ? "-" : ""}${num(Math.abs(n), 2, st)}${unit}</span>`;
      const rows = hs
        .map((h) => {
          const id = codeFirst
            ? `<td class="l b">${h.security.ticker}</td><td class="l">${h.security.name}</td>`
            : `<td class="l">${h.security.name}</td><td class="l b">${h.security.ticker}</td>`;
          return `<tr>${id}<td>${qty(h, st)}</td><td>${num(h.price * 100, 2, st)}p</td><td>${num(h.value, 2, st)}</td><td>${num(h.cost, 2, st)}</td><td>${gain(h.gain)}</td><td>${gain(h.gainPct, "%")}</td></tr>`;
        })
        .join("");
      const idHead = codeFirst ? '<th class="l">Code</th><th class="l">Stock</th>' : '<th class="l">Stock</th><th class="l">Code</th>';
      const blank = "<td></td><td></td><td></td>";
      return {
        holdings: hs,
        html: `<div style="background:${pickOne(r, ["#003a70", "#4b2a6b", "#0b5563"])};color:#fff;padding:12px 28px;display:flex;justify-content:space-between"><span class="b" style="font-size:1.15em">Stocks &amp; Shares ISA</span><span>Client no. ${Math.floor(1_000_000 + r() * 8_999_999)}</span></div>
        <div style="padding:18px 28px"><div style="display:flex;gap:40px;margin-bottom:14px"><div><div class="m">Total value</div><div class="b" style="font-size:1.4em">${money(total(hs) + cash, st)}</div></div>
        <div><div class="m">ISA allowance remaining (2025/26)</div><div class="b" style="font-size:1.4em">${money(Math.round(2000 + r() * 18000), st)}</div></div></div>
        <div style="display:flex;gap:22px;margin-bottom:10px" class="m"><span class="b" style="color:inherit;border-bottom:2px solid currentColor">Holdings</span><span>Cash</span><span>Orders</span><span>Documents</span></div>
        <table><thead><tr>${idHead}<th>Units</th><th>Price (p)</th><th>Value (£)</th><th>Cost (£)</th><th>Gain/loss (£)</th><th>Gain/loss (%)</th></tr></thead><tbody>${rows}
        <tr><td class="l b">Cash</td><td></td><td></td><td></td><td>${num(cash, 2, st)}</td>${blank}</tr>
        <tr><td class="l b">Total</td><td></td><td></td><td></td><td class="b">${num(total(hs) + cash, 2, st)}</td>${blank}</tr></tbody></table>
        <div class="m" style="font-size:0.8em;margin-top:12px">Prices are delayed by at least 15 minutes. Values in pounds sterling.</div></div>`,
      };
    },
  },
  {
    id: "ca-tfsa-app",
    split: "held-out-6",
    device: "phone",
    what: "a Canadian investing app (Wealthsimple-like) on a TFSA: account chips (TFSA, RRSP, FHSA), the total in CAD, rows of logo, ticker over name or over '12.3456 shares', the value with 'CAD' or the French '1 234,56 $' and 'actions' (CELI), a cash line",
    styles: ["ca", "ca", "ca-fr"],
    draw({ r, st, theme }) {
      const fr = st.id === "ca-fr";
      const hs = holdings(r, US, 4 + Math.floor(r() * 4), { fractional: 0.6 });
      const cash = Number((10 + r() * 900).toFixed(2));
      const cad = (n: number) => (fr ? money(n, st) : `${money(n, st)} CAD`);
      const under = chance(r, 0.5); // the quantity under the ticker (else under the value, the name under the ticker)
      const shares = (h: Holding) =>
        `${qty(h, st)} ${fr ? (h.quantity < 2 ? "action" : "actions") : h.quantity === 1 ? "share" : "shares"}`;
      const rows = hs
        .map(
          (h) => `<div class="row" style="display:flex;justify-content:space-between;align-items:center;padding:13px 18px">
          <div style="display:flex;gap:12px;align-items:center">${badge(r, h, 36)}<div><div class="b" style="font-size:16px">${h.security.ticker}</div><div class="m" style="font-size:13px">${under ? shares(h) : h.security.name}</div></div></div>
          <div style="text-align:right"><div class="sb" style="font-size:16px">${cad(h.value)}</div><div style="font-size:13px" class="${under ? gainClass(h.gainPct) : "m"}">${under ? pct(h.gainPct, st, fr) : shares(h)}</div></div></div>`,
        )
        .join("");
      const chips = (fr ? ["CELI", "REER", "CELIAPP", "Non enregistré"] : ["TFSA", "RRSP", "FHSA", "Non-registered"])
        .map(
          (t, i) =>
            `<span style="border-radius:16px;padding:6px 12px;font-size:13px;${i === 0 ? (theme.dark ? "background:#e8eaed;color:#121417" : "background:#1d2228;color:#fff") : "border:1px solid #8886"}">${t}</span>`,
        )
        .join("");
      return {
        holdings: hs,
        html: `${PHONE_STATUS(r)}<div style="padding:8px 18px"><div style="display:flex;gap:8px;flex-wrap:wrap">${chips}</div>
        <div class="m" style="margin-top:16px;font-size:14px">${fr ? "Valeur totale" : "Total value"}</div><div class="b" style="font-size:30px">${cad(total(hs) + cash)}</div>
        <div class="pos" style="font-size:13px">${signedMoney(total(hs) * 0.062, st)} (${pct(6.2, st, fr)}) ${fr ? "depuis le début" : "all time"}</div></div>
        <div style="display:flex;justify-content:space-between;padding:16px 18px 6px"><span class="b" style="font-size:18px">${fr ? "Placements" : "Holdings"}</span><span class="m" style="font-size:13px">${fr ? "Trier : valeur" : "Sort: value"}</span></div>${rows}
        <div class="row" style="display:flex;justify-content:space-between;padding:14px 18px"><span class="sb">${fr ? "Espèces" : "Cash"}</span><span>${cad(cash)}</span></div>
        ${TAB_BAR(r, fr ? ["Accueil", "Découvrir", "Activité", "Déplacer", "Profil"] : ["Home", "Discover", "Activity", "Move", "Profile"])}`,
      };
    },
  },
  {
    id: "coin-tracker-holdings",
    split: "held-out-6",
    device: "desktop",
    what: "a coin tracker's portfolio (CoinGecko/CoinMarketCap-like): balance cards on top, a table # · Coin (logo, name, symbol) · Price · 1h · 24h · 7d · Holdings (the value over '0.12345678 BTC' in one cell) · PNL · a '⋮' menu, most amounts with eight decimals",
    styles: ["us", "us", "eu"],
    draw({ r, st }) {
      const hs = holdings(r, COINS, 4 + Math.floor(r() * 5), { crypto8: chance(r, 0.75) }).sort((a, b) => b.value - a.value);
      const sum = total(hs);
      const p = (n: number) => `<span class="${gainClass(n)}">${n >= 0 ? "▲" : "▼"} ${num(Math.abs(n), 1, st)}%</span>`;
      const rows = hs
        .map(
          (
            h,
            i,
          ) => `<tr><td class="l m">${i + 1}</td><td class="l"><span style="display:inline-flex;gap:8px;align-items:center">${badge(r, h, 22)}<span class="sb">${h.security.name}</span> <span class="m">${h.security.ticker}</span></span></td>
          <td>${priceText(h, st)}</td><td>${p(r() * 4 - 2)}</td><td>${p(h.dayPct)}</td><td>${p(r() * 20 - 10)}</td>
          <td><div class="sb">${money(h.value, st)}</div><div class="m" style="font-size:0.9em">${qty(h, st)} ${h.security.ticker}</div></td>
          <td class="${gainClass(h.gain)}">${signedMoney(h.gain, st)}</td><td class="m">⋮</td></tr>`,
        )
        .join("");
      const h24 = Number((r() * 8 - 4).toFixed(2));
      const card = (label: string, value: string, cls = "") =>
        `<div class="card" style="padding:14px 18px;flex:1"><div class="m" style="font-size:0.9em">${label}</div><div class="b ${cls}" style="font-size:1.35em;margin-top:4px">${value}</div></div>`;
      return {
        holdings: hs,
        html: `<div style="padding:20px 28px"><div style="display:flex;justify-content:space-between;align-items:center;margin-bottom:14px"><span class="b" style="font-size:1.3em">${pickOne(r, ["My Portfolio", "Main Portfolio", "Long-term bag"])} ▾</span>
        <span><span style="border:1px solid #8886;border-radius:8px;padding:6px 12px;margin-right:8px">Edit</span><span style="background:#4b6bfb;color:#fff;border-radius:8px;padding:6px 12px">+ Add Coin</span></span></div>
        <div style="display:flex;gap:14px;margin-bottom:18px">${card("Current Balance", money(sum, st))}${card("24h Portfolio Change", pct(h24, st), gainClass(h24))}${card(
          "Total Profit / Loss",
          signedMoney(
            hs.reduce((a, h) => a + h.gain, 0),
            st,
          ),
        )}</div>
        <table><thead><tr><th class="l">#</th><th class="l">Coin</th><th>Price</th><th>1h</th><th>24h</th><th>7d</th><th>Holdings</th><th>PNL</th><th></th></tr></thead><tbody>${rows}</tbody></table></div>`,
      };
    },
  },
  {
    id: "etf-app-dark-cards",
    split: "held-out-6",
    device: "phone",
    ground: "dark",
    what: "an ETF investing app in dark mode: rounded cards, each with a logo, the symbol and the fund's name, the day's change, a thin allocation bar, and a strip of three figures with small labels above them (Shares/Units/Anteile, Value, Allocation) in shuffled order",
    styles: ["us", "uk", "eu"],
    draw({ r, st }) {
      const pool =
        st.id === "eu"
          ? [...EUROPE.filter((e) => ["VWRL", "IWDA", "EUNL"].includes(e.ticker)), ...ROBO_STOCKS.slice(0, 3), ...ROBO_BONDS]
          : [...ROBO_STOCKS, ...ROBO_BONDS];
      const hs = holdings(r, pool, 3 + Math.floor(r() * 4), { fractional: 0.8 });
      const sum = total(hs);
      const unit = st.id === "eu" ? pickOne(r, ["Anteile", "Units", "Shares"]) : pickOne(r, ["Shares", "Units", "Qty"]);
      const stats = shuffle(r, ["qty", "value", "alloc"] as const);
      const bar = pickOne(r, ["#7c5cff", "#00c2a8", "#ffb020"]);
      const cards = hs
        .map((h) => {
          const alloc = (100 * h.value) / sum;
          const cell = (k: (typeof stats)[number]) =>
            `<div><div class="m" style="font-size:11px;text-transform:uppercase;letter-spacing:0.05em">${k === "qty" ? unit : k === "value" ? "Value" : "Allocation"}</div><div class="sb" style="font-size:15px;margin-top:2px">${k === "qty" ? qty(h, st) : k === "value" ? money(h.value, st) : `${num(alloc, 1, st)}%`}</div></div>`;
          return `<div style="background:#1c1f26;border-radius:14px;padding:14px 16px;margin:10px 14px">
          <div style="display:flex;justify-content:space-between;align-items:center"><div style="display:flex;gap:10px;align-items:center">${badge(r, h, 32)}<div><div class="b">${h.security.ticker}</div><div class="m" style="font-size:12px">${h.security.name}</div></div></div><span class="${gainClass(h.dayPct)}" style="font-size:13px">${pct(h.dayPct, st)}</span></div>
          <div style="height:4px;background:#ffffff14;border-radius:2px;margin:12px 0"><div style="height:4px;width:${alloc.toFixed(1)}%;background:${bar};border-radius:2px"></div></div>
          <div style="display:grid;grid-template-columns:1fr 1fr 1fr;gap:8px">${stats.map(cell).join("")}</div></div>`;
        })
        .join("");
      return {
        holdings: hs,
        html: `${PHONE_STATUS(r)}<div style="padding:6px 18px 4px"><div class="m">${pickOne(r, ["My ETFs", "Portfolio", "Invest"])}</div><div class="b" style="font-size:30px">${money(sum, st)}</div>
        <div style="display:flex;gap:14px;font-size:13px;margin-top:8px" class="m">${["1D", "1W", "1M", "1Y", "Max"].map((t, i) => `<span style="${i === 2 ? `color:${bar};font-weight:700` : ""}">${t}</span>`).join("")}</div></div>
        ${cards}${TAB_BAR(r, ["Home", "Invest", "Savings plans", "Activity", "Profile"])}`,
      };
    },
  },
  {
    id: "trading-panel-positions",
    split: "held-out-6",
    device: "desktop",
    what: "a trading platform (TradingView-like): a candlestick chart with its OHLC line and price axis on top, a docked panel under it with tabs, an account strip (Balance, Equity, Unrealized P&L), and a Positions table: Symbol, Side, Qty, Avg Fill Price, Take Profit, Stop Loss, Last Price, Unrealized P&L, Market Value",
    styles: ["us", "us", "eu"],
    draw({ r, st, width }) {
      const hs = holdings(r, US, 3 + Math.floor(r() * 5), { fractional: 0.25 });
      const chart = hs[0];
      const w = width - 90;
      let y = 60;
      const candles = Array.from({ length: Math.floor(w / 12) }, (_, i) => {
        const open = y;
        y = Math.min(150, Math.max(20, y + (r() - 0.5) * 22));
        const top = Math.min(open, y);
        const up = y <= open;
        return `<div style="position:absolute;left:${i * 12 + 4}px;top:${top - 4 - r() * 6}px;width:1px;height:${Math.abs(y - open) + 10 + r() * 8}px;background:${up ? "#26a69a" : "#ef5350"}"></div><div style="position:absolute;left:${i * 12}px;top:${top}px;width:8px;height:${Math.max(2, Math.abs(y - open))}px;background:${up ? "#26a69a" : "#ef5350"}"></div>`;
      }).join("");
      const axis = [1.04, 1.02, 1, 0.98, 0.96]
        .map(
          (f, i) =>
            `<div style="position:absolute;right:8px;top:${12 + i * 36}px;font-size:0.8em" class="m">${num(chart.price * f, 2, st)}</div>`,
        )
        .join("");
      const px = (n: number) => num(n, 2, st);
      const orNone = (n: number) => (chance(r, 0.5) ? px(n) : "—");
      const rows = hs
        .map((h) => {
          const avg = h.cost / h.quantity;
          return `<tr><td class="l b">${h.security.ticker}</td><td class="l" style="color:#2962ff">Long</td><td>${qty(h, st)}</td><td>${px(avg)}</td><td>${orNone(h.price * 1.15)}</td><td>${orNone(h.price * 0.9)}</td><td>${px(h.price)}</td><td class="${gainClass(h.gain)}">${h.gain >= 0 ? "+" : "-"}${px(Math.abs(h.gain))}</td><td>${px(h.value)}</td></tr>`;
        })
        .join("");
      const unreal = hs.reduce((a, h) => a + h.gain, 0);
      const balance = Math.round(5000 + r() * 20000);
      const strip = [
        ["Account Balance", px(balance)],
        ["Equity", px(balance + unreal)],
        ["Realized P&L", px(0)],
        ["Unrealized P&L", `${unreal >= 0 ? "+" : "-"}${px(Math.abs(unreal))}`],
        ["Account Margin", px(total(hs) * 0.5)],
      ]
        .map(([k, v]) => `<div><div class="m" style="font-size:0.85em">${k}</div><div class="sb">${v}</div></div>`)
        .join("");
      return {
        holdings: hs,
        html: `<div style="display:flex;gap:16px;align-items:center;padding:8px 14px;border-bottom:1px solid #8884"><span class="b">${chart.security.ticker}</span><span class="m">1D</span><span class="m">${pickOne(r, ["NASDAQ", "NYSE", "BATS"])}</span>
        <span class="m" style="font-size:0.9em">O ${px(chart.price * 0.995)} H ${px(chart.price * 1.012)} L ${px(chart.price * 0.988)} C ${px(chart.price)}</span></div>
        <div style="position:relative;height:200px;margin:6px 14px;border-bottom:1px solid #8884"><div style="position:absolute;left:0;top:0;width:${w}px;height:200px">${candles}</div>${axis}</div>
        <div style="display:flex;gap:22px;padding:8px 14px;font-size:0.95em" class="m"><span class="b" style="color:inherit;border-bottom:2px solid #2962ff">Positions (${hs.length})</span><span>Orders</span><span>History</span><span>Account Summary</span><span style="margin-left:auto">${pickOne(r, ["Paper Trading", "Alpaca", "TradeStation"])}</span></div>
        <div style="display:flex;gap:40px;padding:8px 14px 10px">${strip}</div>
        <div style="padding:0 14px 14px"><table><thead><tr><th class="l">Symbol</th><th class="l">Side</th><th>Qty</th><th>Avg Fill Price</th><th>Take Profit</th><th>Stop Loss</th><th>Last Price</th><th>Unrealized P&amp;L</th><th>Market Value</th></tr></thead><tbody>${rows}</tbody></table></div>`,
      };
    },
  },
  {
    id: "in-us-stocks-rupee",
    split: "held-out-6",
    device: "desktop",
    what: "an Indian investing app's US stocks (INDmoney/Vested with Kite's columns): Instrument, Qty., Avg. cost and LTP in dollars, Cur. val and P&L in rupees with lakh grouping ('₹4,12,345.67'), Net chg., Day chg.; summary figures on top, the USD/INR rate, a total row",
    styles: ["in"],
    draw({ r, st }) {
      const hs = holdings(r, US, 4 + Math.floor(r() * 5), { fractional: 0.45 });
      const rate = Number((83 + r() * 2.5).toFixed(2));
      const inr = (n: number) => money(n * rate, st);
      const usd = (n: number) => `$${num(n, 2, st)}`;
      const nameUnder = chance(r, 0.4);
      const rows = hs
        .map(
          (
            h,
          ) => `<tr><td class="l"><span class="sb">${h.security.ticker}</span>${nameUnder ? `<div class="m" style="font-size:0.8em">${h.security.name}</div>` : ""}</td><td>${qty(h, st)}</td><td>${usd(h.cost / h.quantity)}</td><td>${usd(h.price)}</td><td>${inr(h.value)}</td>
          <td class="${gainClass(h.gain)}">${h.gain >= 0 ? "+" : "-"}${inr(Math.abs(h.gain))}</td><td class="${gainClass(h.gainPct)}">${pct(h.gainPct, st)}</td><td class="${gainClass(h.dayPct)}">${pct(h.dayPct, st)}</td></tr>`,
        )
        .join("");
      const invested = hs.reduce((a, h) => a + h.cost, 0);
      const gain = total(hs) - invested;
      const fig = (label: string, value: string, cls = "") =>
        `<div><div class="m" style="font-size:0.85em">${label}</div><div class="${cls}" style="font-size:1.35em;margin-top:2px">${value}</div></div>`;
      return {
        holdings: hs,
        html: `<div style="display:flex;gap:26px;padding:10px 26px;border-bottom:1px solid #8884" class="m"><span class="b" style="color:#f06a2b">${pickOne(r, ["INDstocks", "Global", "US Stocks"])}</span><span>Dashboard</span><span>Orders</span><span style="color:#f06a2b">Holdings</span><span>Funds</span><span style="margin-left:auto">USD/INR ${num(rate, 2, st)}</span></div>
        <div style="padding:18px 26px"><div class="b" style="font-size:1.2em;margin-bottom:14px">Holdings (${hs.length})</div>
        <div style="display:flex;gap:48px;margin-bottom:18px">${fig("Total investment", inr(invested))}${fig("Current value", inr(total(hs)))}${fig("Total P&amp;L", `${gain >= 0 ? "+" : "-"}${inr(Math.abs(gain))}`, gainClass(gain))}</div>
        <table><thead><tr><th class="l">Instrument</th><th>Qty.</th><th>Avg. cost</th><th>LTP</th><th>Cur. val</th><th>P&amp;L</th><th>Net chg.</th><th>Day chg.</th></tr></thead><tbody>${rows}
        <tr><td class="l b">Total</td><td></td><td></td><td></td><td class="b">${inr(total(hs))}</td><td class="b ${gainClass(gain)}">${gain >= 0 ? "+" : "-"}${inr(Math.abs(gain))}</td><td></td><td></td></tr></tbody></table></div>`,
      };
    },
  },
  {
    id: "tablet-watch-holdings",
    split: "held-out-6",
    device: "desktop",
    what: "a landscape tablet's markets view: a watchlist pane on the left (symbol, name, last price, the day's change in a coloured pill: no quantities, some of the symbols held, some not) beside the holdings pane (symbol and value on one line, 'N shares · avg price' and the return under them), US, European or Swiss ('CHF 1'234.50') numbers",
    styles: ["us", "eu-space", "ch"],
    draw({ r, st }) {
      const pool = chance(r, 0.65) ? US : EUROPE;
      const hs = holdings(r, pool, 4 + Math.floor(r() * 4), { fractional: 0.35 });
      const held = new Set(hs.map((h) => h.security.ticker));
      const watched = shuffle(r, [
        ...shuffle(
          r,
          pool.filter((x) => !held.has(x.ticker)),
        ).slice(0, 4 + Math.floor(r() * 3)),
        ...hs.slice(0, 1 + Math.floor(r() * 2)).map((h) => h.security),
      ]);
      const watch = watched
        .map((sec) => {
          const last = sec.price * (0.95 + r() * 0.1);
          const ch = r() * 6 - 3;
          return `<div class="row" style="display:flex;justify-content:space-between;align-items:center;padding:10px 14px"><div><div class="b">${sec.ticker}</div><div class="m" style="font-size:0.8em;max-width:170px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis">${sec.name}</div></div>
          <div style="text-align:right"><div>${num(last, 2, st)}</div><span style="display:inline-block;margin-top:3px;border-radius:5px;padding:2px 8px;font-size:0.8em;color:#fff;background:${ch >= 0 ? "#0a8a3a" : "#c62828"}">${pct(ch, st)}</span></div></div>`;
        })
        .join("");
      const rows = hs
        .map(
          (
            h,
          ) => `<div class="row" style="padding:12px 18px"><div style="display:flex;justify-content:space-between"><span class="b" style="font-size:1.1em">${h.security.ticker} <span class="m" style="font-weight:400;font-size:0.85em">${h.security.name}</span></span><span class="sb" style="font-size:1.1em">${money(h.value, st)}</span></div>
          <div style="display:flex;justify-content:space-between;margin-top:4px;font-size:0.9em"><span class="m">${qty(h, st)} ${h.quantity === 1 ? "share" : "shares"} · avg ${money(h.cost / h.quantity, st)}</span><span class="${gainClass(h.gain)}">${signedMoney(h.gain, st)} (${pct(h.gainPct, st)})</span></div></div>`,
        )
        .join("");
      return {
        holdings: hs,
        html: `<div style="display:flex;justify-content:space-between;padding:6px 18px;font-size:0.85em;font-weight:600"><span>${pickOne(r, ["9:41", "13:05", "18:22"])} ${pickOne(r, ["Tue 14 Oct", "Fri 17 Oct", "Mon 20 Oct"])}</span><span>Wi-Fi ${Math.round(30 + r() * 69)}%</span></div>
        <div style="display:flex;min-height:440px"><div style="width:32%;border-right:1px solid #8885"><div style="display:flex;justify-content:space-between;padding:10px 14px"><span class="b" style="font-size:1.15em">Watchlist</span><span class="m">Edit</span></div>${watch}</div>
        <div style="flex:1"><div style="padding:10px 18px"><div class="m">Holdings</div><div class="b" style="font-size:1.7em">${money(total(hs), st)}</div></div>${rows}</div></div>`,
      };
    },
  },
];

// ------------------------------------------------------------------------------------------------ variants

export interface Variant {
  family: Family;
  seed: number;
  theme: Theme;
  st: NumberStyle;
  width: number;
  scale: number;
  jpeg: number | null;
  fontSize: number;
}

const ground = (family: Family, dark: boolean) => (family.ground ? family.ground === "dark" : dark);

export function variant(family: Family, seed: number): Variant {
  const r = rng(seed);
  const phone = family.device === "phone";
  const scale = phone ? pickOne(r, [1, 1.5, 2, 3]) : pickOne(r, [0.5, 0.75, 1, 1, 1.25, 1.5, 2]);
  const fontSize = phone ? 15 : pickOne(r, [12, 13, 14, 15]);
  return {
    family,
    seed,
    theme: { dark: ground(family, chance(r, 0.4)), font: pickOne(r, FONTS), accent: pickOne(r, ["a", "bb"]) },
    st: STYLES[pickOne(r, family.styles)],
    width: phone ? pickOne(r, [360, 375, 390, 414, 430]) : pickOne(r, [900, 1100, 1280, 1440]),
    // 0.5–2× on desktops (a zoomed-out browser to a retina one), 1–3× on phones
    scale,
    jpeg: chance(r, 0.35) ? pickOne(r, [45, 60, 75, 90]) : null,
    // a half-size screenshot of small type is unreadable to a person too: text stays at least 10 pixels
    fontSize: Math.max(fontSize, Math.ceil(10 / scale)),
  };
}

export interface ManifestEntry {
  file: string;
  family: string;
  split: Family["split"];
  seed: number;
  tags: string[];
  decimal: "." | ",";
  holdings: { ticker: string; name?: string; quantity: number }[];
}

export interface GenerateOptions {
  out: string;
  split: Family["split"] | "all";
  perFamily: number;
  seed: number;
}

/** Renders `perFamily` variants of every family of the split into `out`; returns the manifest (also written). */
export async function generate(options: GenerateOptions & { families?: string[] }): Promise<ManifestEntry[]> {
  mkdirSync(options.out, { recursive: true });
  warnMissingFonts();
  const browser = await launchChromium();
  const manifest: ManifestEntry[] = [];
  try {
    const families = FAMILIES.filter(
      (f) => (options.split === "all" || f.split === options.split) && (!options.families || options.families.includes(f.id)),
    );
    for (const family of families) {
      for (let i = 0; i < options.perFamily; i++) {
        const seed = options.seed * 1000 + FAMILIES.indexOf(family) * 100 + i;
        manifest.push(await render(browser, variant(family, seed), options.out));
      }
    }
  } finally {
    await browser.close();
  }
  writeFileSync(join(options.out, "manifest.json"), `${JSON.stringify(manifest, null, 1)}\n`);
  return manifest;
}

async function render(browser: Awaited<ReturnType<typeof launchChromium>>, v: Variant, out: string): Promise<ManifestEntry> {
  const r = rng(v.seed ^ 0x5bd1e995);
  const drawing = v.family.draw({ r, theme: v.theme, st: v.st, width: v.width });
  const context = await browser.newContext({ viewport: { width: v.width, height: 300 }, deviceScaleFactor: v.scale });
  const tab = await context.newPage();
  await tab.setContent(pageHtml(v.theme, v.width, drawing.html, v.fontSize));
  await tab.evaluate("document.fonts.ready");
  let png = await tab.screenshot({ fullPage: true });
  await context.close();
  if (drawing.post) png = await alter(png, drawing.post, v);
  const base = `${v.family.id}-${v.seed}`;
  const file = v.jpeg ? `${base}.jpg` : `${base}.png`;
  const bytes = v.jpeg ? await sharp(png).jpeg({ quality: v.jpeg }).toBuffer() : png;
  writeFileSync(join(out, file), bytes);
  return {
    file,
    family: v.family.id,
    split: v.family.split,
    seed: v.seed,
    tags: [
      v.family.device,
      v.theme.dark ? "dark" : "light",
      v.st.id,
      `${v.scale}x`,
      v.theme.font.replace(/'/g, ""),
      ...(v.jpeg ? [`jpeg${v.jpeg}`] : []),
    ],
    decimal: v.st.decimal,
    holdings: drawing.holdings.map((h) => ({
      ticker: expectedTicker(h.security),
      ...(drawing.namesOnly ? { name: h.security.name } : {}),
      quantity: h.quantity,
    })),
  };
}

/** a capture cut and turned as a user's crop or a tilted phone would leave it (Drawing.post) */
async function alter(png: Buffer, post: NonNullable<Drawing["post"]>, v: Variant): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(png).metadata();
  const top = Math.round(post.cropTop * v.scale);
  const cut = await sharp(png)
    .extract({ left: 0, top, width: width - Math.round(post.cropRight * v.scale), height: height - top })
    .toBuffer();
  return sharp(cut)
    .rotate(post.rotate, { background: v.theme.dark ? pickDark(v.theme.accent) : "#ffffff" })
    .png()
    .toBuffer();
}

function warnMissingFonts(): void {
  let families = "";
  try {
    families = execFileSync("fc-list", [":", "family"], { encoding: "utf8" });
  } catch {
    return;
  }
  const missing = FONTS.map((f) => f.replace(/'/g, "")).filter((f) => !families.includes(f));
  if (missing.length) console.warn(`fonts not installed (DejaVu is drawn instead): ${missing.join(", ")}`);
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const out = arg("--out");
  let manifest: ManifestEntry[];
  if (out) {
    manifest = await generate({
      out,
      split: (arg("--split") as GenerateOptions["split"]) ?? "all",
      perFamily: Number(arg("--per-family") ?? 2),
      seed: Number(arg("--seed") ?? 7),
    });
  } else {
    // the committed test set: 2 variants of each family of every held-out split (the accuracy test) and 1 of each tuning
    // family (the API and browser tests), seed 7: a seed the bench (seed 1) does not use
    rmSync(TEST_SET, { recursive: true, force: true });
    const heldOut = await generate({ out: TEST_SET, split: "held-out", perFamily: 2, seed: 7 });
    const heldOut3 = await generate({ out: TEST_SET, split: "held-out-3", perFamily: 2, seed: 7 });
    const heldOut4 = await generate({ out: TEST_SET, split: "held-out-4", perFamily: 2, seed: 7 });
    const heldOut5 = await generate({ out: TEST_SET, split: "held-out-5", perFamily: 2, seed: 7 });
    const heldOut6 = await generate({ out: TEST_SET, split: "held-out-6", perFamily: 2, seed: 7 });
    const tuning = await generate({ out: TEST_SET, split: "tuning", perFamily: 1, seed: 7 });
    manifest = [...heldOut, ...heldOut3, ...heldOut4, ...heldOut5, ...heldOut6, ...tuning];
    writeFileSync(join(TEST_SET, "manifest.json"), `${JSON.stringify(manifest, null, 1)}\n`);
  }
  console.log(
    `wrote ${manifest.length} screenshots (${manifest.reduce((n, m) => n + m.holdings.length, 0)} holdings) to ${out ?? TEST_SET}`,
  );
}
