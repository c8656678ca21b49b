import { createSlice, type PayloadAction } from "@reduxjs/toolkit";
import type { Asset, Portfolio, Valuation } from "../../app/apiTypes.ts";
import { NEW_SLUG } from "../../app/apiTypes.ts";
import {
  type AssetDraft,
  assetFromDraft,
  assetValue,
  newPortfolio,
  type PortfolioState,
  type SaleDraft,
  saleFromDraft,
  withoutFigures,
  withValuedFigures,
} from "./portfolioModel.ts";
import { loadPortfolio, refreshPortfolio, savePortfolio } from "./portfolioThunks.ts";

const initialState: PortfolioState = {
  slug: null,
  status: "idle",
  data: null,
  valuation: null,
  notOwner: false,
  isAdmin: false,
  moderation: null,
  hasChanges: false,
  applyInitialPercents: false,
  editSeq: 0,
  saving: false,
  loadRequestId: null,
  loadedSignedIn: false,
};

/** Spec §4: any edit sets hasChanges; a save clears it. */
function edited(state: PortfolioState) {
  state.hasChanges = true;
  state.editSeq += 1;
  state.refused = null;
}

export const portfolioSlice = createSlice({
  name: "portfolio",
  initialState,
  reducers: {
    newPortfolioStarted: () => ({ ...initialState, slug: NEW_SLUG, status: "ready" as const, data: newPortfolio() }),
    portfolioCleared: () => initialState,
    /**
     * The playground (/playground): an unsaved portfolio marked playGround, private, without autosave (a
     * visitor tries things out; saving is their explicit act), starting from the kept draft's assets.
     */
    playgroundStarted: (_state, action: PayloadAction<Asset[]>) => ({
      ...initialState,
      slug: NEW_SLUG,
      status: "ready" as const,
      data: { ...newPortfolio(), playGround: true, privateMode: true, autoSave: false, assets: action.payload },
      hasChanges: action.payload.length > 0,
    }),
    /** the playground draft's figures, for the edit they were asked after (a later edit asks again) */
    playgroundValued(state, action: PayloadAction<{ seq: number; valuation: Valuation | null; assets?: Asset[] }>) {
      if (state.slug !== NEW_SLUG || !state.data?.playGround || action.payload.seq !== state.editSeq) return;
      state.valuation = action.payload.valuation;
      if (action.payload.assets) state.data.assets = withValuedFigures(state.data.assets, action.payload.assets);
    },
    assetAdded(state, action: PayloadAction<AssetDraft>) {
      if (!state.data) return;
      state.data.assets.push(assetFromDraft(action.payload, state.data.assets.length));
      edited(state);
    },
    /** "Sell" on a holding (docs/numbers.md "Sales"): a sale entry of the ticker, valued by the next save */
    saleAdded(state, action: PayloadAction<SaleDraft>) {
      if (!state.data) return;
      const ticker = action.payload.ticker.toUpperCase();
      const of = state.data.assets.find((a) => a.ticker.toUpperCase() === ticker && a.side !== "sell");
      state.data.assets.push(saleFromDraft(action.payload, state.data.assets.length, of));
      edited(state);
    },
    /** a sale changed in the Sell window: its figures come from the next valuation */
    saleEdited(state, action: PayloadAction<{ index: number; sale: SaleDraft }>) {
      const assets = state.data?.assets;
      const current = assets?.[action.payload.index];
      if (!assets || !current || current.side !== "sell") return;
      const { quantity, PoA, DoA, fee } = action.payload.sale;
      if (current.quantity === quantity && current.PoA === PoA && current.DoA === DoA && current.fee === fee) return;
      assets[action.payload.index] = { ...withoutFigures(current), quantity, PoA, DoA, fee, value: assetValue(quantity, PoA) };
      edited(state);
    },
    assetRemoved(state, action: PayloadAction<number>) {
      if (!state.data) return;
      const [asset] = state.data.assets.splice(action.payload, 1);
      state.data.assets.forEach((a, index) => {
        a.index = index;
      });
      edited(state);
      state.removed = asset ? { asset, index: action.payload, seq: state.editSeq } : null;
    },
    /** "Undo": the removed asset back where it was, with its figures (itself an edit, saved like any) */
    removalUndone(state) {
      const removed = state.removed;
      if (!state.data || !removed || removed.seq !== state.editSeq) return;
      state.data.assets.splice(Math.min(removed.index, state.data.assets.length), 0, removed.asset);
      state.data.assets.forEach((a, index) => {
        a.index = index;
      });
      state.removed = null;
      edited(state);
    },
    assetQuantityChanged(state, action: PayloadAction<{ index: number; quantity: number }>) {
      const asset = state.data?.assets[action.payload.index];
      if (!asset || asset.quantity === action.payload.quantity) return;
      asset.quantity = action.payload.quantity;
      asset.value = assetValue(asset.quantity, asset.PoA);
      edited(state);
    },
    assetInitialPercentChanged(state, action: PayloadAction<{ index: number; initialPercent: number | null }>) {
      const asset = state.data?.assets[action.payload.index];
      if (!asset || asset.initialPercent === action.payload.initialPercent) return;
      asset.initialPercent = action.payload.initialPercent;
      state.applyInitialPercents = true;
      edited(state);
    },
    /** the edit-asset modal: quantity and date of acquisition, with the purchase price that date implies */
    assetEdited(state, action: PayloadAction<{ index: number; quantity: number; DoA: string; PoA: number }>) {
      const assets = state.data?.assets;
      const asset = assets?.[action.payload.index];
      if (!assets || !asset) return;
      const { quantity, DoA, PoA } = action.payload;
      if (asset.quantity === quantity && asset.DoA === DoA && asset.PoA === PoA) return;
      // another date or price is another lot (splits, rates, dividends since): its figures come from the next valuation
      const next = asset.DoA === DoA && asset.PoA === PoA ? { ...asset } : withoutFigures(asset);
      next.quantity = quantity;
      next.DoA = DoA;
      next.PoA = PoA;
      next.value = assetValue(quantity, PoA);
      assets[action.payload.index] = next;
      edited(state);
    },
    formatGainsChanged(state, action: PayloadAction<Portfolio["formatGains"]>) {
      if (!state.data || state.data.formatGains === action.payload) return;
      state.data.formatGains = action.payload;
      edited(state);
    },
    /** the benchmark was saved on its own (portfolio settings), which made a new revision on the server */
    benchmarkSaved(state, action: PayloadAction<string>) {
      if (!state.data) return;
      state.data.indexTicker = action.payload;
      state.data.rev += 1;
    },
    /** renamed on its own (POST /v1/update/portfolioname), which made a new revision on the server */
    portfolioRenamed(state, action: PayloadAction<string>) {
      if (!state.data) return;
      state.data.pName = action.payload;
      state.data.rev += 1;
    },
    autoSaveChanged(state, action: PayloadAction<boolean>) {
      if (!state.data) return;
      state.data.autoSave = action.payload;
      edited(state);
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loadPortfolio.pending, (_, action) => ({
        ...initialState,
        slug: action.meta.arg.slug,
        status: "loading" as const,
        loadRequestId: action.meta.requestId,
        loadedSignedIn: action.meta.arg.signedIn,
      }))
      .addCase(loadPortfolio.fulfilled, (state, action) => {
        if (action.meta.requestId !== state.loadRequestId) return;
        state.status = "ready";
        state.data = action.payload.data;
        state.valuation = action.payload.valuation ?? null;
        state.notOwner = action.payload.state.notOwner;
        state.isAdmin = action.payload.state.isAdmin;
        state.moderation = action.payload.moderation ?? null;
      })
      .addCase(loadPortfolio.rejected, (state, action) => {
        if (action.meta.requestId !== state.loadRequestId || action.meta.aborted) return;
        const status = action.payload?.status;
        // spec: "When portfolio data is null the page is hidden"; 403/404 both mean "not yours to see"
        state.status = status === 404 || status === 403 ? "missing" : "failed";
      })
      .addCase(refreshPortfolio.fulfilled, (state, action) => {
        const { slug, seq, reply } = action.payload;
        if (state.slug !== slug || state.status !== "ready") return;
        state.valuation = reply.valuation ?? null;
        state.moderation = reply.moderation ?? null;
        // the fresh copy replaces ours only when nothing was edited since it was asked for
        if (seq === state.editSeq && !state.hasChanges && !state.saving) state.data = reply.data;
        // after a refused save: what is stored replaces the refused edits, unless the user edited since
        else if (action.meta.arg?.restore && seq === state.editSeq && !state.saving && state.refused) {
          state.data = reply.data;
          state.hasChanges = false;
          state.applyInitialPercents = false;
          state.removed = null;
          state.refused.restored = true;
        }
      })
      .addCase(savePortfolio.pending, (state) => {
        state.saving = true;
      })
      .addCase(savePortfolio.rejected, (state) => {
        state.saving = false;
      })
      .addCase(savePortfolio.fulfilled, (state, action) => {
        state.saving = false;
        const outcome = action.payload;
        if (outcome.kind === "refused") {
          if (outcome.seq === state.editSeq) state.refused = { message: outcome.message, restored: false };
          return;
        }
        if (outcome.kind !== "updated" && outcome.kind !== "created") return;
        state.refused = null;
        const untouched = outcome.seq === state.editSeq;
        if (untouched) {
          state.hasChanges = false;
          state.applyInitialPercents = false;
        }
        if (outcome.kind !== "updated" || !state.data) return;
        // the server's copy replaces ours only if nothing was edited while it was saving; either way the
        // next save must name the revision this one produced
        if (outcome.data && untouched) state.data = outcome.data;
        else state.data.rev = outcome.data?.rev ?? state.data.rev + 1;
      });
  },
});

export const {
  newPortfolioStarted,
  portfolioCleared,
  playgroundStarted,
  playgroundValued,
  assetAdded,
  saleAdded,
  saleEdited,
  assetRemoved,
  removalUndone,
  assetQuantityChanged,
  assetInitialPercentChanged,
  assetEdited,
  formatGainsChanged,
  benchmarkSaved,
  portfolioRenamed,
  autoSaveChanged,
} = portfolioSlice.actions;
