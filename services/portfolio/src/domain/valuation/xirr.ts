/**
 * Money-weighted return (XIRR): the annual rate r with Σ aᵢ (1 + r)^(−tᵢ) = 0, tᵢ = days from the
 * earliest flow / 365 (actual/365, as Excel's XIRR). Newton–Raphson from a guess; when it fails to converge
 * or leaves (−1, ∞), bisection over a bracket found by scanning, which also finds rates near −100 %.
 */
import { epochDay } from "./months.ts";
import type { Holding, IsoDate, ValuedAsset } from "./types.ts";

export interface CashFlow {
  /** negative = money in (a purchase), positive = money out (the value today, a dividend) */
  amount: number;
  date: IsoDate;
  /** days since 1970-01-01 of `date`, when the caller has it already */
  day?: number;
}

const dayOf = (f: CashFlow): number => f.day ?? epochDay(f.date);

export interface XirrSolution {
  /** annual rate as a fraction (0.3734 = 37.34 %) */
  rate: number;
  method: "newton" | "bisection";
}

const TOLERANCE = 1e-12;
const NEWTON_STEPS = 100;
/** rates where the bisection looks for a sign change, from just above −100 % upward */
const SCAN = [-1 + 1e-12, -0.9999, -0.999, -0.99, -0.9, -0.5, 0, 0.1, 0.5, 1, 2, 5, 10, 100, 1e3, 1e4, 1e6];

export function solveXirr(flows: readonly CashFlow[], guess = 0.1): XirrSolution | null {
  const amounts: number[] = [];
  const dayNumbers: number[] = [];
  let positive = false;
  let negative = false;
  for (const f of flows) {
    if (f.amount === 0 || !Number.isFinite(f.amount)) continue;
    amounts.push(f.amount);
    dayNumbers.push(dayOf(f));
    if (f.amount > 0) positive = true;
    else negative = true;
  }
  if (!positive || !negative) return null;
  const first = Math.min(...dayNumbers);
  const years = dayNumbers.map((d) => (d - first) / 365);
  const span = Math.max(...years);
  if (span === 0) return null;

  const newton = solveNewton(amounts, years, guess);
  if (newton !== null) return { rate: newton, method: "newton" };
  const bisected = solveBisection(amounts, years, span);
  return bisected === null ? null : { rate: bisected, method: "bisection" };
}

/** The annual money-weighted rate as a fraction, or null when the flows have no solution. */
export function xirr(flows: readonly CashFlow[], guess = 0.1): number | null {
  return solveXirr(flows, guess)?.rate ?? null;
}

function solveNewton(amounts: number[], years: number[], guess: number): number | null {
  let r = guess;
  for (let step = 0; step < NEWTON_STEPS; step++) {
    let npv = 0;
    let slope = 0;
    // (1 + r)^(−t) as e^(−t·ln(1 + r)): one logarithm per step instead of a power per flow
    const log = Math.log1p(r);
    for (let i = 0; i < amounts.length; i++) {
      const discount = Math.exp(-years[i] * log);
      npv += amounts[i] * discount;
      slope -= (years[i] * amounts[i] * discount) / (1 + r);
    }
    if (!Number.isFinite(npv) || !Number.isFinite(slope) || slope === 0) return null;
    const next = r - npv / slope;
    if (!(next > -1) || !Number.isFinite(next)) return null;
    if (Math.abs(next - r) <= TOLERANCE * Math.max(1, Math.abs(r))) return next;
    r = next;
  }
  return null;
}

/**
 * NPV multiplied by (1 + r)^span: the same sign and roots, but every exponent is ≥ 0, so it stays finite
 * near r = −1 where the plain NPV overflows.
 */
function scaledNpv(amounts: number[], years: number[], span: number, r: number): number {
  let sum = 0;
  for (let i = 0; i < amounts.length; i++) sum += amounts[i] * (1 + r) ** (span - years[i]);
  return sum;
}

function solveBisection(amounts: number[], years: number[], span: number): number | null {
  let lo = SCAN[0];
  let fLo = scaledNpv(amounts, years, span, lo);
  for (let k = 1; k < SCAN.length; k++) {
    const hi = SCAN[k];
    const fHi = scaledNpv(amounts, years, span, hi);
    if (fLo === 0) return lo;
    if (Math.sign(fLo) !== Math.sign(fHi)) return bisect(amounts, years, span, lo, hi, fLo);
    lo = hi;
    fLo = fHi;
  }
  return null;
}

function bisect(amounts: number[], years: number[], span: number, lo: number, hi: number, fLo: number): number {
  for (let step = 0; step < 400 && hi - lo > TOLERANCE * Math.max(1, Math.abs(lo)); step++) {
    const mid = (lo + hi) / 2;
    const fMid = scaledNpv(amounts, years, span, mid);
    if (fMid === 0) return mid;
    if (Math.sign(fMid) === Math.sign(fLo)) {
      lo = mid;
      fLo = fMid;
    } else hi = mid;
  }
  return (lo + hi) / 2;
}

