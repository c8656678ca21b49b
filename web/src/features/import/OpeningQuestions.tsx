import type { FileQuestion, OpeningAnswer } from "@folio/proto/import";
import { useState } from "react";
import { cellNumber, numberText } from "./importRows.ts";

interface OpeningQuestionsProps {
  questions: FileQuestion[];
  busy: boolean;
  /** read the files again with these answers */
  onAnswer: (answers: OpeningAnswer[]) => void;
}

const key = (q: FileQuestion) => `${q.account}\u0000${q.key}`;

/**
 * A history that sells more than it shows bought started after the first buy: how many were held before its
 * first date? Each answer starts at the least the file allows (what the table assumes until answered).
 */
export function OpeningQuestions({ questions, busy, onAnswer }: OpeningQuestionsProps) {
  const [answers, setAnswers] = useState<Record<string, string>>(() =>
    Object.fromEntries(questions.map((q) => [key(q), numberText(q.answered ?? q.atLeast) || "0"])),
  );
  const wrong = questions.filter((q) => {
    const n = cellNumber(answers[key(q)] ?? "");
    return n === null || n < q.atLeast - 1e-9;
  });
  return (
    <form
      className="opening-questions card"
      aria-label="Shares held before the file"
      onSubmit={(e) => {
        e.preventDefault();
        if (wrong.length) return;
        onAnswer(questions.map((q) => ({ account: q.account, key: q.key, quantity: cellNumber(answers[key(q)] ?? "") ?? q.atLeast })));
      }}
    >
      <h2>Shares held before the file</h2>
      <p>
        This history starts after some holdings were bought: it sells or moves more than it shows bought. The table assumes the least the
        file allows; enter what you held the day before the file's first date, then read it again.
      </p>
      <ul>
        {questions.map((q) => {
          const id = `opening-${key(q).replace(/\W/g, "-")}`;
          const bad = wrong.includes(q);
          return (
            <li key={key(q)}>
              <label htmlFor={id}>
                <strong>{q.ticker}</strong>
                {q.name ? ` ${q.name}` : ""}
                {q.account ? <span className="muted"> · {q.account}</span> : null} held before {q.before}
              </label>
              <input
                id={id}
                inputMode="decimal"
                value={answers[key(q)] ?? ""}
                aria-invalid={bad}
                aria-describedby={`${id}-why`}
                onChange={(e) => setAnswers({ ...answers, [key(q)]: e.target.value })}
              />
              <p id={`${id}-why`} className="muted small">
                {q.line ? `Line ${q.line}: ` : ""}
                {q.message}. At least {numberText(q.atLeast) || "0"}.
              </p>
            </li>
          );
        })}
      </ul>
      {wrong.length > 0 && (
        <p role="alert" className="error">
          Each answer must be a number of at least what the file sells.
        </p>
      )}
      <button type="submit" className="button primary" disabled={busy || wrong.length > 0}>
        Read again with these
      </button>
    </form>
  );
}
