import { runService } from "@folio/platform/run";
import { createImportService } from "./service.ts";

await runService("import", createImportService);
