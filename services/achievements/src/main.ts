import { runService } from "@folio/platform/run";
import { createAchievementsService } from "./service.ts";

await runService("achievements", createAchievementsService);
