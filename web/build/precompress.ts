/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text file of the build, at the highest
 * levels (built once, served many times), so the edge sends them as they are (@fastify/static's
 * `preCompressed`) without compressing per request. A copy that would not be smaller is not written.
 */
import { readdirSync, statSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|map|webmanifest)$/;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

async function compressFile(path: string): Promise<string[]> {
  const source = await readFile(path);
  const copies: [string, Buffer][] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }).then((b): [string, Buffer] => [".br", b]),
    gzipped(source, { level: constants.Z_BEST_COMPRESSION }).then((b): [string, Buffer] => [".gz", b]),
  ]);
  const smaller = copies.filter(([, compressed]) => compressed.length < source.length);
  await Promise.all(smaller.map(([extension, compressed]) => writeFile(path + extension, compressed)));
  return smaller.map(([extension]) => path + extension);
}

/** Compresses every compressible file under `dir` (on libuv's thread pool, in parallel); returns the files written. */
export async function precompress(dir: string): Promise<string[]> {
  const written = await Promise.all(
    files(dir)
      .filter((p) => COMPRESSIBLE.test(p))
      .map(compressFile),
  );
  return written.flat();
}

export function precompressPlugin(): Plugin {
  let outDir = "";
  return {
    name: "folio-precompress",
    apply: "build",
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    async closeBundle() {
      const written = await precompress(outDir);
      this.info(`precompressed ${written.length} files (brotli and gzip)`);
    },
  };
}
