import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { precompressPlugin } from "./build/precompress.ts";

const root = fileURLToPath(new URL(".", import.meta.url));
/** The embedded app (or the gateway) on its default port; the dev server forwards API paths to it. */
const backend = process.env.FOLIO_API_URL ?? "http://localhost:8080";
const proxied = ["/v1", "/v2", "/cachable", "/healthz", "/docs"];

export default defineConfig({
  root,
  plugins: [react(), precompressPlugin()],
  build: { outDir: "dist", emptyOutDir: true },
  server: {
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: backend, changeOrigin: true }])),
  },
});
