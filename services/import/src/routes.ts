/**
 * The import paths (spec §7 and the broker-file route of issue 12), each for the signed-in caller only; the
 * check runs on the request line, before any upload is read.
 *
 * - POST /v2/import/portfolio/screenshot (multipart `image`): header checks at once (not an image, over
 *   10 MB or 40 megapixels, a decompression bomb, no pixels: 4xx), then the file waits under DATA_DIR for
 *   the `import.screenshot` job, and the POST waits for it (up to IMPORT_SCREENSHOT_WAIT_SECONDS) to answer
 *   the spec's `{message, errors}` itself (422/503 as the status route would). Past the bound, or when the
 *   client sends `Prefer: respond-async`, 202 `{jobId, state, statusUrl}`.
 * - GET /v2/import/portfolio/screenshot/{jobId}: the owner's job only (anyone else's id is a 404, as an id
 *   that does not exist): `{state, progress}` while queued or running; `{message, errors}` once read; 422
 *   with a hint when the screenshot had nothing to import; 503 when reading failed on our side.
 * - POST /v1/import/portfolio/screenshot `{fulltext}`: the same reading for text already recognised.
 * - POST /v1/upload/portfolio/screenshot (multipart `image`, the spec's `filedata` also accepted): kept for
 *   manual processing and announced to IMPORT_MANUAL_TO by e-mail; the spec's alert text. At most 10 and
 *   50 MB per user and UTC day (limits.ts): past them 429 with Retry-After.
 * - The broker-file routes (POST /v1/import/portfolio/file, the saved column mappings): file-routes.ts.
 */
import { callerOf } from "@folio/platform/http/auth";
import { HttpError, notConfigured, notFound, unavailable } from "@folio/platform/http/errors";
import { route } from "@folio/platform/http/route";
import { IMPORT_MAX_IMAGE_BYTES, ImportMessages } from "@folio/proto/constants";
import { ImportContracts as calls } from "@folio/proto/contracts/import";
import { ErrorCodes, ImportErrorCodes } from "@folio/proto/error-codes";
import type { ImportProblem, ScreenshotRow } from "@folio/proto/import";
import { urlOf } from "@folio/proto/routes";
import type { FastifyPluginAsync } from "fastify";
import { ManualProcessingFeature } from "./config.ts";
import type { ImportContext } from "./context.ts";
import { fileRoutes } from "./file-routes.ts";
import { failedOutcome, SCREENSHOT_ATTEMPTS, SCREENSHOT_QUEUE, toRow } from "./jobs.ts";
import { admitScreenshot, checkManualQuota, MAX_PENDING, reserveManualUpload } from "./limits.ts";
import { readForm } from "./multipart.ts";
import { checkImage, type ImageProblemCode } from "./ocr/input.ts";
import { holdingsFromLines } from "./screenshot.ts";
import type { ScreenshotRecord } from "./store.ts";

/** room for the multipart envelope around a file at the limit */
const FORM_OVERHEAD = 64 * 1024;

/** A screenshot refused before it is read: its status and its code in the registry. */
const IMAGE_PROBLEMS: Record<ImageProblemCode, [status: number, code: string]> = {
  too_large: [413, ImportErrorCodes.tooLarge],
  too_many_pixels: [413, ImportErrorCodes.tooManyPixels],
  decompression_bomb: [413, ImportErrorCodes.decompressionBomb],
  not_an_image: [415, ImportErrorCodes.notAnImage],
  empty: [400, ImportErrorCodes.emptyImage],
};

const imageProblem = (problem: ImageProblemCode, message: string) => new HttpError(...IMAGE_PROBLEMS[problem], message);

async function checkedImage(request: Parameters<typeof readForm>[0], fields: string[]) {
  let lastError: unknown;
  for (const field of fields) {
    try {
      const { file } = await readForm(request, field);
      const verdict = checkImage(file.bytes);
      if (!verdict.ok)
        throw imageProblem(
          verdict.problem.code,
          `${capital(verdict.problem.message)}. Send a PNG, JPEG or WebP screenshot up to 10 MB and 40 megapixels.`,
        );
      return { file, header: verdict.header };
    } catch (err) {
      lastError = err;
      if (!(err instanceof HttpError && err.statusCode === 400 && err.message.startsWith(`body/${field} is required`))) throw err;
    }
  }
  throw lastError;
}

