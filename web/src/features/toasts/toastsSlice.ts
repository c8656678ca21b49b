import { createSlice, nanoid, type PayloadAction } from "@reduxjs/toolkit";

export type ToastKind = "success" | "error" | "info";

export interface Toast {
  id: string;
  kind: ToastKind;
  message: string;
  /** how long it stays, fixed when it appears */
  durationMs: number;
}

export const TOAST_SECONDS_EACH = 2;

/** Spec §9: a toast stays 2 s times the number of visible toasts (itself included). */
export function toastDuration(visibleCount: number): number {
  return TOAST_SECONDS_EACH * 1000 * visibleCount;
}

export const toastsSlice = createSlice({
  name: "toasts",
  initialState: [] as Toast[],
  reducers: {
    toastShown: {
      reducer(state, action: PayloadAction<Omit<Toast, "durationMs">>) {
        state.push({ ...action.payload, durationMs: toastDuration(state.length + 1) });
      },
      prepare(kind: ToastKind, message: string) {
        return { payload: { id: nanoid(), kind, message } };
      },
    },
    toastDismissed(state, action: PayloadAction<string>) {
      return state.filter((toast) => toast.id !== action.payload);
    },
  },
  selectors: {
    selectToasts: (state) => state,
  },
});

export const { toastShown, toastDismissed } = toastsSlice.actions;
export const { selectToasts } = toastsSlice.selectors;

export const showSuccess = (message: string) => toastShown("success", message);
export const showError = (message: string) => toastShown("error", message);
export const showInfo = (message: string) => toastShown("info", message);
