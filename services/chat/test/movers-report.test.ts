/**
 * The spec's POST /v1/biggest-movers (the chat service's): networth computes the figures and the factual
 * summary, the assistant writes the report from them, and the factual summary stays whenever the assistant
 * is not configured or fails, or the caller asks for `report=factual`.
 */
import { afterEach, describe, expect, it } from "vitest";
import { moversPrompt } from "../src/prompts.ts";
import { type Harness, harness, hasRealData } from "./helpers.ts";

let h: Harness;
afterEach(async () => {
  await h?.close();
});

const holdings = {
  assets: [
    { ticker: "VTI", quantity: 10, PoA: 200, DoA: "2024-01-02" },
    { ticker: "KO", quantity: 30, PoA: 50, DoA: "2024-01-02" },
  ],
};

describe.skipIf(!hasRealData)("POST /v1/biggest-movers with the assistant", () => {
  it("the report is the assistant's, written from networth's figures given as data", async () => {
    h = await harness();
    await h.create("alice", "Mine", holdings);
    await h.relay();
    h.fake.reply({ text: "KO and VTI both moved last month." });
    const res = await h.post("alice", "/v1/biggest-movers");
    expect(res.statusCode).toBe(200);
    const reply = res.json();
    expect(reply.report).toBe("KO and VTI both moved last month.");
    expect(Object.keys(reply.biggest_movers).sort()).toEqual(["KO", "VTI"]);
    expect(h.fake.chats).toHaveLength(1);
    const [system, user] = h.fake.chats[0].messages;
    expect(system).toEqual({ role: "system", content: moversPrompt() });
    // the figures are networth's: its sources lines travel as data
    for (const line of reply.sources) expect(String(user.content)).toContain(line);
    expect(h.fake.chats[0].model).toBe("fake-v2");

    // cached for the hour: no second model call
    expect((await h.post("alice", "/v1/biggest-movers")).json().report).toBe("KO and VTI both moved last month.");
    expect(h.fake.chats).toHaveLength(1);
  });

  it("keeps the factual summary when the assistant fails or is not configured", async () => {
    h = await harness();
    await h.create("alice", "Mine", holdings);
    await h.relay();
    h.fake.reply({ status: 500 });
    const failed = (await h.post("alice", "/v1/biggest-movers")).json();
    expect(failed.report).toMatch(/^(VTI|KO) (rose|fell) /);
    await h.close();

    h = await harness({ configured: false });
    await h.create("alice", "Mine", holdings);
    await h.relay();
    const plain = (await h.post("alice", "/v1/biggest-movers")).json();
    expect(plain.report).toBe(failed.report);
    expect(h.fake.requests).toHaveLength(0);
  });

  it("report=factual: networth's figures and summary as they are, no model asked", async () => {
    h = await harness();
    await h.create("alice", "Mine", holdings);
    await h.relay();
    const factual = (await h.post("alice", "/v1/biggest-movers?report=factual")).json();
    expect(factual.report).toMatch(/^(VTI|KO) (rose|fell) /);
    expect(factual).toEqual((await h.post("alice", "/v1/networth/biggest-movers")).json());
    expect(h.fake.requests).toHaveLength(0);
  });

  it("needs a signed-in caller", async () => {
    h = await harness();
    expect((await h.post(null, "/v1/biggest-movers")).statusCode).toBe(401);
  });
});
