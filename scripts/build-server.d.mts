import type { BuildResult } from "esbuild";

export const repoRoot: string;
export const runtimePackages: string[];
export function packageName(path: string): string;
export function serverEntries(root?: string): Record<string, string>;
export function buildServer(options?: { outdir?: string; quiet?: boolean }): Promise<BuildResult>;
