import type { z } from 'zod';
import { accountPaths, ChangePasswordBody, ChooseUsernameBody } from './account';
import { apiKeyPaths, CreateApiKeyBody, RevokeApiKeyBody } from './api-keys';
import { LoginBody, RegisterBody } from './auth';
import { blockchainPaths, SubmitCodeBody } from './blockchain';
import { ChatHistoryQuery, ChatPostBody, ChatReadBody } from './chat';
import { dronePaths, DroneBuyBody, DroneHarvestBody } from './drone';
import {
  BuyDirectoryBody,
  ContentsQuery,
  ExitBody,
  filesystemPaths,
  HackBody,
  OperationBody,
  SshBody,
} from './filesystem';
import { ProgressBody, TapBatchBody } from './game';
import {
  BulkDestroyBody,
  DestroyCoreBody,
  DestroyGearBody,
  EquipBody,
  inventoryPaths,
  UseCoreBody,
  UseCoreParams,
} from './inventory';
import {
  BitQuery,
  ChangesQuery,
  gridPaths,
  PurchaseBody,
  SeasonParams,
  seasonPaths,
  SeasonsQuery,
  SetColorBody,
} from './kernel';
import { LeaderboardQuery } from './leaderboard';
import { BuyListingBody, CreateListingBody, ListingQuery, marketPaths, PriceQuery, RemoveListingBody } from './market';
import { CompleteMissionBody } from './missions';
import { OptimizerStartBody, optimizerPaths } from './optimizer';
import { ConversationQuery, DirectoryUserParams, PrivateMessageBody, ReadConversationBody } from './ping';
import { IgnoreBody, ReportBody, safetyPaths, UnignoreBody } from './safety';
import { CompletePurchaseBody, CreatePaymentIntentBody, TestPayBody, virusPaths } from './virus';

/** What one route reads from a request; a route missing here reads nothing (no query, body or path field). */
export interface RouteInputs {
  query?: z.ZodType;
  body?: z.ZodType;
  params?: z.ZodType;
}

/**
 * Every route that reads input, as `METHOD /path` (Fastify's pattern) → the schemas its handler parses with.
 * The test that walks every registered route sends hostile values into each field named here, so a new
 * route with inputs belongs in this table (docs/decisions/047-inputs-bus-replay-and-metrics.md).
 */
export const routeInputs: Record<string, RouteInputs> = {
  'POST /api/auth/register': { body: RegisterBody },
  'POST /api/auth/login': { body: LoginBody },
  [`POST ${accountPaths.password}`]: { body: ChangePasswordBody },
  [`POST ${accountPaths.username}`]: { body: ChooseUsernameBody },
  [`POST ${apiKeyPaths.create}`]: { body: CreateApiKeyBody },
  [`POST ${apiKeyPaths.revoke}`]: { body: RevokeApiKeyBody },
  'POST /api/game/tap-batch': { body: TapBatchBody },
  'POST /api/game/progress': { body: ProgressBody },
  'GET /api/leaderboard': { query: LeaderboardQuery },
  'GET /api/chat/messages': { query: ChatHistoryQuery },
  'POST /api/chat/messages': { body: ChatPostBody },
  'POST /api/chat/read': { body: ChatReadBody },
  'GET /api/directories/user/:username': { params: DirectoryUserParams },
  'GET /api/directories/messages': { query: ConversationQuery },
  'POST /api/directories/messages': { body: PrivateMessageBody },
  'POST /api/directories/read': { body: ReadConversationBody },
  'POST /api/missions/complete': { body: CompleteMissionBody },
  [`POST ${safetyPaths.ignores}`]: { body: IgnoreBody },
  [`POST ${safetyPaths.unignore}`]: { body: UnignoreBody },
  [`POST ${safetyPaths.reports}`]: { body: ReportBody },
  [`POST ${inventoryPaths.equip}`]: { body: EquipBody },
  [`POST ${inventoryPaths.destroyGear}`]: { body: DestroyGearBody },
  [`POST ${inventoryPaths.bulkDestroy}`]: { body: BulkDestroyBody },
  'POST /api/telnet-cores/:id/use': { params: UseCoreParams, body: UseCoreBody },
  [`POST ${inventoryPaths.destroyCore}`]: { body: DestroyCoreBody },
  [`GET ${marketPaths.listings}`]: { query: ListingQuery },
  [`GET ${marketPaths.prices}`]: { query: PriceQuery },
  [`POST ${marketPaths.create}`]: { body: CreateListingBody },
  [`POST ${marketPaths.buy}`]: { body: BuyListingBody },
  [`POST ${marketPaths.remove}`]: { body: RemoveListingBody },
  [`POST ${optimizerPaths.start}`]: { body: OptimizerStartBody },
  [`POST ${optimizerPaths.upgrade}`]: { body: OptimizerStartBody },
  [`POST ${optimizerPaths.collect}`]: { body: OptimizerStartBody },
  [`POST ${dronePaths.buy}`]: { body: DroneBuyBody },
  [`POST ${dronePaths.process}`]: { body: DroneHarvestBody },
  [`POST ${dronePaths.harvest}`]: { body: DroneHarvestBody },
  [`POST ${blockchainPaths.submit}`]: { body: SubmitCodeBody },
  [`POST ${filesystemPaths.ssh}`]: { body: SshBody },
  [`GET ${filesystemPaths.contents}`]: { query: ContentsQuery },
  [`POST ${filesystemPaths.operation}`]: { body: OperationBody },
  [`POST ${filesystemPaths.hackToken}`]: { body: HackBody },
  [`POST ${filesystemPaths.exit}`]: { body: ExitBody },
  [`POST ${filesystemPaths.buyDirectory}`]: { body: BuyDirectoryBody },
  [`POST ${gridPaths.setColor}`]: { body: SetColorBody },
  [`POST ${gridPaths.purchase}`]: { body: PurchaseBody },
  [`GET ${gridPaths.changes}`]: { query: ChangesQuery },
  [`GET ${gridPaths.bit}`]: { query: BitQuery },
  [`GET ${seasonPaths.list}`]: { query: SeasonsQuery },
  [`GET ${seasonPaths.image}`]: { params: SeasonParams },
  [`POST ${virusPaths.createIntent}`]: { body: CreatePaymentIntentBody },
  [`POST ${virusPaths.complete}`]: { body: CompletePurchaseBody },
  [`POST ${virusPaths.testPay}`]: { body: TestPayBody },
};
