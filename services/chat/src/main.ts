import { runService } from "@folio/platform/run";
import { createChatService } from "./service.ts";

await runService("chat", createChatService);
