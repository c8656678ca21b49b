import base from "./vitest.config.ts";
import { defineConfig } from "vitest/config";
const projects = (base.test?.projects as any[]).map((p) =>
  typeof p === "object" && String(p.test?.name).startsWith("fast-web")
    ? { ...p, test: { ...p.test, setupFiles: [...p.test.setupFiles, "src/prof-setup.ts"] } }
    : p,
);
export default defineConfig({ test: { projects } });
