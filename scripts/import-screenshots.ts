/**
 * Generates the screenshot test set for the import OCR: broker-like pages (desktop tables, mobile lists,
 * crypto apps, European apps; light and dark; several fonts; low resolution) rendered in headless Chromium,
 * with a manifest of the holdings each image shows.
 *
 *   node --import tsx scripts/import-screenshots.ts        # writes services/import/test/screenshots/
 *
 * Needs /usr/bin/chromium and, for the same pixels, Debian's fonts-dejavu, fonts-liberation,
 * fonts-roboto-unhinted and fonts-noto-core. Data come from a seeded generator, so a re-run gives the same set.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { launchChromium } from "../web/e2e/browser.ts";

const OUT = join(import.meta.dirname, "..", "services", "import", "test", "screenshots");

interface Security {
  ticker: string;
  name: string;
  price: number;
  crypto?: boolean;
}

const STOCKS: Security[] = [
  { ticker: "AAPL", name: "Apple Inc.", price: 189.32 },
  { ticker: "MSFT", name: "Microsoft Corp", price: 415.1 },
  { ticker: "NVDA", name: "NVIDIA Corp", price: 118.45 },
  { ticker: "AMZN", name: "Amazon.com Inc", price: 186.2 },
  { ticker: "GOOGL", name: "Alphabet Inc Class A", price: 163.95 },
  { ticker: "TSLA", name: "Tesla Inc", price: 248.5 },
  { ticker: "META", name: "Meta Platforms Inc", price: 512.3 },
  { ticker: "VTI", name: "Vanguard Total Stock Market ETF", price: 271.84 },
  { ticker: "VOO", name: "Vanguard S&P 500 ETF", price: 502.11 },
  { ticker: "SCHD", name: "Schwab US Dividend Equity ETF", price: 27.43 },
  { ticker: "QQQ", name: "Invesco QQQ Trust", price: 470.67 },
  { ticker: "JNJ", name: "Johnson & Johnson", price: 158.76 },
  { ticker: "JPM", name: "JPMorgan Chase & Co", price: 211.2 },
  { ticker: "KO", name: "Coca-Cola Co", price: 62.85 },
  { ticker: "COST", name: "Costco Wholesale Corp", price: 871.4 },
  { ticker: "AMD", name: "Advanced Micro Devices", price: 156.02 },
  { ticker: "NFLX", name: "Netflix Inc", price: 681.5 },
  { ticker: "DIS", name: "Walt Disney Co", price: 95.33 },
  { ticker: "XOM", name: "Exxon Mobil Corp", price: 116.08 },
  { ticker: "PEP", name: "PepsiCo Inc", price: 171.24 },
  { ticker: "BND", name: "Vanguard Total Bond Market ETF", price: 72.9 },
  { ticker: "VXUS", name: "Vanguard Total International Stock ETF", price: 61.7 },
  { ticker: "O", name: "Realty Income Corp", price: 57.61 },
  { ticker: "T", name: "AT&T Inc", price: 19.87 },
  { ticker: "PLTR", name: "Palantir Technologies", price: 24.16 },
  { ticker: "INTC", name: "Intel Corp", price: 30.95 },
];

const EUROPEAN: Security[] = [
  { ticker: "ASML", name: "ASML Holding", price: 874.2 },
  { ticker: "SAP", name: "SAP SE", price: 176.48 },
  { ticker: "VWRL", name: "Vanguard FTSE All-World", price: 114.36 },
  { ticker: "IWDA", name: "iShares Core MSCI World", price: 92.51 },
  { ticker: "ALV", name: "Allianz SE", price: 262.9 },
  { ticker: "SIE", name: "Siemens AG", price: 171.36 },
  { ticker: "MC", name: "LVMH Moet Hennessy", price: 702.4 },
  { ticker: "ADS", name: "Adidas AG", price: 223.1 },
  { ticker: "BAS", name: "BASF SE", price: 46.71 },
  { ticker: "SHELL", name: "Shell plc", price: 32.86 },
  { ticker: "INGA", name: "ING Groep", price: 15.92 },
  { ticker: "NESN", name: "Nestle SA", price: 93.14 },
];

const CRYPTO: Security[] = [
  { ticker: "BTC", name: "Bitcoin", price: 64231.5, crypto: true },
  { ticker: "ETH", name: "Ethereum", price: 3105.42, crypto: true },
  { ticker: "SOL", name: "Solana", price: 142.88, crypto: true },
  { ticker: "ADA", name: "Cardano", price: 0.4521, crypto: true },
  { ticker: "XRP", name: "XRP", price: 0.5213, crypto: true },
  { ticker: "DOGE", name: "Dogecoin", price: 0.1234, crypto: true },
  { ticker: "DOT", name: "Polkadot", price: 6.42, crypto: true },
  { ticker: "LTC", name: "Litecoin", price: 71.35, crypto: true },
  { ticker: "AVAX", name: "Avalanche", price: 27.9, crypto: true },
  { ticker: "LINK", name: "Chainlink", price: 13.61, crypto: true },
];

/** mulberry32: a small seeded generator, so the set is the same on every run */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Style = "us" | "eu";

