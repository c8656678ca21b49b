import "./achievements.css";
import { useEffect, useId } from "react";
import { useAppDispatch, useAppSelector } from "../../app/hooks.ts";
import { achievementsPanelOpened, loadAchievements, selectAchievementStep } from "./achievementsSlice.ts";
import { ACHIEVEMENT_COUNT, nextStep } from "./steps.ts";

/**
 * The dashboard's summary: how far the user is and what comes next; opens the panel. With
 * `fetchIfUnknown` false it shows only progress already known (stored, or just registered).
 */
export function AchievementsCard({ fetchIfUnknown = true }: { fetchIfUnknown?: boolean }) {
  const dispatch = useAppDispatch();
  const step = useAppSelector(selectAchievementStep);
  const titleId = useId();

  useEffect(() => {
    void dispatch(loadAchievements({ fetch: fetchIfUnknown }));
  }, [dispatch, fetchIfUnknown]);

  if (step === null) return null;
  const next = nextStep(step);
  return (
    <section className="card achievements-card" aria-labelledby={titleId}>
      <h2 id={titleId}>Achievements</h2>
      <p>
        <strong>
          {step} of {ACHIEVEMENT_COUNT} steps done
        </strong>
      </p>
      <progress max={ACHIEVEMENT_COUNT} value={step} aria-label="Achievement progress" />
      <p className="muted">{next ? `Next: ${next}` : "Every step done. Well played!"}</p>
      <button type="button" className="button secondary" onClick={() => dispatch(achievementsPanelOpened())}>
        See all steps
      </button>
    </section>
  );
}