/**
 * The portfolio's cash flows in the base currency: each purchase −value (its cost) on its DoA, the
 * dividends received (total return: pass them, one flow per ex-date) and the market value of the same
 * assets as one positive flow on the valuation date. Assets without a market value are left out on both sides.
 */
export function portfolioCashFlows(
  assets: readonly (Pick<Holding, "DoA"> & Pick<ValuedAsset, "value" | "marketValue">)[],
  valuationDate: IsoDate,
  dividends: readonly CashFlow[] = [],
): CashFlow[] {
  const flows: CashFlow[] = [];
  let marketValue = 0;
  for (const a of assets) {
    if (a.marketValue === null || a.value === null) continue;
    flows.push({ amount: -a.value, date: a.DoA });
    marketValue += a.marketValue;
  }
  flows.push(...dividends);
  flows.push({ amount: marketValue, date: valuationDate });
  return flows;
}

/** The grid a multi-root search scans: 1 + r = 2^(k/16), k = −320 … 160 (r from −99.9999 % to +102,300 %). */
const ROOT_GRID = Array.from({ length: 481 }, (_, i) => 2 ** ((i - 320) / 16) - 1);

/** Sign changes of a sequence, zeros skipped. */
function signChanges(values: readonly number[]): number {
  let changes = 0;
  let last = 0;
  for (const v of values) {
    const sign = Math.sign(v);
    if (sign === 0) continue;
    if (last !== 0 && sign !== last) changes++;
    last = sign;
  }
  return changes;
}

/**
 * An upper bound on the number of rates in (−100 %, ∞) where the NPV is 0 (Laguerre's rule of signs): with
 * same-day flows added together in date order, the sign changes of the running sums from the first flow
 * bound the roots above 0 %, those of the running sums from the last flow backwards the roots below 0 %,
 * and a total of exactly 0 is a root at 0 %.
 */
export function xirrRootBound(flows: readonly CashFlow[]): number {
  const dated: Array<{ day: number; amount: number }> = [];
  for (const f of flows) if (f.amount !== 0 && Number.isFinite(f.amount)) dated.push({ day: dayOf(f), amount: f.amount });
  dated.sort((a, b) => a.day - b.day);
  const amounts: number[] = [];
  for (let i = 0; i < dated.length; i++) {
    if (i > 0 && dated[i].day === dated[i - 1].day) amounts[amounts.length - 1] += dated[i].amount;
    else amounts.push(dated[i].amount);
  }
  const forward: number[] = [];
  let sum = 0;
  for (const a of amounts) {
    sum += a;
    forward.push(sum);
  }
  const backward: number[] = [];
  sum = 0;
  for (let i = amounts.length - 1; i >= 0; i--) {
    sum += amounts[i];
    backward.push(sum);
  }
  return signChanges(forward) + signChanges(backward) + (amounts.length > 0 && forward[forward.length - 1] === 0 ? 1 : 0);
}

/**
 * Every rate where the NPV crosses 0: when Laguerre's bound allows more than one, each sign change of the
 * scaled NPV between neighbours on ROOT_GRID refined by bisection; `rate` (the reported one) is added when
 * not among them. Ascending, as fractions.
 */
export function xirrRoots(flows: readonly CashFlow[], rate: number | null): number[] {
  if (rate === null) return [];
  if (xirrRootBound(flows) <= 1) return [rate];
  const amounts: number[] = [];
  const dayNumbers: number[] = [];
  for (const f of flows) {
    if (f.amount === 0 || !Number.isFinite(f.amount)) continue;
    amounts.push(f.amount);
    dayNumbers.push(dayOf(f));
  }
  const first = Math.min(...dayNumbers);
  const years = dayNumbers.map((d) => (d - first) / 365);
  const span = Math.max(...years);
  const roots: number[] = [];
  let lo = ROOT_GRID[0];
  let fLo = scaledNpv(amounts, years, span, lo);
  for (let k = 1; k < ROOT_GRID.length; k++) {
    const hi = ROOT_GRID[k];
    const fHi = scaledNpv(amounts, years, span, hi);
    if (fLo === 0) roots.push(lo);
    else if (fHi !== 0 && Math.sign(fLo) !== Math.sign(fHi)) roots.push(bisect(amounts, years, span, lo, hi, fLo));
    lo = hi;
    fLo = fHi;
  }
  if (!roots.some((r) => Math.abs(r - rate) <= 1e-6 * Math.max(1, Math.abs(rate)))) roots.push(rate);
  return roots.sort((a, b) => a - b);
}
