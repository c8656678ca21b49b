import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchWithEarlyCall } from "./earlyCall.ts";

const url = "/v1/get/communityportfolios";
const absolute = (path: string) => new URL(path, window.location.href).href;

function network() {
  const fetchMock = vi.fn(async () => new Response("from the network"));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

afterEach(() => {
  window.folioEarlyCall = undefined;
  vi.unstubAllGlobals();
});

describe("fetchWithEarlyCall", () => {
  it("answers the same GET with the early response, once; the next one goes to the network", async () => {
    const fetchMock = network();
    window.folioEarlyCall = { url, response: Promise.resolve(new Response("early")) };
    expect(await (await fetchWithEarlyCall(new Request(absolute(url)))).text()).toBe("early");
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await (await fetchWithEarlyCall(new Request(absolute(url)))).text()).toBe("from the network");
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("leaves another query, another method and a request with credentials to the network", async () => {
    const fetchMock = network();
    window.folioEarlyCall = { url, response: Promise.resolve(new Response("early")) };
    const others = [
      new Request(absolute(`${url}?samples=true`)),
      new Request(absolute(url), { method: "POST", body: "{}" }),
      new Request(absolute(url), { headers: { authorization: "Bearer t" } }),
    ];
    for (const request of others) expect(await (await fetchWithEarlyCall(request)).text()).toBe("from the network");
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(window.folioEarlyCall?.url).toBe(url);
  });

  it("makes a failed early call again", async () => {
    const fetchMock = network();
    window.folioEarlyCall = { url, response: Promise.reject(new TypeError("offline")) };
    expect(await (await fetchWithEarlyCall(new Request(absolute(url)))).text()).toBe("from the network");
    window.folioEarlyCall = { url, response: Promise.resolve(new Response("busy", { status: 503 })) };
    expect(await (await fetchWithEarlyCall(new Request(absolute(url)))).text()).toBe("from the network");
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("without an early call it is fetch", async () => {
    const fetchMock = network();
    await fetchWithEarlyCall(absolute(url));
    expect(fetchMock).toHaveBeenCalledWith(absolute(url));
  });
});
