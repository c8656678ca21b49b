import { build } from "esbuild";
import { runtimePackages } from "./build-server.mjs";
const r = await build({ absWorkingDir: process.cwd(), entryPoints: { embedded: "gateway/src/embedded.ts" }, outdir: "/tmp/cs/out", bundle: true, platform: "node", format: "esm", target: "node20.19", splitting: true, metafile: true, write: true, logLevel: "error",
  plugins: [{ name: "ext", setup(b) { b.onResolve({ filter: /^[^./]/ }, (a) => { const n = a.path.split("/").slice(0, a.path.startsWith("@") ? 2 : 1).join("/"); return runtimePackages.includes(n) ? { path: a.path, external: true } : undefined; }); } }] });
const outs = r.metafile.outputs;
const key = Object.keys(outs).find((k) => k.endsWith("out/embedded.js"));
const seen = new Set(); const stack = [key]; const ext = new Set();
while (stack.length) { const k = stack.pop(); if (seen.has(k)) continue; seen.add(k); for (const i of outs[k].imports) { if (i.external && !i.path.startsWith("node:")) ext.add(i.path + " " + i.kind); if (i.kind === "import-statement" && outs[i.path]) stack.push(i.path); } }
console.log([...ext].join("\n"));
const bypkg = {}; let total = 0;
for (const k of seen) for (const [inp, v] of Object.entries(outs[k].inputs)) { const m = inp.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/); const p = m ? m[1] : inp.split("/").slice(0, 2).join("/"); bypkg[p] = (bypkg[p] ?? 0) + v.bytesInOutput; total += v.bytesInOutput; }
console.log("static total", total);
for (const [p, b] of Object.entries(bypkg).sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(b, p);