function fmt(n: number, decimals: number, style: Style, grouping = true): string {
  const s = n.toFixed(decimals);
  const [whole, frac] = s.split(".");
  const grouped = grouping ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, style === "us" ? "," : ".") : whole;
  return frac ? `${grouped}${style === "us" ? "." : ","}${frac}` : grouped;
}

const money = (n: number, style: Style, symbol = style === "us" ? "$" : "€") =>
  style === "us"
    ? `${n < 0 ? "-" : ""}${symbol}${fmt(Math.abs(n), 2, style)}`
    : `${n < 0 ? "-" : ""}${fmt(Math.abs(n), 2, style)} ${symbol}`;

interface Holding {
  security: Security;
  quantity: number;
  /** quantity as shown */
  shown: string;
  price: number;
  value: number;
  gain: number;
  gainPct: number;
}

function pick(r: () => number, pool: Security[], n: number, fractional: number, crypto = false): Holding[] {
  const chosen = [...pool].sort(() => r() - 0.5).slice(0, n);
  return chosen.map((security) => {
    let quantity: number;
    let decimals: number;
    if (crypto) {
      decimals = security.price > 1000 ? 5 : security.price > 10 ? 3 : 1;
      quantity = Number(
        (security.price > 1000 ? 0.01 + r() * 1.5 : security.price > 10 ? 1 + r() * 60 : 100 + r() * 9000).toFixed(decimals),
      );
    } else if (r() < fractional) {
      decimals = r() < 0.5 ? 4 : 3;
      quantity = Number((0.2 + r() * 80).toFixed(decimals));
    } else {
      decimals = 0;
      quantity = Math.round(1 + r() * (r() < 0.15 ? 2400 : 180));
    }
    const price = Number((security.price * (0.9 + r() * 0.2)).toFixed(security.price < 1 ? 4 : 2));
    const value = Number((quantity * price).toFixed(2));
    const gainPct = Number((r() * 60 - 20).toFixed(2));
    const gain = Number(((value * gainPct) / (100 + gainPct)).toFixed(2));
    return { security, quantity, shown: String(decimals), price, value, gain, gainPct };
  });
}

interface Theme {
  dark: boolean;
  font: string;
}

function page(theme: Theme, width: number, body: string, extraCss = ""): string {
  const bg = theme.dark ? "#121417" : "#ffffff";
  const fg = theme.dark ? "#e8eaed" : "#1d2228";
  const muted = theme.dark ? "#9aa0a6" : "#5f6368";
  const line = theme.dark ? "#2a2e33" : "#e3e6ea";
  return `<!doctype html><html><head><meta charset="utf-8"><style>
    * { box-sizing: border-box; }
    body { margin: 0; width: ${width}px; background: ${bg}; color: ${fg}; font-family: ${theme.font}; }
    .muted { color: ${muted}; } .pos { color: ${theme.dark ? "#5bd17a" : "#0a8a3a"}; } .neg { color: ${theme.dark ? "#ff6b6b" : "#c62828"}; }
    table { border-collapse: collapse; width: 100%; } th { text-align: right; color: ${muted}; font-weight: 600; }
    th:first-child, td:first-child { text-align: left; } td { text-align: right; border-top: 1px solid ${line}; }
    .row { border-bottom: 1px solid ${line}; } ${extraCss}
  </style></head><body>${body}</body></html>`;
}

function gainCell(h: Holding, style: Style, parens: boolean): string {
  const cls = h.gain >= 0 ? "pos" : "neg";
  const amount = parens && h.gain < 0 ? `(${money(-h.gain, style)})` : `${h.gain >= 0 ? "+" : ""}${money(h.gain, style)}`;
  return `<span class="${cls}">${amount}</span>`;
}

