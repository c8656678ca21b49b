import { ProfileBody } from "@folio/proto/auth";
import { RenameBody, SaveBody, SettingsBody } from "@folio/proto/portfolio";
import { TickerParams } from "@folio/proto/pricing";
import { Type } from "typebox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MemoryCache } from "../../src/cache/memory.ts";
import { fieldName } from "../../src/http/errors.ts";
import { createHttpServer } from "../../src/http/server.ts";

/** The API's own schemas behind one server, so each refusal is Ajv's real report turned into words. */
let app: Awaited<ReturnType<typeof createHttpServer>>;
beforeAll(async () => {
  app = await createHttpServer({ name: "t", logLevel: "silent", jwtSecret: "x".repeat(40), cache: new MemoryCache() });
  app.post("/save", { schema: { body: SaveBody } }, async () => ({ ok: true }));
  app.post("/settings", { schema: { body: SettingsBody } }, async () => ({ ok: true }));
  app.post("/rename", { schema: { body: RenameBody } }, async () => ({ ok: true }));
  app.post("/profile", { schema: { body: ProfileBody } }, async () => ({ ok: true }));
  app.get("/price/:ticker", { schema: { params: TickerParams } }, async () => ({ ok: true }));
  app.get("/page", { schema: { querystring: Type.Object({ page: Type.Integer({ minimum: 1 }) }) } }, async () => ({ ok: true }));
  await app.ready();
});
afterAll(() => app.close());

async function refusal(method: "GET" | "POST", url: string, payload?: unknown) {
  const res = await app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
  expect(res.statusCode).toBe(400);
  const body = res.json() as { error: string; code: string };
  expect(body.code).toBe("validation_failed");
  // never the validator's own wording or its paths
  expect(body.error).not.toMatch(/body\/|querystring\/|params\/|must NOT|must have required|must be equal|must match/);
  return body.error;
}

const asset = { ticker: "NVDA", quantity: 10, PoA: 450, DoA: "2023-09-11" };

describe("a request the schema refuses is answered in words naming the field (code kept)", () => {
  it("a name or text too long", async () => {
    expect(await refusal("POST", "/save", { portfolio: { assets: [], pName: "y".repeat(101) } })).toBe(
      "Portfolio name must be at most 100 characters",
    );
    expect(await refusal("POST", "/rename", { newPortfolioName: "n".repeat(101) })).toBe("Portfolio name must be at most 100 characters");
    expect(await refusal("POST", "/profile", { displayName: "d".repeat(101) })).toBe("Display name must be at most 100 characters");
    expect(await refusal("POST", "/profile", { displayName: "" })).toBe("Display name must not be empty");
  });

  it("a field missing, at the top or inside", async () => {
    expect(await refusal("POST", "/save", { portfolio: {} })).toBe("The list of assets is required");
    expect(await refusal("POST", "/rename", {})).toBe("Portfolio name is required");
    expect(await refusal("POST", "/save", { portfolio: { assets: [{ ...asset, DoA: undefined }] } })).toBe(
      "Purchase date of asset 1 is required",
    );
  });

  it("a value of the wrong kind, and a union's alternatives", async () => {
    expect(await refusal("POST", "/save", { portfolio: { assets: [asset, { ...asset, PoA: "cheap" }] } })).toBe(
      "Purchase price of asset 2 must be a number",
    );
    // quantity is a number or text of at most 40 characters: the text alternative says what is wrong
    expect(await refusal("POST", "/save", { portfolio: { assets: [{ ...asset, quantity: "9".repeat(41) }] } })).toBe(
      "Quantity of asset 1 must be at most 40 characters",
    );
    expect(await refusal("POST", "/save", { portfolio: { assets: [{ ...asset, quantity: true }] } })).toBe(
      "Quantity of asset 1 must be a number or text",
    );
    expect(await refusal("POST", "/settings", { settings: { formatGains: "€" } })).toBe("Gains format must be one of: $, %");
    expect(await refusal("POST", "/settings", { settings: { category: "Crypto-ish" } })).toBe(
      "Category must be one of: Growth, Dividend, Index, Tech, Crypto, Other, (none)",
    );
  });

  it("numbers and lists out of range", async () => {
    expect(await refusal("POST", "/save", { portfolio: { assets: [], totalValue: -1 } })).toBe("Total value must be at least 0");
    expect(await refusal("POST", "/save", { portfolio: { assets: [{ ...asset, initialPercent: 120 }] } })).toBe(
      "Initial percent of asset 1 must be at most 100",
    );
    expect(await refusal("POST", "/save", { portfolio: { assets: Array.from({ length: 501 }, () => asset) } })).toBe(
      "The list of assets may hold at most 500 items",
    );
    expect(await refusal("GET", "/page?page=0")).toBe("Page must be at least 1");
  });

  it("a ticker with characters no ticker has, in the path or a body", async () => {
    expect(await refusal("GET", "/price/A_B")).toBe("Ticker may only contain letters, digits and . - ^ =");
    expect(await refusal("POST", "/save", { portfolio: { assets: [{ ...asset, ticker: "NV DA" }] } })).toBe(
      "Ticker of asset 1 may only contain letters, digits and . - ^ =",
    );
  });
});

describe("fieldName", () => {
  it("names the last field, the list item it is in, and spells out a name it does not know", () => {
    expect(fieldName("/portfolio/assets/2/quantity")).toBe("Quantity of asset 3");
    expect(fieldName("/settings/account", "displayName")).toBe("Display name");
    expect(fieldName("/history/4/content")).toBe("Content of message 5");
    expect(fieldName("/price_id")).toBe("Plan");
    expect(fieldName("/someNewField")).toBe("Some new field");
    expect(fieldName("")).toBe("The request");
  });
});
