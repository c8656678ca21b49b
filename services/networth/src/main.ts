import { runService } from "@folio/platform/run";
import { createNetworthService } from "./service.ts";

await runService("networth", createNetworthService);
