/** Every call's contract, service by service (routes.ts has their addresses). */
import type { AnyContract } from "../contract.ts";
import { AccountsContracts } from "./accounts.ts";
import { AchievementsContracts } from "./achievements.ts";
import { BillingContracts } from "./billing.ts";
import { BrokerageContracts } from "./brokerage.ts";
import { ChatContracts } from "./chat.ts";
import { ImportContracts } from "./import.ts";
import { NetworthContracts } from "./networth.ts";
import { PortfolioContracts } from "./portfolio.ts";
import { PricingContracts } from "./pricing.ts";

export const Contracts = {
  accounts: AccountsContracts,
  achievements: AchievementsContracts,
  portfolio: PortfolioContracts,
  pricing: PricingContracts,
  networth: NetworthContracts,
  brokerage: BrokerageContracts,
  billing: BillingContracts,
  chat: ChatContracts,
  import: ImportContracts,
} as const;

/** Every call's contract. */
export const allContracts: readonly AnyContract[] = Object.values(Contracts).flatMap((calls) => Object.values(calls) as AnyContract[]);
