import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import { assertEveryCallMocked } from "./test-utils.tsx";

// findBy/waitFor wait up to 3 s (testing-library's 1 s default is short on a busy machine); a failing one
// still fails, later
configure({ asyncUtilTimeout: 3000 });

// A browser resolves a relative Request URL against the page; Node's Request (which jsdom tests get) does
// not. The app calls the API with relative URLs, so the tests resolve them the browser's way.
const NodeRequest = globalThis.Request;
globalThis.Request = class PageRequest extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === "string" ? new URL(input, window.location.href) : input, init);
  }
} as typeof Request;

// jsdom has <dialog> without showModal/close: the attribute and the close event, as a browser does
// (jsdom has no top layer and no inert page behind it, so focus is not trapped here)
if (typeof HTMLDialogElement.prototype.showModal !== "function") {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute("open")) return;
    this.removeAttribute("open");
    setTimeout(() => this.dispatchEvent(new Event("close")));
  };
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
  assertEveryCallMocked();
});
