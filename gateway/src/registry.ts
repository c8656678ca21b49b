/** Every service the product has, by name: what the embedded entry hosts and the cluster runs one each. */
import { createAccountsService } from "@folio/accounts";
import { createAchievementsService } from "@folio/achievements";
import { createBillingService } from "@folio/billing";
import { createBrokerageService } from "@folio/brokerage";
import { createChatService } from "@folio/chat";
import { createImportService } from "@folio/import";
import { createNetworthService } from "@folio/networth";
import type { ServiceDeps, ServiceModule } from "@folio/platform/service";
import { createPortfolioService } from "@folio/portfolio";
import { createPricingService } from "@folio/pricing";

export const serviceFactories: Record<string, (deps: ServiceDeps) => ServiceModule> = {
  accounts: createAccountsService,
  achievements: createAchievementsService,
  portfolio: createPortfolioService,
  pricing: createPricingService,
  networth: createNetworthService,
  brokerage: createBrokerageService,
  billing: createBillingService,
  chat: createChatService,
  import: createImportService,
};

export const serviceNames = Object.keys(serviceFactories);
