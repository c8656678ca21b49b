import type { Store } from "@folio/platform/store/port";

export const FREE_PLAN = "free";

/** A billing customer per account; the plan changes with Stripe checkout (billing issue). */
export interface Customer {
  _id: string;
  _v?: number;
  email: string;
  plan: string;
  since: string;
}

export const customers = (store: Store) => store.collection<Customer>("billing_customers", [{ fields: ["email"] }]);
