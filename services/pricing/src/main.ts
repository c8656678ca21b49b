import { runService } from "@folio/platform/run";
import { createPricingService } from "./service.ts";

await runService("pricing", createPricingService);
