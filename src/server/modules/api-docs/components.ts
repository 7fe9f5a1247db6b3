import type { z } from 'zod';
import { apiErrorResponse } from '@shared/schemas/api-error';
import { apiTokenResponse } from '@shared/schemas/api-token';
import { deficiencyPhotoResponse, deficiencyResponse } from '@shared/schemas/deficiency';
import { inspectionInspectorResponse, inspectionResponse } from '@shared/schemas/inspection';
import { inspectorResponse } from '@shared/schemas/inspector';
import { complianceItemResponse, dashboardStatsResponse, propertyResponse } from '@shared/schemas/property';
import { reportResponse } from '@shared/schemas/report';
import { libraryRequirementResponse, nextDueResponse, requirementChangeResponse, requirementResponse } from '@shared/schemas/requirement';
import { webhookDeliveryResponse, webhookEndpointResponse } from '@shared/schemas/webhook';
import { messageResponse, successResponse } from '../../route-schema';

/** The reference's version: raised when an answer changes in a way a client would notice. */
export const API_VERSION = '1.0.0';

/** The shapes the reference names, referred to wherever they appear. */
export const API_COMPONENTS: Record<string, z.ZodType> = {
  Property: propertyResponse,
  ComplianceItem: complianceItemResponse,
  DashboardStats: dashboardStatsResponse,
  Inspection: inspectionResponse,
  InspectionInspector: inspectionInspectorResponse,
  NextDue: nextDueResponse,
  Deficiency: deficiencyResponse,
  DeficiencyPhoto: deficiencyPhotoResponse,
  Inspector: inspectorResponse,
  Requirement: requirementResponse,
  RequirementChange: requirementChangeResponse,
  LibraryRequirement: libraryRequirementResponse,
  Report: reportResponse,
  Webhook: webhookEndpointResponse,
  WebhookDelivery: webhookDeliveryResponse,
  ApiToken: apiTokenResponse,
  Success: successResponse,
  Message: messageResponse,
};

export const API_ERROR_SCHEMA = apiErrorResponse;

/** The reference's sections: the records first, the account's plumbing last. */
export const API_TAG_ORDER = ['Properties', 'Inspections', 'Deficiencies', 'Requirements', 'Devices', 'Walk-throughs', 'Offline', 'Inspectors', 'Reports', 'Share links', 'Dashboard', 'Insight', 'Undo', 'Webhooks', 'Calendar', 'Settings', 'Manager e-mail', 'Support', 'Plan', 'Account', 'API tokens', 'Billing', 'Reference'];
