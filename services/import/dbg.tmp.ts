import { readFileSync } from "node:fs";
import { readHoldings } from "./src/domain/screenshot/holdings.ts";
import { OcrEngine } from "./src/ocr/engine.ts";
import { prepareImage } from "./src/ocr/prepare.ts";

const e = new OcrEngine();
const p = await prepareImage(readFileSync(process.argv[2]));
for (const layout of ["sparse", "block"] as const) {
  const r = await e.read(p, layout);
  console.log("==", layout);
  console.log(r.text);
  console.log(JSON.stringify(readHoldings(r.lines).rows));
}
await e.close();
