/**
 * A public portfolio's name and description written into the HTML of its page, /p/{slug}.
 *
 * The web app draws a page only after its script, the page's chunk and the portfolio's data have arrived:
 * on a phone on a slow network the description, the page's largest text, showed about a second after the
 * top bar (Lighthouse's largest contentful paint, docs/web.md "Lighthouse"). With the two texts in the HTML it
 * shows with the first paint; the app keeps them on screen while the rest loads (web/src/app/prerendered.tsx)
 * and then draws the whole page over them.
 *
 * Only what anyone may read is written: the portfolio is read as a visitor (no credentials), so a private
 * portfolio, an unknown slug or any failure gives the plain page. Both texts are HTML-escaped: user text
 * reaches the page as text only. The read has a budget; past it the plain page goes out, and the app loads the
 * portfolio as before.
 */
import { gzipSync } from "node:zlib";
import { acceptsGzip } from "@folio/platform/http/encoded-reply";
import { INTERNAL_CLIENT } from "@folio/platform/http/rate-limit";
import { PORTFOLIO_PAGE_PATH } from "@folio/proto/constants";
import { escapeHtml } from "@folio/proto/html-text";
import { Routes, urlOf } from "@folio/proto/routes";
import type { FastifyReply, FastifyRequest } from "fastify";

/** the longest the page waits for the portfolio before going out without it */
export const PRERENDER_BUDGET_MS = 300;

const PORTFOLIO_PAGE = new RegExp(PORTFOLIO_PAGE_PATH);
/** the app's /p/new is a portfolio being made, not one to read */
const NOT_A_SLUG = "new";

export interface PrerenderedPortfolio {
  slug: string;
  name: string;
  description: string;
}

/** The slug of a portfolio page's path, decoded; null for any other path. */
export function portfolioSlugOf(path: string): string | null {
  const raw = PORTFOLIO_PAGE.exec(path)?.[1];
  if (!raw) return null;
  try {
    const slug = decodeURIComponent(raw);
    return slug === NOT_A_SLUG ? null : slug;
  } catch {
    return null;
  }
}

/**
 * index.html with the portfolio's name and description after the top bar, laid out as the app lays them out
 * (main.page > section.portfolio: a heading, then the description). Unchanged when the build's index.html
 * has no top bar to write after. The title stays the app's: the app never changes it, so a title naming the
 * portfolio would stay on every page the visitor goes to next.
 */
export function withPortfolio(html: string, portfolio: PrerenderedPortfolio): string {
  const shell = /(<div id="root">[\s\S]*?<\/header>)/;
  if (!shell.test(html)) return html;
  const name = escapeHtml(portfolio.name);
  const description = portfolio.description ? `<p>${escapeHtml(portfolio.description)}</p>` : "";
  const section =
    `<main class="page"><section class="portfolio" data-prerendered="${escapeHtml(portfolio.slug)}">` +
    `<div class="section-header"><div><h1>${name}</h1></div></div>${description}</section></main>`;
  return html.replace(shell, (head) => head + section);
}

/** The portfolio as a visitor reads it, or null: not public, not found, a failure, or past the budget. */
export async function readPublicPortfolio(request: FastifyRequest, slug: string): Promise<PrerenderedPortfolio | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), PRERENDER_BUDGET_MS);
  });
  // through the gateway's own public route, so it reaches the portfolio service as in either mode; the internal
  // address keeps it out of the edge's request limits (the page's own request was counted)
  const read = request.server
    .inject({ method: "GET", url: urlOf(Routes.portfolio.cachable, { slug }), remoteAddress: INTERNAL_CLIENT })
    .then((res) => {
      if (res.statusCode !== 200) return null;
      const body = res.json() as { data?: { pName?: unknown; pDescription?: unknown } };
      const name = typeof body.data?.pName === "string" && body.data.pName.trim() ? body.data.pName : "Untitled portfolio";
      const description = typeof body.data?.pDescription === "string" ? body.data.pDescription : "";
      return { slug, name, description };
    })
    .catch(() => null);
  try {
    return await Promise.race([read, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Sends the page, gzipped when the browser accepts it (the build's own copies cannot serve a page made here). */
export function sendPage(request: FastifyRequest, reply: FastifyReply, html: string) {
  reply.type("text/html; charset=utf-8").header("cache-control", "no-cache").header("vary", "Accept-Encoding");
  const body = Buffer.from(html, "utf8");
  if (!acceptsGzip(request.headers["accept-encoding"])) return reply.send(body);
  return reply.header("content-encoding", "gzip").send(gzipSync(body));
}
