import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import { RouteError } from "./RouteError.tsx";

function Broken(): never {
  throw new Error("render failed");
}

const renderAt = (path: string) =>
  render(
    <RouterProvider
      router={createMemoryRouter([{ path: "/", errorElement: <RouteError />, children: [{ path: "broken", element: <Broken /> }] }], {
        initialEntries: [path],
      })}
    />,
  );

describe("RouteError", () => {
  it("replaces a page that fails to render with an explanation, a reload and a way back", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderAt("/broken");
    expect(await screen.findByRole("heading", { name: "Something went wrong" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Reload" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to the start" }).getAttribute("href")).toBe("/");
    expect(screen.queryByText("render failed")).toBeNull();
  });

  it("says a path that leads nowhere was not found", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    renderAt("/no/such/page");
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeTruthy();
  });
});
