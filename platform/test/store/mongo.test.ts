import { randomUUID } from "node:crypto";
import mongoose from "mongoose";
import { afterAll, describe, inject, it } from "vitest";
import { MongoStore } from "../../src/store/mongo.ts";
import type { Store } from "../../src/store/port.ts";
import { runStoreContract } from "./contract.ts";

const mongoUrl = inject("mongoUrl");

if (mongoUrl) {
  // One connection to drop each test's database; each test gets its own, so tests never see each other.
  let admin: mongoose.Connection | undefined;
  const adminConnection = async () => {
    admin ??= await mongoose.createConnection(mongoUrl).asPromise();
    return admin;
  };
  afterAll(async () => {
    await admin?.close();
  });

  runStoreContract("MongoDB", async () => {
    const dbName = `folio_test_${randomUUID().replaceAll("-", "")}`;
    let current: Store = await MongoStore.connect(mongoUrl, { dbName });
    return {
      store: current,
      reopen: async () => {
        await current.close();
        current = await MongoStore.connect(mongoUrl, { dbName });
        return current;
      },
      teardown: async () => {
        await current.close();
        await (await adminConnection()).getClient().db(dbName).dropDatabase();
      },
    };
  });
} else {
  describe("Store contract: MongoDB", () => {
    it.skip("MongoDB unavailable (set MONGO_URL or run Docker)", () => {});
  });
}
