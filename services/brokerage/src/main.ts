import { runService } from "@folio/platform/run";
import { createBrokerageService } from "./service.ts";

await runService("brokerage", createBrokerageService);
