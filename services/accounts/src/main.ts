import { runService } from "@folio/platform/run";
import { createAccountsService } from "./service.ts";

await runService("accounts", createAccountsService);
