/**
 * The landing routes' code, asked for with the app's own script rather than after it.
 *
 * A page behind a lazy route (routes.tsx) used to wait for a chain: the HTML, then the app's script (the
 * largest file), then the page's chunk, then its API call. This plugin writes a small script (under 1 kB),
 * loaded from index.html before the app's, that looks at the address and adds `<link rel="modulepreload">`
 * (and `rel="preload"` for its stylesheets) for that page's chunks, so they download beside the app's
 * script. For a visitor on a portfolio page it also asks for the portfolio's public copy (cachable,
 * `max-age=60`), which the page's own request then takes from the browser's cache; on the community page (and
 * the visitor's dashboard, for its samples) it starts the list's call, which the page's request takes over
 * (src/app/earlyCall.ts): that list is revalidated on every load, so the browser's cache could not help.
 *
 * A file, not an inline script: the Content-Security-Policy allows scripts from 'self' only. `async`, so it
 * runs as soon as it arrives (a deferred module script would wait for the app's whole module graph).
 */
import type { Plugin } from "vite";

export interface PreloadedRoute {
  /** the path, as a regular expression over `location.pathname` */
  path: string;
  /** the page's module, relative to the web root, as routes.tsx imports it */
  module: string;
}

/** a visitor's first API call on a page, started by the script and taken by the page (src/app/earlyCall.ts) */
export interface EarlyCallRoute {
  path: string;
  /** path and query exactly as the page asks for it (a GET, revalidated: `cache: "no-cache"`) */
  url: string;
}

interface OutputChunkLike {
  type: "chunk";
  fileName: string;
  facadeModuleId: string | null;
  isEntry: boolean;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

type Bundle = Record<string, OutputChunkLike | { type: "asset"; fileName: string; source: string | Uint8Array }>;

/** The chunk and every chunk it imports statically, with their stylesheets. */
function closure(bundle: Bundle, fileName: string, seen = new Set<string>()): Set<string> {
  if (seen.has(fileName)) return seen;
  seen.add(fileName);
  const chunk = bundle[fileName];
  if (chunk?.type !== "chunk") return seen;
  for (const css of chunk.viteMetadata?.importedCss ?? []) seen.add(css);
  for (const imported of chunk.imports) closure(bundle, imported, seen);
  return seen;
}

/** The script's text: routes as [pattern, files], the files beside the app's own left out. */
export function preloadScript(
  routes: [string, string[]][],
  base: string,
  portfolioPattern: string,
  sessionKey: string,
  calls: EarlyCallRoute[],
  portfolioCall: string,
) {
  return `const routes=${JSON.stringify(routes)};
const path=location.pathname;
for(const [pattern,files] of routes){if(!new RegExp(pattern).test(path))continue;
for(const file of files){const link=document.createElement("link");
if(file.endsWith(".css")){link.rel="preload";link.as="style";}else{link.rel="modulepreload";}
link.href=${JSON.stringify(base)}+file;link.crossOrigin="";document.head.append(link);}break;}
const slug=new RegExp(${JSON.stringify(portfolioPattern)}).exec(path)?.[1];
let signedIn=true;try{signedIn=localStorage.getItem(${JSON.stringify(sessionKey)})!==null;}catch{}
if(slug&&slug!=="new"&&!signedIn)fetch(${JSON.stringify(portfolioCall)}+slug).catch(()=>undefined);
const call=signedIn?undefined:${JSON.stringify(calls.map((c) => [c.path, c.url]))}.find(([pattern])=>new RegExp(pattern).test(path));
if(call)window.folioEarlyCall={url:call[1],response:fetch(call[1],{cache:"no-cache"})};
`;
}

export function routePreloadPlugin(options: {
  routes: PreloadedRoute[];
  portfolioPattern: string;
  sessionKey: string;
  earlyCalls: EarlyCallRoute[];
  /** the start of a visitor's portfolio read (the cachable call's path before its slug) */
  portfolioCall: string;
}): Plugin {
  let base = "/";
  return {
    name: "folio-route-preload",
    apply: "build",
    enforce: "post",
    configResolved(config) {
      base = config.base;
    },
    generateBundle(_options, output) {
      const bundle = output as unknown as Bundle;
      const chunks = Object.values(bundle).filter((file): file is OutputChunkLike => file.type === "chunk");
      const entry = chunks.find((chunk) => chunk.isEntry);
      const html = bundle["index.html"];
      if (!entry || html?.type !== "asset") return;
      const loaded = closure(bundle, entry.fileName);
      const routes: [string, string[]][] = options.routes.map((route) => {
        const chunk = chunks.find((c) => c.facadeModuleId?.replaceAll("\\", "/").endsWith(`/${route.module}`));
        if (!chunk) throw new Error(`route preload: no chunk for ${route.module}`);
        return [route.path, [...closure(bundle, chunk.fileName)].filter((file) => !loaded.has(file))];
      });
      const source = preloadScript(routes, base, options.portfolioPattern, options.sessionKey, options.earlyCalls, options.portfolioCall);
      const fileName = this.getFileName(this.emitFile({ type: "asset", name: "preload.js", source }));
      const tag = `<script type="module" async crossorigin src="${base}${fileName}"></script>`;
      const text = String(html.source);
      const at = text.indexOf("<script");
      if (at < 0) throw new Error("route preload: index.html has no script");
      html.source = `${text.slice(0, at)}${tag}\n    ${text.slice(at)}`;
    },
  };
}
