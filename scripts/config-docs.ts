/**
 * docs/configuration.md, written from the schemas every process reads its environment with
 * (platform/src/config.ts and each service's src/config.ts): `npm run docs:config`. A test
 * (test/configuration.test.ts) fails when the file or .env.example falls behind the schemas.
 */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { ClusterEnvironment, PlatformEnvironment } from "../platform/src/config.ts";
import { configurationDocs, Env, environment } from "../platform/src/env.ts";
import { AccountsEnvironment } from "../services/accounts/src/config.ts";
import { AchievementsEnvironment } from "../services/achievements/src/config.ts";
import { BillingEnvironment } from "../services/billing/src/config.ts";
import { BrokerageEnvironment } from "../services/brokerage/src/config.ts";
import { ChatEnvironment } from "../services/chat/src/config.ts";
import { ImportEnvironment } from "../services/import/src/config.ts";
import { NetworthEnvironment } from "../services/networth/src/config.ts";
import { PortfolioEnvironment } from "../services/portfolio/src/config.ts";
import { PricingEnvironment } from "../services/pricing/src/config.ts";

/** What docker-compose.yml reads from .env for itself (the app never sees these names). */
export const ComposeEnvironment = environment(
  "Compose only",
  "Read by docker-compose.yml (from .env, which `make up` writes with fresh secrets), not by the app: it builds MONGO_URL and REDIS_URL from the credentials.",
  {
    MONGO_USER: Env.textOr({ default: "folio", description: "The cluster's MongoDB user." }),
    MONGO_PASSWORD: Env.text({
      secret: true,
      description: "The cluster's MongoDB password (letters and digits only: it goes into a URL).",
    }),
    REDIS_PASSWORD: Env.text({ secret: true, description: "The cluster's Redis password (letters and digits only: it goes into a URL)." }),
    FOLIO_TAG: Env.textOr({ default: "latest", description: "Tag of the image compose builds and runs (folio:<tag>)." }),
  },
);

/** Every schema, in the order the reference shows them. */
export const configurationSchemas = [
  PlatformEnvironment,
  ClusterEnvironment,
  AccountsEnvironment,
  AchievementsEnvironment,
  PortfolioEnvironment,
  PricingEnvironment,
  NetworthEnvironment,
  BrokerageEnvironment,
  BillingEnvironment,
  ChatEnvironment,
  ImportEnvironment,
  ComposeEnvironment,
] as const;

export const CONFIGURATION_DOCS = "docs/configuration.md";

const INTRO = `# Configuration

<!-- Written by \`npm run docs:config\` from the schemas (platform/src/config.ts, services/*/src/config.ts); do not edit by hand. -->

Folio reads its configuration from the environment, with the same names in the embedded app (\`npm start\`)
and the cluster (\`make up\`). Each service declares its variables once, as a schema in its \`src/config.ts\`;
the platform's loader (platform/src/env.ts) checks them at start and stops with a message naming the
variable when a value is wrong (exit code 78). Unset and empty mean the same: the default. Every variable is listed in
.env.example, which \`make up\` copies to .env with fresh secrets.

Secrets (marked below) may be given as \`<NAME>_FILE\`, a file holding the value (a Docker or Compose secret
such as /run/secrets/jwt_secret): compose passes each to the one service that uses it as a secret file,
never as an environment variable; setting both \`<NAME>\` and \`<NAME>_FILE\` stops the process. A feature
whose variables are unset answers 503 naming what to set, and the rest of the app works.

\`GET /healthz\` (liveness) and \`GET /readyz\` (readiness) answer on the gateway and on every service; the
OpenAPI document of the public API is at \`/docs\` (JSON at \`/docs/json\`), generated from the \`proto\` schemas.
`;

export const configurationReference = (): string => configurationDocs(configurationSchemas, INTRO);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(CONFIGURATION_DOCS, configurationReference());
  console.log(`wrote ${CONFIGURATION_DOCS}`);
}
