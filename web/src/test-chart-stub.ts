/**
 * The fast web project's extra setup (vitest.config.ts): every file there draws charts with the stand-in
 * (components/ApexChartStub.tsx), as the page tests that read charts already ask for. The files share one
 * module graph, so the same replacement has to hold for all of them; `npm test`'s `web` project runs each
 * file with only its own mocks.
 */
import { vi } from "vitest";

vi.mock("react-apexcharts", () => import("./components/ApexChartStub.tsx"));
