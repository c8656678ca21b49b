import { readFileSync } from "node:fs";
import { OcrEngine } from "./services/import/src/ocr/engine.ts";
const e = new OcrEngine();
let t = Date.now(); await e.warm(); console.log("warm", Date.now() - t);
for (const f of process.argv.slice(2)) {
  t = Date.now();
  const r = await e.read(readFileSync(`services/import/test/screenshots/${f}`));
  console.log(`=== ${f} ${Date.now() - t} ms`); console.log(r.text);
}
await e.close();
