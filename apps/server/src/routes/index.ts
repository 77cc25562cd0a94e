import type { FastifyInstance } from 'fastify';
import apiKeyRoutes from './api-keys/index.ts';
import authRoutes from './auth/index.ts';
import configRoutes from './config/index.ts';
import currentLocationRoutes from './current-location/index.ts';
import databaseRoutes from './database/index.ts';
import deliveryAttemptRoutes from './delivery-attempts/index.ts';
import deliveryProofRoutes from './delivery-proof/index.ts';
import deliveryRequirementRoutes from './delivery-requirements/index.ts';
import deviceRoutes from './devices/index.ts';
import driverRoutes from './drivers/index.ts';
import stopOrderRoutes from './drivers/stop-order.ts';
import exportRoutes from './exports/index.ts';
import fleetRoutes from './fleet/index.ts';
import healthRoutes from './health/index.ts';
import notificationRoutes from './notifications/index.ts';
import webhookRoutes from './webhooks/index.ts';
import osmandRoutes from './osmand/index.ts';
import packageRoutes from './packages/index.ts';
import packageImportRoutes from './package-imports/index.ts';
import parseMapsLinkRoutes from './parse-maps-link/index.ts';
import pickupRequestRoutes from './pickup-requests/index.ts';
import proofFileRoutes from './proof-files/index.ts';
import readyRoutes from './ready/index.ts';
import schedulePickupRoutes from './schedule-pickup/index.ts';
import shareLinkRoutes from './share-links/index.ts';
import statsRoutes from './stats/index.ts';
import trackingRoutes from './tracking/index.ts';
import unsubscribeRoutes from './unsubscribe/index.ts';
import wsRoutes from './ws/index.ts';
import auditRoutes from './audit/index.ts';
import customerLinkRoutes from './customer-links/index.ts';
import customerActionRoutes from './customer-actions/index.ts';
import packageCustomerActionRoutes from './packages/customer-actions.ts';
import driverFeedbackRoutes from './drivers/feedback.ts';
import driverInstructionRoutes from './drivers/customer-instructions.ts';
import collectionRoutes from './collections/index.ts';
import figureRoutes from './figures/index.ts';
import driverDayRoutes from './figures/driver-day.ts';
import planningRoutes from './planning/index.ts';

/**
 * Every route plugin. A route lives in the folder named by the first segment of its URL after /api
 * (`/api/tracking/sms-setup` in tracking/, `/ws` in ws/; routes/folders.test.ts checks it); each route's access is
 * in auth/role-table.ts.
 */
export default async function routes(app: FastifyInstance): Promise<void> {
  await app.register(authRoutes);
  await app.register(apiKeyRoutes);
  await app.register(healthRoutes);
  await app.register(readyRoutes);
  await app.register(configRoutes);
  await app.register(driverRoutes);
  await app.register(parseMapsLinkRoutes);
  await app.register(packageRoutes);
  await app.register(statsRoutes);
  await app.register(databaseRoutes);
  await app.register(schedulePickupRoutes);
  await app.register(pickupRequestRoutes);
  await app.register(collectionRoutes);
  await app.register(figureRoutes);
  await app.register(driverDayRoutes);
  await app.register(currentLocationRoutes);
  await app.register(deviceRoutes);
  await app.register(trackingRoutes);
  await app.register(shareLinkRoutes);
  await app.register(osmandRoutes);
  await app.register(notificationRoutes);
  await app.register(webhookRoutes);
  await app.register(unsubscribeRoutes);
  await app.register(deliveryProofRoutes);
  await app.register(proofFileRoutes);
  await app.register(deliveryRequirementRoutes);
  await app.register(deliveryAttemptRoutes);
  await app.register(stopOrderRoutes);
  await app.register(exportRoutes);
  await app.register(packageImportRoutes);
  await app.register(fleetRoutes);
  await app.register(wsRoutes);
  await app.register(auditRoutes);
  await app.register(customerLinkRoutes);
  await app.register(customerActionRoutes);
  await app.register(packageCustomerActionRoutes);
  await app.register(driverFeedbackRoutes);
  await app.register(driverInstructionRoutes);
  await app.register(planningRoutes);
}
