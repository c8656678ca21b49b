/**
 * The networth service's calls (spec §7): net worth (polled while `calculating`), its weekly history and the
 * biggest movers' figures, each for the signed-in caller only.
 */
import { Type } from "typebox";
import { contract, type ServiceContracts } from "../contract.ts";
import { BiggestMoversReply, NetWorthBody, NetWorthHistoryReply, NetWorthReply } from "../networth.ts";
import { Routes } from "../routes.ts";

const routes = Routes.networth;

export const NetworthContracts = {
  // the body is optional: the web may post nothing when it does not force
  netWorth: contract(routes.netWorth, { body: Type.Union([NetWorthBody, Type.Null()]), reply: { 200: NetWorthReply } }),
  history: contract(routes.history, { reply: { 200: NetWorthHistoryReply } }),
  // the figures and the factual report; the spec's POST /v1/biggest-movers (the chat service's) has the assistant write it
  moverFigures: contract(routes.moverFigures, { reply: { 200: BiggestMoversReply } }),
} satisfies ServiceContracts<typeof routes>;
