/**
 * The valuation threads (a WorkerPool, valuation-service.ts): each runs the tasks of valuation-task.ts, so a
 * large portfolio's figures never hold the service's event loop. Built as its own entry
 * (`dist/server/portfolio-valuation-worker.js`, scripts/build-server.mjs).
 */
import { serveTasks } from "@folio/platform/worker-task";
import { type PortfolioTask, runPortfolioTask } from "./valuation-task.ts";

serveTasks((task: PortfolioTask) => runPortfolioTask(task));