const stillReading = () =>
  new HttpError(
    429,
    ErrorCodes.rateLimited,
    `${MAX_PENDING} of your screenshots are still being read: wait for them, then send this one again.`,
    {},
    { "retry-after": "10" },
  );

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** how often the waiting POST looks at its reading's record */
const WAIT_STEP_MS = 150;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** RFC 7240: `Prefer: respond-async` (among other preferences) asks for the 202 and the status route. */
export const respondAsync = (prefer: string | string[] | undefined): boolean =>
  [prefer ?? []].flat().some((p) => p.split(",").some((v) => v.trim().split(/\s*;/)[0].toLowerCase() === "respond-async"));

type Status =
  | { kind: "unknown" }
  | { kind: "lost" }
  | { kind: "completed"; message: ScreenshotRow[]; errors: ImportProblem[] }
  | { kind: "failed"; body: { error: string; code: string; hint: string; errors: ImportProblem[] } }
  | { kind: "pending"; state: "queued" | "running"; progress: number };

export function importRoutes(ctx: ImportContext): FastifyPluginAsync {
  const { deps, uploads, screenshots, settings } = ctx;
  /** A screenshot's reading as its owner may see it (anyone else's id is unknown, as an id that does not exist). */
  const statusOf = async (uid: string, jobId: string): Promise<Status> => {
    const record = /^[a-z0-9-]+$/.test(jobId) ? await screenshots.get(jobId) : null;
    if (!record || record.uid !== uid) return { kind: "unknown" };
    const outcome = record.outcome;
    if (outcome?.kind === "completed") return { kind: "completed", message: outcome.message, errors: outcome.errors };
    if (outcome?.kind === "failed")
      return { kind: "failed", body: { error: outcome.error, code: outcome.code, hint: outcome.hint, errors: outcome.errors } };
    const job = await deps.jobs.get(SCREENSHOT_QUEUE, jobId);
    if (!job || job.state === "failed" || job.state === "completed") return { kind: "lost" };
    const running = job.state === "active";
    return { kind: "pending", state: running ? "running" : "queued", progress: running ? Math.min(99, job.progress) : 0 };
  };
  return async (app) => {
    const imageUpload = {
      bodyLimit: IMPORT_MAX_IMAGE_BYTES + FORM_OVERHEAD,
      tooLarge: "The image is larger than 10 MB. Send a PNG, JPEG or WebP screenshot up to 10 MB.",
    };

    // a user at the limit already is answered on the request line, before the upload is received (the slot
    // below decides a race)
    const screenshotUpload = {
      ...imageUpload,
      beforeBody: async (request: Parameters<typeof callerOf>[0]) => {
        const { uid } = callerOf(request);
        if ((await screenshots.find({ uid })).filter((r) => !r.outcome).length >= MAX_PENDING) throw stillReading();
      },
    };
    route(app, calls.screenshot, screenshotUpload, async (request, reply) => {
      const { uid } = callerOf(request);
      const { file } = await checkedImage(request, ["image"]);
      const upload = await uploads.save("queue", file.bytes, "shot");
      try {
        // one of the user's MAX_PENDING slots, taken atomically with the record (limits.ts)
        const record: ScreenshotRecord = { _id: upload, uid, createdAt: deps.clock.now() };
        if (!(await admitScreenshot(deps.store, screenshots, ctx.slots, record))) throw stillReading();
        await deps.jobs.add(SCREENSHOT_QUEUE, { uid, upload }, { jobId: upload, attempts: SCREENSHOT_ATTEMPTS });
      } catch (err) {
        await uploads.remove("queue", upload);
        throw err;
      }
      const accepted = { jobId: upload, state: "queued" as const, statusUrl: urlOf(calls.screenshotStatus, { jobId: upload }) };
      if (respondAsync(request.headers.prefer)) return reply.code(202).header("preference-applied", "respond-async").send(accepted);
      // the spec's reply: wait for the reading (polling its record) up to the bound, then say where to look
      const deadline = Date.now() + settings.screenshotWaitMs;
      for (;;) {
        const status = await statusOf(uid, upload);
        if (status.kind === "completed") return reply.code(200).send({ message: status.message, errors: status.errors });
        if (status.kind === "failed") return reply.code(422).send(status.body);
        if (status.kind === "lost") throw unavailable(ImportMessages.importFailed);
        if (Date.now() >= deadline) return reply.code(202).send(accepted);
        await sleep(Date.now() + WAIT_STEP_MS > deadline ? Math.max(0, deadline - Date.now()) : WAIT_STEP_MS);
      }
    });

    route(app, calls.screenshotStatus, async (request, reply) => {
      const { uid } = callerOf(request);
      const { jobId } = request.params;
      const status = await statusOf(uid, jobId);
      if (status.kind === "completed")
        return { jobId, state: "completed" as const, progress: 100, message: status.message, errors: status.errors };
      if (status.kind === "failed") return reply.code(422).send({ ...status.body, jobId, state: "failed" as const });
      if (status.kind === "lost") throw unavailable(ImportMessages.importFailed);
      if (status.kind === "unknown") throw notFound(ImportMessages.jobNotFound);
      return { jobId, state: status.state, progress: status.progress };
    });

    route(app, calls.fulltext, async (request, reply) => {
      const lines = request.body.fulltext.split(/\r?\n/).map((text) => ({ text }));
      const { message, errors } = await holdingsFromLines(lines, ctx.search);
      const problems = errors.map((e) => (e.line ? { line: e.line, message: e.message } : { message: e.message }));
      if (message.length === 0) {
        const failed = failedOutcome(ImportErrorCodes.noHoldings, ImportMessages.noHoldings, problems);
        if (failed.kind === "failed")
          return reply.code(422).send({ error: failed.error, code: failed.code, hint: failed.hint, errors: failed.errors });
      }
      return { message: message.map(toRow), errors: problems };
    });

    // a user whose day is used up is answered on the request line: the upload is not received (limits.ts)
    const manualUpload = {
      ...imageUpload,
      beforeBody: async (request: Parameters<typeof callerOf>[0]) => {
        if (!settings.manualTo) return;
        const declared = Number(request.headers["content-length"]);
        await checkManualQuota(deps.cache, deps.clock, callerOf(request).uid, Number.isFinite(declared) ? declared : 0);
      },
    };
    route(app, calls.upload, manualUpload, async (request) => {
      const { uid, email } = callerOf(request);
      if (!settings.manualTo) {
        // a bad file is the user's mistake whatever the configuration: said first
        await checkedImage(request, ["image", "filedata"]);
        throw notConfigured(ManualProcessingFeature);
      }
      // what one user may send in a day (limits.ts), counted in the bytes sent and reserved before the upload
      // is read: past it a 429, and a flood of uploads costs no reading
      const sent = Buffer.isBuffer(request.body) ? request.body.length : 0;
      const quota = await reserveManualUpload(deps.cache, deps.clock, uid, sent);
      let checked: Awaited<ReturnType<typeof checkedImage>>;
      try {
        checked = await checkedImage(request, ["image", "filedata"]);
      } catch (err) {
        await quota.giveBack();
        throw err;
      }
      const { file, header } = checked;
      const extension = header.format === "jpeg" ? ".jpg" : `.${header.format}`;
      let id: string;
      try {
        id = await uploads.save("manual", file.bytes, "manual", extension);
      } catch (err) {
        await quota.giveBack();
        throw err;
      }
      try {
        await deps.mailer.send({
          to: settings.manualTo,
          subject: `Folio: a screenshot to import by hand (${id})`,
          text: [
            "A user sent a portfolio screenshot for manual processing.",
            "",
            `File: ${uploads.locate("manual", id)} (${header.format}, ${header.width} × ${header.height}, ${file.bytes.length} bytes)`,
            `User id: ${uid}`,
            `Reply to: ${email}`,
            `Received: ${new Date(deps.clock.now()).toISOString()}`,
            "",
            `The file is deleted ${Math.round(settings.manualRetentionMs / 86_400_000)} days after it was received.`,
          ].join("\n"),
        });
      } catch (err) {
        await uploads.remove("manual", id);
        await quota.giveBack();
        request.log.error({ err: (err as Error).message }, "import: manual upload mail failed");
        throw unavailable("The screenshot could not be sent for manual processing. Please try again later.");
      }
      return { message: ImportMessages.uploadReceived };
    });

    fileRoutes(app, ctx);
  };
}
