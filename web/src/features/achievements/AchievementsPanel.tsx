import "./achievements.css";
import { useEffect, useId } from "react";
import { useAppDispatch, useAppSelector } from "../../app/hooks.ts";
import { rememberPopup, wasLeftOpen } from "../../lib/popupPreference.ts";
import { selectSignedIn } from "../auth/authSlice.ts";
import { useWatchAchievementStateQuery } from "./achievementsApi.ts";
import {
  achievementsPanelClosed,
  achievementsPanelOpened,
  clearAchievements,
  loadAchievements,
  nextStepShown,
  refreshAchievements,
  rememberAchievements,
  selectAchievementStep,
  selectAchievementsPanelOpen,
  selectAchievementsUid,
  selectCelebration,
  selectCheckRequests,
  selectStepsToShow,
} from "./achievementsSlice.ts";
import { Confetti } from "./Confetti.tsx";
import { ACHIEVEMENT_COUNT, ACHIEVEMENT_STEPS } from "./steps.ts";

/**
 * When to ask the server after an action it observes: its event reaches the achievements service a moment
 * after the reply (outbox relay, consumer), so once soon and once more in case it was slower.
 */
export const ACHIEVEMENT_REFRESH_DELAYS_MS = [1_000, 4_000];

/** Between two steps completed by one action: each gets its moment (and its confetti). */
export const ACHIEVEMENT_STEP_INTERVAL_MS = 2_500;

/** How long the notice of an advance stays up. */
export const ACHIEVEMENT_NOTICE_MS = 6_000;

/**
 * Mounted once in the layout: the panel, the follow-up reads after observed actions, and the local copy
 * of the progress, written whenever the store learns it (read, advanced, registered).
 */
export function Achievements() {
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector(selectSignedIn);
  const open = useAppSelector(selectAchievementsPanelOpen);
  const checks = useAppSelector(selectCheckRequests);
  const uid = useAppSelector(selectAchievementsUid);
  const step = useAppSelector(selectAchievementStep);
  const stepsToShow = useAppSelector(selectStepsToShow);
  const celebration = useAppSelector(selectCelebration);
  // the calls that may move the state invalidate the "AchievementState" tag: this watch hears of them
  useWatchAchievementStateQuery(undefined, { skip: !signedIn });

  useEffect(() => {
    if (uid !== null && step !== null) rememberAchievements(uid, step);
  }, [uid, step]);

  // the popup preference (lib/popupPreference.ts): a panel the user left open is open again on the next visit
  useEffect(() => {
    if (signedIn && wasLeftOpen("achievements")) dispatch(achievementsPanelOpened());
  }, [signedIn, dispatch]);

  // opened by hand (not an advance's notice): remembered as open
  useEffect(() => {
    if (signedIn && open && celebration === null) rememberPopup("achievements", "open");
  }, [signedIn, open, celebration]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each shown step starts the wait for the next
  useEffect(() => {
    if (!stepsToShow) return;
    const timer = setTimeout(() => dispatch(nextStepShown()), ACHIEVEMENT_STEP_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [stepsToShow, step, dispatch]);

  useEffect(() => {
    if (checks === 0) return;
    const timers = ACHIEVEMENT_REFRESH_DELAYS_MS.map((ms) => setTimeout(() => void dispatch(refreshAchievements()), ms));
    return () => {
      for (const timer of timers) clearTimeout(timer);
    };
  }, [checks, dispatch]);

  return signedIn && open ? <AchievementsPanel /> : null;
}

/**
 * Opened by an advance it is a small notice (the step just done, the progress) that closes itself;
 * opened by hand, or expanded, it lists every step. Not a dialog: it never blocks the page.
 */
function AchievementsPanel() {
  const dispatch = useAppDispatch();
  const step = useAppSelector(selectAchievementStep);
  const celebration = useAppSelector(selectCelebration);
  const titleId = useId();

  useEffect(() => {
    if (step === null) void dispatch(loadAchievements());
  }, [step, dispatch]);

  // the notice ends as the panel was before it: closed, or the full list when the user had left it open
  useEffect(() => {
    if (celebration === null) return;
    const timer = setTimeout(
      () => dispatch(wasLeftOpen("achievements") ? achievementsPanelOpened() : achievementsPanelClosed()),
      ACHIEVEMENT_NOTICE_MS,
    );
    return () => clearTimeout(timer);
  }, [celebration, dispatch]);

  const close = () => {
    rememberPopup("achievements", "closed");
    dispatch(achievementsPanelClosed());
  };
  const celebrating = celebration !== null && step !== null && step > 0;

  return (
    <aside className={`achievements-panel card${celebrating ? " notice" : ""}`} aria-labelledby={titleId}>
      {celebrating && <Confetti key={celebration} />}
      <div className="modal-header">
        <h2 id={titleId}>Achievements</h2>
        <button type="button" className="icon-button" aria-label="Close achievements" onClick={close}>
          ×
        </button>
      </div>
      {step === null ? (
        <p className="muted" role="status">
          Loading…
        </p>
      ) : celebrating ? (
        <>
          <p role="status">
            Step done: <strong>{ACHIEVEMENT_STEPS[step - 1]}</strong>
          </p>
          <StepsProgress step={step} />
          <button type="button" className="link" onClick={() => dispatch(achievementsPanelOpened())}>
            See all steps
          </button>
        </>
      ) : (
        <>
          <StepsProgress step={step} />
          <AchievementSteps step={step} />
          <div className="achievements-actions">
            <button
              type="button"
              className="link"
              title="Forget the progress kept in this browser and read it from the server again"
              onClick={() => void dispatch(clearAchievements())}
            >
              Clear
            </button>
          </div>
        </>
      )}
    </aside>
  );
}

function StepsProgress({ step }: { step: number }) {
  return (
    <>
      <p className="achievements-progress">
        <strong>
          {step} of {ACHIEVEMENT_COUNT} steps done
        </strong>
      </p>
      <progress max={ACHIEVEMENT_COUNT} value={step} aria-label="Achievement progress" />
    </>
  );
}

function AchievementSteps({ step }: { step: number }) {
  return (
    <ol className="achievement-steps">
      {ACHIEVEMENT_STEPS.map((name, index) => {
        const state = index < step ? "done" : index === step ? "next" : "todo";
        return (
          <li key={name} className={`achievement-step ${state}`} aria-current={state === "next" ? "step" : undefined}>
            <span className="achievement-mark" aria-hidden="true">
              {state === "done" ? "✓" : index + 1}
            </span>
            <span>{name}</span>
            {state === "done" && <span className="visually-hidden"> (done)</span>}
          </li>
        );
      })}
    </ol>
  );
}
