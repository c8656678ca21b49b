/**
 * vitest globalSetup: a MongoDB for the MongoStore and GridFS blob store contract suites; provides `mongoUrl` ("" when none).
 * MONGO_URL, when set, is used as is (it must be a replica set: the store commits in transactions).
 * Otherwise, when testcontainers finds a Docker engine, starts `mongo:7` as a single-node replica set.
 * MongoDB is the one dependency that is never required: without it the suite is skipped with a message,
 * even in CI (the CI workflow sets MONGO_URL to a service container).
 */
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** mongodb://… of a replica-set MongoDB for tests, or "" when none is available */
    mongoUrl: string;
  }
}

const SKIPPED = "MongoDB unavailable (set MONGO_URL or run Docker): the MongoDB store and GridFS blob store contract suites skipped";
/** Looking for a Docker socket is quick when there is none; this bounds an engine that does not answer. */
const DOCKER_PROBE_MS = 5_000;
const PRIMARY_TIMEOUT_MS = 30_000;

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function startMongoContainer(): Promise<{ url: string; stop: () => Promise<void> } | null> {
  const { GenericContainer, Wait, getContainerRuntimeClient } = await import("testcontainers");
  try {
    await withTimeout(getContainerRuntimeClient(), DOCKER_PROBE_MS, "looking for Docker");
  } catch {
    return null;
  }
  const container = await new GenericContainer("mongo:7")
    .withCommand(["--replSet", "rs0", "--bind_ip_all"])
    .withExposedPorts(27017)
    .withWaitStrategy(Wait.forLogMessage(/waiting for connections/i))
    .withStartupTimeout(120_000)
    .start();
  try {
    // The member's host is as seen from inside the container; clients use directConnection, so they
    // never try to reach it by that name.
    const initiated = await container.exec([
      "mongosh",
      "--quiet",
      "--eval",
      "rs.initiate({ _id: 'rs0', members: [{ _id: 0, host: '127.0.0.1:27017' }] }).ok",
    ]);
    if (initiated.exitCode !== 0) throw new Error(`rs.initiate failed: ${initiated.output.trim()}`);
    const deadline = Date.now() + PRIMARY_TIMEOUT_MS;
    for (;;) {
      const hello = await container.exec(["mongosh", "--quiet", "--eval", "db.hello().isWritablePrimary"]);
      if (hello.stdout.trim() === "true") break;
      if (Date.now() > deadline) throw new Error("the replica set did not elect a primary in time");
      await new Promise((r) => setTimeout(r, 250));
    }
  } catch (err) {
    await container.stop();
    throw err;
  }
  return {
    url: `mongodb://${container.getHost()}:${container.getMappedPort(27017)}/?directConnection=true`,
    stop: async () => void (await container.stop()),
  };
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (process.env.MONGO_URL) {
    project.provide("mongoUrl", process.env.MONGO_URL);
    return undefined;
  }
  let started: Awaited<ReturnType<typeof startMongoContainer>> = null;
  try {
    started = await startMongoContainer();
  } catch (err) {
    console.warn(`${SKIPPED} (Docker is there but the mongo:7 container failed: ${(err as Error).message})`);
    project.provide("mongoUrl", "");
    return undefined;
  }
  if (!started) {
    console.warn(SKIPPED);
    project.provide("mongoUrl", "");
    return undefined;
  }
  project.provide("mongoUrl", started.url);
  return started.stop;
}
