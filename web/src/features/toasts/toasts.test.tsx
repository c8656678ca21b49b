import { act, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { advance, renderWithProviders } from "../../test-utils.tsx";
import { Toasts } from "./Toasts.tsx";
import { showError, showInfo, showSuccess, toastDuration } from "./toastsSlice.ts";

describe("toasts", () => {
  it("stay 2 s times the number of visible toasts (spec §9)", () => {
    expect(toastDuration(1)).toBe(2000);
    expect(toastDuration(3)).toBe(6000);
  });

  it("stack, and each leaves after its own duration", async () => {
    const { store } = renderWithProviders(<Toasts />);
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    act(() => {
      store.dispatch(showSuccess("first")); // alone: 2 s
      store.dispatch(showError("second")); // two visible: 4 s
      store.dispatch(showInfo("third")); // three visible: 6 s
    });
    expect(screen.getAllByRole("status").map((t) => t.textContent)).toEqual(["first×", "third×"]);
    expect(screen.getByRole("alert").textContent).toContain("second");

    await advance(1999);
    expect(screen.queryByText("first")).not.toBeNull();
    await advance(1);
    expect(screen.queryByText("first")).toBeNull();
    expect(screen.queryByText("second")).not.toBeNull();
    await advance(2000);
    expect(screen.queryByText("second")).toBeNull();
    expect(screen.queryByText("third")).not.toBeNull();
    await advance(2000);
    expect(screen.queryByText("third")).toBeNull();
  });

  it("can be dismissed", async () => {
    const { store, user } = renderWithProviders(<Toasts />);
    act(() => {
      store.dispatch(showInfo("hello"));
    });
    await user.click(await screen.findByRole("button", { name: "Dismiss" }));
    expect(screen.queryByText("hello")).toBeNull();
  });
});
