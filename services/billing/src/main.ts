import { runService } from "@folio/platform/run";
import { createBillingService } from "./service.ts";

await runService("billing", createBillingService);
