/** The upload bar's timing (spec §4, §9), on fake timers. */
import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useUploadProgress } from "./useUploadProgress.ts";

afterEach(() => {
  vi.useRealTimers();
});

describe("useUploadProgress", () => {
  it("rises by 10 every 100 ms to 100, then calls onDone once", async () => {
    vi.useFakeTimers();
    const onDone = vi.fn();
    const { result } = renderHook(() => useUploadProgress(true, 1, onDone));
    expect(result.current).toBe(0);
    for (const expected of [10, 20, 30]) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(100);
      });
      expect(result.current).toBe(expected);
    }
    await act(async () => {
      await vi.advanceTimersByTimeAsync(99);
    });
    // 399 ms: still 30, the next step lands at 400 ms
    expect(result.current).toBe(30);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(result.current).toBe(40);
    for (let i = 0; i < 6; i++) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(100);
      });
    }
    // 1000 ms: 10 steps
    expect(result.current).toBe(100);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it("does not move while not running", async () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useUploadProgress(false, 1, () => {}));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(result.current).toBe(0);
  });
});
