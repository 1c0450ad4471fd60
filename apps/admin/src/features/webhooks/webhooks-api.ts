import {
  webhookEndpointBody,
  type WebhookEndpoint,
  type WebhookEventType,
  merchantUrl,
  webhookRoutes,
} from '@return-center/contract';
import type { z } from 'zod';
import { api, ApiError, merchantCall } from '../../shared/api';

/** Every webhook query starts with this key: a change to an endpoint refreshes its list and deliveries. */
export const HOOKS_KEY = ['webhooks'] as const;
export const deliveriesKey = (id: number, status: DeliveryFilter) => [...HOOKS_KEY, id, 'deliveries', status] as const;

export type DeliveryFilter = '' | 'pending' | 'succeeded' | 'failed';
export type EndpointBody = z.input<typeof webhookEndpointBody>;
export interface EndpointDraft {
  url: string;
  description: string;
  events: WebhookEventType[];
}

export const listEndpoints = async () => (await merchantCall(webhookRoutes.listWebhooks, undefined)).data.items;
export const createEndpoint = async (body: EndpointDraft) =>
  (await merchantCall(webhookRoutes.createWebhook, undefined, body)).data;
export const changeEndpoint = async (id: number, body: Partial<EndpointDraft> & { enabled?: boolean }) =>
  (await merchantCall(webhookRoutes.updateWebhook, id, body)).data;
export const rotateSecret = async (id: number) => (await merchantCall(webhookRoutes.rotateWebhookSecret, id)).data;
export const resendFailed = async (id: number) =>
  (await merchantCall(webhookRoutes.resendFailedWebhooks, id)).data.resent;
export const resendDelivery = async (id: number) => (await merchantCall(webhookRoutes.resendWebhookDelivery, id)).data;

/** An endpoint's latest deliveries, newest first, of one status or all. */
export async function listDeliveries(id: number, status: DeliveryFilter) {
  const query = status ? `?status=${status}` : '';
  const route = webhookRoutes.listWebhookDeliveries;
  return (await api(route.method, merchantUrl(route, id) + query, route.answer)).data.items;
}

/** Which field each problem is about: `url`, `description`, `events` (or `form` for the rest). */
export type FieldErrors = Partial<Record<keyof EndpointDraft | 'form', string>>;

/**
 * The problems of a draft as the contract's schema sees them, before anything is sent (empty when it is fine). The
 * messages are the console's own, by field.
 */
export function draftProblems(draft: EndpointDraft, say: (field: keyof EndpointDraft) => string): FieldErrors {
  const result = webhookEndpointBody.safeParse(draft);
  if (result.success) return {};
  const problems: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (field === 'url' || field === 'description' || field === 'events') problems[field] = say(field);
  }
  return problems;
}

/** The server's refusal by field (`data.errors` of a 400 or 422); what names no field is the form's. */
export function refusedFields(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return { form: error instanceof Error ? error.message : String(error) };
  const listed = (error.data as { errors?: { field: string; message: string }[] } | null)?.errors ?? [];
  const problems: FieldErrors = {};
  for (const { field, message } of listed) {
    const name = field.split('.')[0];
    if (name === 'url' || name === 'description' || name === 'events') problems[name] = message;
    else problems.form = message;
  }
  if (listed.length === 0) problems.form = error.message;
  return problems;
}

export const draftOf = (endpoint?: WebhookEndpoint): EndpointDraft => ({
  url: endpoint?.url ?? '',
  description: endpoint?.description ?? '',
  events: endpoint ? [...endpoint.events] : [],
});
