import { z } from 'zod';
import { defineCall } from '../call.js';

// Proof photo uploads (spec §7), and the health answer.

export const getUploadKey = defineCall({
  method: 'GET',
  base: 'go',
  name: 'getUploadKey',
  auth: true,
  payload: z.object({ filename: z.string().trim().min(1).max(255) }),
  answer: z.object({ data: z.object({ url: z.string(), key: z.string(), output_url: z.string() }) }),
});

export const uploadCallback = defineCall({
  method: 'GET',
  base: 'go',
  name: 'callback',
  auth: true,
  payload: z.object({ url: z.string().min(1).max(2048) }),
  answer: z.object({
    ossUrl: z.string(),
    name: z.string(),
    size: z.number().int(),
    type: z.string(),
    path: z.string(),
  }),
});

export const health = z.object({ status: z.literal('ok'), db: z.literal('ok'), version: z.string() });
