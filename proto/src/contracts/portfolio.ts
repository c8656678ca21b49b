/**
 * The portfolio service's calls (spec §7): saving, reading, renaming, sharing and deleting portfolios, the
 * community list, moderation and the visitors' playground.
 */
import { Type } from "typebox";
import { CommunityQuery, CommunityReply } from "../community.ts";
import { contract, type ServiceContracts } from "../contract.ts";
import { ErrorCodes } from "../error-codes.ts";
import { ErrorReply } from "../errors.ts";
import { ModerationBody, ModerationLogReply, ModerationNotice, ModerationReply } from "../moderation.ts";
import { PlaygroundBody, PlaygroundReply } from "../playground.ts";
import {
  MessageReply,
  NokReply,
  PortfolioReply,
  PortfoliosAndAssetsReply,
  RenameBody,
  SaveBody,
  SaveRefusedReply,
  SaveReply,
  SettingsBody,
} from "../portfolio.ts";
import { Routes } from "../routes.ts";

const routes = Routes.portfolio;

/** Any string: a slug that was never issued is simply not found (or, on save, not the caller's). */
export const SlugParams = Type.Object({ slug: Type.String({ minLength: 1, maxLength: 200 }) });

/** A change only the owner may make: 403 for anyone else, 404 for a slug that is not there. */
const ownerOnly = { 400: ErrorReply, 403: NokReply, 404: ErrorReply } as const;
/** a patch that keeps losing races to other writers ends in a 409 */
const patched = { ...ownerOnly, 409: NokReply } as const;
const moderationRefusals = { 400: ErrorReply, 403: ErrorReply, 404: ErrorReply, 409: ErrorReply } as const;
const { forbidden, notFound, conflict, versionConflict, invalidAsset, tooManyPortfolios } = ErrorCodes;

export const PortfolioContracts = {
  save: contract(routes.save, {
    params: SlugParams,
    body: SaveBody,
    reply: { 200: SaveReply, 400: SaveRefusedReply, 409: NokReply, 503: ErrorReply },
    errors: [invalidAsset, versionConflict, tooManyPortfolios],
  }),
  get: contract(routes.get, { params: SlugParams, reply: { 200: PortfolioReply, 400: ErrorReply, 404: ErrorReply }, errors: [notFound] }),
  cachable: contract(routes.cachable, {
    params: SlugParams,
    reply: { 200: PortfolioReply, 400: ErrorReply, 404: ErrorReply },
    errors: [notFound],
  }),
  list: contract(routes.list, { reply: { 200: PortfoliosAndAssetsReply } }),
  remove: contract(routes.remove, { params: SlugParams, reply: { 200: MessageReply, ...ownerOnly }, errors: [forbidden, notFound] }),
  rename: contract(routes.rename, {
    params: SlugParams,
    body: RenameBody,
    reply: { 200: MessageReply, ...patched },
    errors: [forbidden, notFound, versionConflict],
  }),
  updateSettings: contract(routes.updateSettings, {
    params: SlugParams,
    body: SettingsBody,
    reply: { 200: MessageReply, ...patched },
    errors: [forbidden, notFound, versionConflict],
  }),
  community: contract(routes.community, { query: CommunityQuery, reply: { 200: CommunityReply } }),
  unlist: contract(routes.unlist, {
    params: SlugParams,
    body: ModerationBody,
    reply: { 200: ModerationReply, ...moderationRefusals },
    errors: [forbidden, notFound, conflict],
  }),
  restore: contract(routes.restore, {
    params: SlugParams,
    body: ModerationBody,
    reply: { 200: ModerationReply, ...moderationRefusals },
    errors: [forbidden, notFound, conflict],
  }),
  moderationLog: contract(routes.moderationLog, { reply: { 200: ModerationLogReply, 403: ErrorReply }, errors: [forbidden] }),
  moderationNotice: contract(routes.moderationNotice, {
    params: SlugParams,
    reply: { 200: ModerationNotice, 403: ErrorReply, 404: ErrorReply },
    errors: [forbidden, notFound],
  }),
  playground: contract(routes.playground, {
    body: PlaygroundBody,
    reply: { 200: PlaygroundReply, 400: SaveRefusedReply, 429: ErrorReply, 503: ErrorReply },
    errors: [invalidAsset],
  }),
} satisfies ServiceContracts<typeof routes>;
