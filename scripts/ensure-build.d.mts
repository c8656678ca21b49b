export function serverBuildNeeded(): string | undefined;
export function webBuildNeeded(): string | undefined;
export function ensureBuild(options?: { log?: (line: string) => void }): string[];