const qty = (h: Holding, style: Style) => fmt(h.quantity, Number(h.shown), style);

/** Desktop positions table, US broker style (account line, header, holdings, cash, total). */
function desktopTable(hs: Holding[], style: Style, _theme: Theme, opts: { names: boolean; parens: boolean; fontSize: number }): string {
  const total = hs.reduce((s, h) => s + h.value, 0);
  const cash = 1234.56;
  const rows = hs
    .map(
      (
        h,
      ) => `<tr><td><b>${opts.names ? h.security.name : h.security.ticker}</b>${opts.names ? "" : `<br><span class="muted" style="font-size:0.8em">${h.security.name}</span>`}</td>
      <td>${qty(h, style)}</td><td>${money(h.price, style)}</td><td>${money(h.value, style)}</td>
      <td>${gainCell(h, style, opts.parens)}</td><td class="${h.gainPct >= 0 ? "pos" : "neg"}">${h.gainPct >= 0 ? "+" : ""}${fmt(h.gainPct, 2, style)}%</td></tr>`,
    )
    .join("");
  return `<div style="padding:24px 32px;font-size:${opts.fontSize}px">
    <div style="font-size:1.3em;font-weight:700">Individual Brokerage <span class="muted">••••4821</span></div>
    <div class="muted" style="margin:4px 0 18px">Positions as of 10/14/2025 4:00 PM ET</div>
    <table><thead><tr><th>${opts.names ? "Investment" : "Symbol"}</th><th>Quantity</th><th>Price</th><th>Market Value</th><th>Gain/Loss $</th><th>Gain/Loss %</th></tr></thead>
    <tbody style="line-height:1.5">${rows}
    <tr><td><b>Cash &amp; Money Market</b></td><td></td><td></td><td>${money(cash, style)}</td><td></td><td></td></tr>
    <tr><td><b>Account Total</b></td><td></td><td></td><td><b>${money(total + cash, style)}</b></td><td></td><td></td></tr></tbody></table></div>`;
}

/** Mobile stock list (Robinhood-like): ticker and shares on the left, price on the right. */
function mobileList(hs: Holding[], style: Style, _theme: Theme): string {
  const rows = hs
    .map(
      (h) => `<div class="row" style="display:flex;justify-content:space-between;align-items:center;padding:14px 18px">
      <div><div style="font-weight:700;font-size:17px">${h.security.ticker}</div><div class="muted" style="font-size:14px;margin-top:3px">${qty(h, style)} ${h.quantity === 1 ? "share" : "shares"}</div></div>
      <div style="background:${h.gain >= 0 ? "#0a8a3a" : "#c62828"};color:#fff;border-radius:6px;padding:7px 10px;font-weight:600;font-size:15px">${money(h.price, style)}</div></div>`,
    )
    .join("");
  return `<div style="padding:18px 0"><div style="padding:0 18px 8px;font-size:22px;font-weight:700">Stocks</div>
    <div class="muted" style="padding:0 18px 10px;font-size:13px">Buying power ${money(512.4, style)}</div>${rows}</div>`;
}

/** Crypto wallet (Coinbase-like): name over symbol on the left, value over amount on the right. */
function cryptoList(hs: Holding[], style: Style, _theme: Theme): string {
  const total = hs.reduce((s, h) => s + h.value, 0);
  const rows = hs
    .map(
      (h) => `<div class="row" style="display:flex;justify-content:space-between;padding:14px 18px">
      <div style="display:flex;gap:12px;align-items:center"><div style="width:34px;height:34px;border-radius:50%;background:#f7931a"></div>
      <div><div style="font-weight:600;font-size:16px">${h.security.name}</div><div class="muted" style="font-size:14px">${h.security.ticker}</div></div></div>
      <div style="text-align:right"><div style="font-weight:600;font-size:16px">${money(h.value, style)}</div><div class="muted" style="font-size:14px">${qty(h, style)} ${h.security.ticker}</div></div></div>`,
    )
    .join("");
  return `<div style="padding:18px 0"><div class="muted" style="padding:0 18px;font-size:14px">Crypto balance</div>
    <div style="padding:2px 18px 14px;font-size:28px;font-weight:700">${money(total, style)}</div>${rows}
    <div class="row" style="display:flex;justify-content:space-between;padding:14px 18px"><div style="font-weight:600">US Dollar</div><div>${money(87.12, style)}</div></div></div>`;
}

