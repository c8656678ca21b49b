import { IMPORT_IMAGE_TYPES, IMPORT_MAX_IMAGE_BYTES, ImportMessages } from "@folio/proto/constants";
import type { ImportProblem, ScreenshotRow } from "@folio/proto/import";
import { useEffect, useRef, useState } from "react";
import { DropZone } from "./DropZone.tsx";
import { importError, useLazyScreenshotStatusQuery, useStartScreenshotMutation, useUploadScreenshotMutation } from "./importApi.ts";
import { useUploadProgress } from "./useUploadProgress.ts";
import { Zoom } from "./Zoom.tsx";

export const STATUS_POLL_MS = 1000;

interface ScreenshotImportProps {
  onRows: (rows: ScreenshotRow[], errors: ImportProblem[]) => void;
}

type Phase = "idle" | "uploading" | "reading" | "done" | "failed";

/**
 * Spec §2/§4: the chosen screenshot's progress bar rises by 10 every 100 ms to 100; then the preview shows
 * (zoom 10–2000 %, default 150) and the screenshot is read on the server: the POST answers its rows (spec §7);
 * a reading that outlasts the server's wait answers 202, and its status is then polled each second.
 * A screenshot with nothing to import says why and offers manual processing.
 */
export function ScreenshotImport({ onRows }: ScreenshotImportProps) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [chosenCount, setChosenCount] = useState(0);
  const [phase, setPhase] = useState<Phase>("idle");
  const [reading, setReading] = useState(0);
  const [failure, setFailure] = useState<{ message: string; hint?: string } | null>(null);
  const [manual, setManual] = useState<string | null>(null);
  const [start] = useStartScreenshotMutation();
  const [status] = useLazyScreenshotStatusQuery();
  const [sendManual, { isLoading: sending }] = useUploadScreenshotMutation();
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const fail = (error: { message: string; hint?: string }) => {
    console.error("screenshot import failed:", error.message);
    setFailure(error);
    setPhase("failed");
  };

  const choose = (chosen: File) => {
    setFailure(null);
    setManual(null);
    setPreview(null);
    setReading(0);
    if (!(IMPORT_IMAGE_TYPES as readonly string[]).includes(chosen.type)) {
      fail({ message: "This file is not a PNG, JPEG or WebP image.", hint: "Choose a screenshot of your positions." });
      return;
    }
    if (chosen.size > IMPORT_MAX_IMAGE_BYTES) {
      fail({ message: "The image is larger than 10 MB.", hint: "Crop the screenshot or save it as JPEG." });
      return;
    }
    setFile(chosen);
    setPhase("uploading");
    setChosenCount((n) => n + 1);
    // the preview is a data: URL (the page's policy allows images from the app and data: only)
    const reader = new FileReader();
    reader.onload = () => alive.current && setPreview(String(reader.result));
    reader.readAsDataURL(chosen);
  };

  // the upload bar: +10 every 100 ms to 100, then the reading starts
  const upload = useUploadProgress(phase === "uploading", chosenCount, () => setPhase("reading"));

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per file reaching the reading phase
  useEffect(() => {
    if (phase !== "reading" || !file) return;
    let stopped = false;
    const poll = async (jobId: string) => {
      while (!stopped && alive.current) {
        const result = await status(jobId);
        if (stopped || !alive.current) return;
        if (result.error) return fail(importError(result.error, ImportMessages.importFailed));
        const s = result.data;
        if (!s) return fail({ message: ImportMessages.importFailed });
        setReading(s.progress);
        if (s.state === "completed") {
          setPhase("done");
          onRows(s.message ?? [], s.errors ?? []);
          return;
        }
        await new Promise((r) => setTimeout(r, STATUS_POLL_MS));
      }
    };
    (async () => {
      // the spec's contract: the POST answers the rows; past the server's wait it answers 202 and its status route
      const answer = await start(file);
      if (stopped) return;
      if (answer.error || !answer.data) return fail(importError(answer.error, ImportMessages.importFailed));
      if ("message" in answer.data) {
        setPhase("done");
        onRows(answer.data.message, answer.data.errors);
        return;
      }
      await poll(answer.data.jobId);
    })();
    return () => {
      stopped = true;
    };
  }, [phase, file]);

  const askManual = async () => {
    if (!file) return;
    const result = await sendManual(file);
    if (result.data) setManual(result.data.message);
    else fail(importError(result.error, ImportMessages.importFailed));
  };

  const busy = phase === "uploading" || phase === "reading";
  return (
    <div className="screenshot-import">
      <DropZone
        label="Choose a screenshot"
        accept={IMPORT_IMAGE_TYPES.join(",")}
        hint="A screenshot of your broker's positions: PNG, JPEG or WebP, up to 10 MB. It is read on our server and deleted once read."
        onFile={choose}
        disabled={busy}
      />
      {phase !== "idle" && file && (
        <div className="upload-progress">
          <span>{file.name}</span>
          <progress aria-label="Upload progress" max={100} value={upload} />
        </div>
      )}
      {upload >= 100 && preview && <Zoom src={preview} alt={`Preview of ${file?.name ?? "the screenshot"}`} />}
      {phase === "reading" && (
        <div className="upload-progress" aria-live="polite">
          <span>Reading the screenshot…{reading > 0 ? ` ${reading} %` : ""}</span>
          {/* no figure until the server reports one (a long reading's status): the bar moves without a value */}
          <progress aria-label="Reading progress" max={100} value={reading > 0 ? reading : undefined} />
        </div>
      )}
      {failure && (
        <div role="alert" className="import-error">
          <p>{failure.message}</p>
          {failure.hint && <p className="muted">{failure.hint}</p>}
          {file && !manual && (
            <button type="button" className="button secondary" disabled={sending} onClick={askManual}>
              Send it for manual processing
            </button>
          )}
        </div>
      )}
      {manual && (
        <p role="status" className="import-notice">
          {manual}
        </p>
      )}
    </div>
  );
}
