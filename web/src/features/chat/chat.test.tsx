import { act, screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { advanceUntil, mockApi, renderApp, signedInState } from "../../test-utils.tsx";
import { SseParser } from "./chatStream.ts";

const ready = { v1: { configured: true, missing: [], message: null }, v2: { configured: true, missing: [], message: null } };
const growthReply = {
  result: "ok",
  response: "Your Growth portfolio holds VTI.",
  cards: [{ slug: "growth-x1", name: "Growth", value: 3697.8 }],
  portfolio_table: {
    title: "Holdings of Growth",
    columns: ["Portfolio", "Ticker", "Quantity", "Price", "Market value", "Weight %"],
    rows: [["Growth", "VTI", 10, 369.78, 3697.8, 100]],
  },
};

// the panel's module loads on real time; under fake timers it must already be there
beforeAll(async () => {
  await import("./ChatPanel.tsx");
});

async function openPanel() {
  const view = renderApp({ route: "/dashboard/unknown-page", preloadedState: signedInState() });
  await view.user.click(screen.getByRole("button", { name: "Assistant" }));
  const panel = await screen.findByRole("complementary", { name: "Assistant" });
  return { ...view, panel };
}

describe("chat panel", () => {
  it("sends the message with the history, shows it at once with loading, then the reply; cards after 0.5 s with the reply's position", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const api = mockApi({
      "GET /v1/chat/status": { body: ready },
      "POST /v1/chat": async () => {
        await gate;
        return { body: growthReply };
      },
      "POST /v1/get/achievement-state": { body: { achievement_state: 6 } },
    });
    // the cards' 0.5 s on fake timers, moved on by advanceUntil
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout"] });
    const { user, panel } = await openPanel();
    await user.type(within(panel).getByRole("textbox", { name: "Message" }), "What do I hold?");
    await user.click(within(panel).getByRole("button", { name: "Send" }));

    // spec §4: the message is added and loading is set before the answer
    expect(within(panel).getByTestId("chat-user").textContent).toBe("What do I hold?");
    expect(within(panel).getByRole("button", { name: "Thinking…" })).toHaveProperty("disabled", true);
    release();
    expect(await within(panel).findByText("Your Growth portfolio holds VTI.")).toBeTruthy();
    expect(api.callsTo("POST /v1/chat")[0]!.body).toEqual({ message: "What do I hold?", history: [] });
    expect(api.callsTo("POST /v1/chat")[0]!.authorization).toBe("Bearer token-ann");

    const table = within(panel).getByRole("table", { name: "Holdings of Growth" });
    expect(within(table).getAllByRole("row")[1]!.textContent).toBe("GrowthVTI10$369.78$3,697.80100%");

    // the cards are not there at once; they come 0.5 s after the reply
    expect(within(panel).queryByRole("list", { name: "Portfolios in this answer" })).toBeNull();
    const cards = await advanceUntil(() => within(panel).getByRole("list", { name: "Portfolios in this answer" }));
    const card = within(cards).getByRole("listitem");
    // the reply is the conversation's second entry (position 1)
    expect(card.getAttribute("data-card")).toBe("growth-x1-1");
    expect(within(card).getByRole("link", { name: "Growth" }).getAttribute("href")).toBe("/p/growth-x1");
    expect(card.textContent).toContain("$3,697.80");

    // the next message carries the conversation so far
    api.handlers["POST /v1/chat"] = { body: { ...growthReply, response: "Nothing else.", cards: [], portfolio_table: null } };
    await user.type(within(panel).getByRole("textbox", { name: "Message" }), "Anything else?");
    await user.click(within(panel).getByRole("button", { name: "Send" }));
    expect(await within(panel).findByText("Nothing else.")).toBeTruthy();
    expect(api.callsTo("POST /v1/chat")[1]!.body).toEqual({
      message: "Anything else?",
      history: [
        { role: "user", content: "What do I hold?" },
        { role: "assistant", content: "Your Growth portfolio holds VTI." },
      ],
    });
  });

  it("a card and the table's amounts are in the owner's base currency the server says; a price in its own", async () => {
    mockApi({
      "GET /v1/chat/status": { body: ready },
      "POST /v1/chat": {
        body: {
          ...growthReply,
          cards: [{ slug: "growth-x1", name: "Growth", value: 3211.17, currency: "EUR" }],
          portfolio_table: { ...growthReply.portfolio_table, rows: [["Growth", "VTI", 10, 369.78, 3211.17, 100]], currency: "EUR" },
        },
      },
      "POST /v1/get/achievement-state": { body: { achievement_state: 6 } },
    });
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout"] });
    const { user, panel } = await openPanel();
    await user.type(within(panel).getByRole("textbox", { name: "Message" }), "What do I hold?");
    await user.click(within(panel).getByRole("button", { name: "Send" }));
    const table = await within(panel).findByRole("table", { name: "Holdings of Growth" });
    // VTI's price in dollars, its market value in the owner's euros
    expect(within(table).getAllByRole("row")[1]!.textContent).toBe("GrowthVTI10$369.78€3,211.17100%");
    const cards = await advanceUntil(() => within(panel).getByRole("list", { name: "Portfolios in this answer" }));
    expect(within(cards).getByRole("listitem").textContent).toContain("€3,211.17");
  });

  it("a price is shown in its instrument's currency, the row's, whatever the owner's base currency", async () => {
    mockApi({
      "GET /v1/chat/status": { body: ready },
      "POST /v1/chat": {
        body: {
          ...growthReply,
          portfolio_table: {
            ...growthReply.portfolio_table,
            rows: [
              ["Growth", "SAP.DE", 10, 181.3, 2100.5, 60],
              ["Growth", "VTI", 5, 369.78, 1400.2, 40],
            ],
            currency: "USD",
            priceCurrencies: ["EUR", "USD"],
          },
        },
      },
      "POST /v1/get/achievement-state": { body: { achievement_state: 6 } },
    });
    const { user, panel } = await openPanel();
    await user.type(within(panel).getByRole("textbox", { name: "Message" }), "What do I hold?");
    await user.click(within(panel).getByRole("button", { name: "Send" }));
    const table = await within(panel).findByRole("table", { name: "Holdings of Growth" });
    const rows = within(table)
      .getAllByRole("row")
      .map((r) => r.textContent);
    // SAP.DE is quoted in euros: €181.30, its market value in the owner's dollars
    expect(rows.slice(1)).toEqual(["GrowthSAP.DE10€181.30$2,100.5060%", "GrowthVTI5$369.78$1,400.2040%"]);
  });

  it("V2 keeps the server's chat id; a new chat forgets it", async () => {
    const api = mockApi({
      "GET /v1/chat/status": { body: ready },
      "POST /v2/chat": { body: { result: "ok", response: "Fast answer.", cards: [], portfolio_table: null, chat_id: "c-1" } },
      "POST /v1/get/achievement-state": { body: { achievement_state: 6 } },
    });
    const { user, panel } = await openPanel();
    const model = within(panel).getByRole("combobox", { name: "Model" });
    // the picker holds the names only; the chosen one's note is said in full beside it (nothing cut off)
    expect([...(model as HTMLSelectElement).options].map((o) => o.textContent)).toEqual(["FireEngineV1", "FireEngineV2"]);
    expect(model.getAttribute("aria-describedby")).toBeTruthy();
    expect(document.getElementById(model.getAttribute("aria-describedby")!)?.textContent).toBe("FireEngineV1: slower, looks at your data.");
    await user.selectOptions(model, "v2");
    expect(document.getElementById(model.getAttribute("aria-describedby")!)?.textContent).toBe(
      "FireEngineV2: fast, no access to your data.",
    );
    for (const text of ["One", "Two"]) {
      await user.type(within(panel).getByRole("textbox", { name: "Message" }), text);
      await user.click(within(panel).getByRole("button", { name: "Send" }));
      await vi.waitFor(() => expect(within(panel).getAllByText("Fast answer.")).toHaveLength(text === "One" ? 1 : 2));
    }
    expect(api.callsTo("POST /v2/chat").map((c) => c.body)).toEqual([{ message: "One" }, { message: "Two", chat_id: "c-1" }]);
    await user.click(within(panel).getByRole("button", { name: "New chat" }));
    expect(within(panel).queryByText("Fast answer.")).toBeNull();
    await user.type(within(panel).getByRole("textbox", { name: "Message" }), "Three");
    await user.click(within(panel).getByRole("button", { name: "Send" }));
    await vi.waitFor(() => expect(api.callsTo("POST /v2/chat")).toHaveLength(3));
    expect(api.callsTo("POST /v2/chat")[2]!.body).toEqual({ message: "Three" });
  });

  it.each([
    ["result nok", { status: 503, body: { result: "nok", response: "", error: "x", code: "unavailable" } }],
    ["an empty response", { body: { result: "ok", response: "  ", cards: [], portfolio_table: null } }],
    ["a server error", { status: 500, body: { error: "Something went wrong on our side.", code: "internal" } }],
  ])("%s shows the spec's message", async (_name, reply) => {
    mockApi({ "GET /v1/chat/status": { body: ready }, "POST /v1/chat": reply });
    const { user, panel } = await openPanel();
    await user.type(within(panel).getByRole("textbox", { name: "Message" }), "Hi");
    await user.click(within(panel).getByRole("button", { name: "Send" }));
    expect(await within(panel).findByText("An error occurred. Please refresh the page and try again.")).toBeTruthy();
  });

  it("says what the server needs when the model is not configured, and sends nothing", async () => {
    const message =
      "The AI assistant is not configured on this server: set OPENAI_BASE_URL (or OPENAI_API_KEY for OpenAI), CHAT_MODEL_V1 (see docs/configuration.md, AI assistant).";
    const api = mockApi({
      "GET /v1/chat/status": { body: { ...ready, v1: { configured: false, missing: ["CHAT_MODEL_V1"], message } } },
    });
    const { panel } = await openPanel();
    expect((await within(panel).findByRole("alert")).textContent).toBe(message);
    expect(within(panel).getByRole("textbox", { name: "Message" })).toHaveProperty("disabled", true);
    expect(api.callsTo("POST /v1/chat")).toHaveLength(0);
  });

  it("a 503 not-configured answer shows the server's words", async () => {
    const message = "The AI assistant is not configured on this server: set CHAT_MODEL_V2 (see docs/configuration.md, AI assistant).";
    mockApi({
      "GET /v1/chat/status": { body: ready },
      "POST /v2/chat": { status: 503, body: { result: "nok", error: message, code: "chat/not-configured", missing: ["CHAT_MODEL_V2"] } },
    });
    const { user, panel } = await openPanel();
    await user.selectOptions(within(panel).getByRole("combobox", { name: "Model" }), "v2");
    await user.type(within(panel).getByRole("textbox", { name: "Message" }), "Hi");
    await user.click(within(panel).getByRole("button", { name: "Send" }));
    expect((await within(panel).findByRole("alert")).textContent).toBe(message);
  });

  it("a rate limit shows the server's message", async () => {
    mockApi({
      "GET /v1/chat/status": { body: ready },
      "POST /v1/chat": {
        status: 429,
        body: { error: "You have sent too many messages to the assistant. Please try again later.", code: "rate_limited" },
      },
    });
    const { user, panel } = await openPanel();
    await user.type(within(panel).getByRole("textbox", { name: "Message" }), "Hi");
    await user.click(within(panel).getByRole("button", { name: "Send" }));
    expect(await within(panel).findByText("You have sent too many messages to the assistant. Please try again later.")).toBeTruthy();
  });

  it("streams the answer into the conversation as it arrives, then shows the whole reply", async () => {
    mockApi({ "GET /v1/chat/status": { body: ready }, "POST /v1/get/achievement-state": { body: { achievement_state: 6 } } });
    const real = globalThis.fetch;
    let push: (text: string) => void = () => {};
    let finish: () => void = () => {};
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        const encoder = new TextEncoder();
        push = (text) => controller.enqueue(encoder.encode(text));
        finish = () => controller.close();
      },
    });
    const requests: Request[] = [];
    vi.stubGlobal("fetch", async (input: Request) => {
      if (new URL(input.url).pathname !== "/v1/chat") return real(input);
      requests.push(input);
      return new Response(body, { headers: { "content-type": "text/event-stream; charset=utf-8" } });
    });
    const { user, panel } = await openPanel();
    await user.type(within(panel).getByRole("textbox", { name: "Message" }), "Stream please");
    await user.click(within(panel).getByRole("button", { name: "Send" }));
    await act(async () => push('event: delta\ndata: {"text":"Hello "}\n\nevent: delta\ndata: {"text":"wor'));
    await act(async () => push('ld"}\n\n'));
    expect(await within(panel).findByText("Hello world")).toBeTruthy();
    expect(requests[0]!.headers.get("accept")).toContain("text/event-stream");
    await act(async () => {
      push(`event: reply\ndata: ${JSON.stringify({ result: "ok", response: "Hello world!", cards: [], portfolio_table: null })}\n\n`);
      finish();
    });
    expect(await within(panel).findByText("Hello world!")).toBeTruthy();
    expect(within(panel).getByRole("button", { name: "Send" })).toBeTruthy();
  });
});

describe("SseParser", () => {
  it("splits events across chunk boundaries and joins multi-line data", () => {
    const parser = new SseParser();
    expect(parser.push('event: delta\ndata: {"te')).toEqual([]);
    expect(parser.push('xt":"a"}\n\nevent: reply\r\ndata: 1\r\ndata: 2\r\n\r\n')).toEqual([
      { event: "delta", data: '{"text":"a"}' },
      { event: "reply", data: "1\n2" },
    ]);
  });
});