/** European app (Trade Republic / Scalable-like): name on top, "12 Stk. · 189,50 €" under it, value right. */
function europeanCards(hs: Holding[], style: Style, _theme: Theme, unit: string): string {
  const rows = hs
    .map(
      (h) => `<div class="row" style="display:flex;justify-content:space-between;padding:13px 18px;align-items:center">
      <div><div style="font-weight:600;font-size:16px">${h.security.name}</div><div class="muted" style="font-size:13px;margin-top:2px">${qty(h, style)} ${unit} · ${money(h.price, style)}</div></div>
      <div style="text-align:right"><div style="font-weight:600;font-size:16px">${money(h.value, style)}</div><div class="${h.gainPct >= 0 ? "pos" : "neg"}" style="font-size:13px">${h.gainPct >= 0 ? "+" : ""}${fmt(h.gainPct, 2, style)} %</div></div></div>`,
    )
    .join("");
  const total = hs.reduce((s, h) => s + h.value, 0);
  return `<div style="padding:18px 0"><div style="padding:0 18px;font-size:26px;font-weight:700">${money(total, style)}</div>
    <div class="muted" style="padding:0 18px 12px;font-size:13px">Depot · Wertpapiere</div>${rows}</div>`;
}

/** European desktop table (DEGIRO-like): Product, Ticker, Quantity, Price, Value, P/L. */
function europeanTable(hs: Holding[], style: Style, _theme: Theme, fontSize: number): string {
  const rows = hs
    .map(
      (h) => `<tr><td>${h.security.name.toUpperCase()}</td><td style="text-align:left">${h.security.ticker}</td><td>${qty(h, style)}</td>
      <td>${fmt(h.price, 2, style)}</td><td>${fmt(h.value, 2, style)}</td><td class="${h.gain >= 0 ? "pos" : "neg"}">${h.gain >= 0 ? "+" : "-"}${fmt(Math.abs(h.gain), 2, style)}</td></tr>`,
    )
    .join("");
  return `<div style="padding:20px 28px;font-size:${fontSize}px"><div style="font-weight:700;font-size:1.2em;margin-bottom:12px">Portfolio</div>
    <table><thead><tr><th>Product</th><th style="text-align:left">Ticker</th><th>Quantity</th><th>Price</th><th>Value in EUR</th><th>P/L</th></tr></thead>
    <tbody style="line-height:1.8">${rows}<tr><td><b>EUR cash</b></td><td></td><td></td><td></td><td>${fmt(310.25, 2, style)}</td><td></td></tr></tbody></table></div>`;
}

/** Compact table with shares before the symbol and a cost-basis column (Fidelity-like order). */
function compactTable(hs: Holding[], style: Style, _theme: Theme, fontSize: number): string {
  const rows = hs
    .map(
      (h) => `<tr><td><b>${h.security.ticker}</b></td><td>${money(h.price, style)}</td><td>${gainCell(h, style, true)}</td>
      <td>${money(h.value, style)}</td><td>${qty(h, style)}</td><td>${money(h.value - h.gain, style)}</td></tr>`,
    )
    .join("");
  return `<div style="padding:16px 20px;font-size:${fontSize}px"><div class="muted">ROTH IRA X12345678</div>
    <table style="margin-top:10px"><thead><tr><th>Symbol</th><th>Last Price</th><th>Total Gain/Loss</th><th>Current Value</th><th>Qty</th><th>Cost Basis Total</th></tr></thead>
    <tbody style="line-height:1.7">${rows}<tr><td><b>SPAXX**</b></td><td></td><td></td><td>${money(2045.11, style)}</td><td></td><td></td></tr>
    <tr><td><b>Pending Activity</b></td><td></td><td></td><td>${money(-120, style)}</td><td></td><td></td></tr></tbody></table></div>`;
}

interface Scenario {
  name: string;
  tags: string[];
  width: number;
  scale: number;
  theme: Theme;
  style: Style;
  html: (hs: Holding[]) => string;
  holdings: Holding[];
  /** company names shown instead of tickers: name → ticker, as the pricing search would answer */
  names?: boolean;
}

const FONTS = {
  sans: "'DejaVu Sans', sans-serif",
  roboto: "'Roboto', sans-serif",
  liberation: "'Liberation Sans', Arial, sans-serif",
  serif: "'Liberation Serif', 'DejaVu Serif', serif",
  mono: "'DejaVu Sans Mono', monospace",
  noto: "'Noto Sans', sans-serif",
  condensed: "'Roboto Condensed', sans-serif",
};

