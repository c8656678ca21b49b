import { randomUUID } from "node:crypto";
import mongoose from "mongoose";
import { afterAll, describe, inject, it } from "vitest";
import { GridFsBlobStore } from "../../src/blobs/gridfs.ts";
import { runBlobContract } from "./contract.ts";

const mongoUrl = inject("mongoUrl");

if (mongoUrl) {
  let admin: mongoose.Connection | undefined;
  const adminConnection = async () => {
    admin ??= await mongoose.createConnection(mongoUrl).asPromise();
    return admin;
  };
  afterAll(async () => {
    await admin?.close();
  });

  runBlobContract("MongoDB GridFS", async () => {
    const dbName = `folio_test_blobs_${randomUUID().replaceAll("-", "")}`;
    const store = new GridFsBlobStore(mongoUrl, dbName);
    const db = async () => (await adminConnection()).getClient().db(dbName);
    return {
      store,
      another: async () => new GridFsBlobStore(mongoUrl, dbName),
      age: async (bucket, key, ms) => {
        await (await db()).collection(`${bucket}.files`).updateMany({ filename: key }, { $set: { uploadDate: new Date(Date.now() - ms) } });
      },
      teardown: async () => {
        await store.close();
        await (await db()).dropDatabase();
      },
    };
  });
} else {
  describe("BlobStore contract: MongoDB GridFS", () => {
    it.skip("MongoDB unavailable (set MONGO_URL or run Docker)", () => {});
  });
}
