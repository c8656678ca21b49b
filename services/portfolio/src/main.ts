import { runService } from "@folio/platform/run";
import { createPortfolioService } from "./service.ts";

await runService("portfolio", createPortfolioService);