function scenarios(): Scenario[] {
  const out: Scenario[] = [];
  const r = rng(20251014);
  const fontList = Object.values(FONTS);
  for (let i = 0; i < 34; i++) {
    const kind = ["desktop", "mobile", "crypto", "eu-cards", "eu-table", "compact", "names"][i % 7];
    const dark = i % 3 === 1;
    const lowRes = i % 5 === 4;
    const font = fontList[(i * 3) % fontList.length];
    const theme = { dark, font };
    const tags = [kind, dark ? "dark" : "light", ...(lowRes ? ["low-res"] : [])];
    const n = 4 + Math.floor(r() * 5);
    if (kind === "desktop" || kind === "names") {
      const style: Style = i % 4 === 3 ? "eu" : "us";
      const names = kind === "names";
      const holdings = pick(r, STOCKS, n, 0.3);
      const fontSize = lowRes ? 11 : 14;
      out.push({
        name: `${kind}`,
        tags: [...tags, style],
        width: lowRes ? 760 : 1180,
        scale: 1,
        theme,
        style,
        holdings,
        names,
        html: (hs) => desktopTable(hs, style, theme, { names, parens: i % 2 === 0, fontSize }),
      });
    } else if (kind === "mobile") {
      const holdings = pick(r, STOCKS, n, 0.5);
      out.push({
        name: kind,
        tags: [...tags, "us"],
        width: 390,
        scale: lowRes ? 1 : 3,
        theme,
        style: "us",
        holdings,
        html: (hs) => mobileList(hs, "us", theme),
      });
    } else if (kind === "crypto") {
      const style: Style = i % 2 === 0 ? "us" : "eu";
      const holdings = pick(r, CRYPTO, Math.min(n, 6), 1, true);
      out.push({
        name: kind,
        tags: [...tags, style],
        width: 390,
        scale: lowRes ? 1 : 2,
        theme,
        style,
        holdings,
        html: (hs) => cryptoList(hs, style, theme),
      });
    } else if (kind === "eu-cards") {
      const holdings = pick(r, EUROPEAN, n, 0.4);
      const unit = ["Stk.", "shares", "pcs"][i % 3];
      out.push({
        name: kind,
        tags: [...tags, "eu"],
        width: 414,
        scale: lowRes ? 1 : 2,
        theme,
        style: "eu",
        holdings,
        names: true,
        html: (hs) => europeanCards(hs, "eu", theme, unit),
      });
    } else if (kind === "eu-table") {
      const holdings = pick(r, EUROPEAN, n, 0.2);
      out.push({
        name: kind,
        tags: [...tags, "eu"],
        width: lowRes ? 820 : 1240,
        scale: 1,
        theme,
        style: "eu",
        holdings,
        html: (hs) => europeanTable(hs, "eu", theme, lowRes ? 11 : 14),
      });
    } else {
      const holdings = pick(r, STOCKS, n, 0.4);
      out.push({
        name: kind,
        tags: [...tags, "us"],
        width: lowRes ? 700 : 1100,
        scale: 1,
        theme,
        style: "us",
        holdings,
        html: (hs) => compactTable(hs, "us", theme, lowRes ? 11 : 13),
      });
    }
  }
  return out;
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const browser = await launchChromium();
  const manifest = [];
  try {
    let n = 0;
    for (const s of scenarios()) {
      n++;
      const file = `${String(n).padStart(2, "0")}-${s.name}-${s.theme.dark ? "dark" : "light"}${s.tags.includes("low-res") ? "-lowres" : ""}.png`;
      const context = await browser.newContext({ viewport: { width: s.width, height: 400 }, deviceScaleFactor: s.scale });
      const tab = await context.newPage();
      await tab.setContent(page(s.theme, s.width, s.html(s.holdings)));
      await tab.screenshot({ path: join(OUT, file), fullPage: true });
      await context.close();
      manifest.push({
        file,
        tags: s.tags,
        decimal: s.style === "eu" ? "," : ".",
        holdings: s.holdings.map((h) => ({
          ticker: h.security.crypto ? `${h.security.ticker}-USD` : h.security.ticker,
          ...(s.names ? { name: h.security.name } : {}),
          quantity: h.quantity,
        })),
      });
    }
  } finally {
    await browser.close();
  }
  writeFileSync(join(OUT, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`wrote ${manifest.length} screenshots and manifest.json to ${OUT}`);
}

await main();
