import { z } from 'zod';
import { defineCall } from '../call.js';
import { email, int, shopUrl } from '../envelope.js';
import { returnWindowDays } from '../order.js';
import { storeConfig, storeStyle, storeText } from '../store-config.js';
import { empty, lang, ok } from './shared.js';

// Signing in, signing out and the shop's portal configuration (spec §7).

export const loginCode = defineCall({
  method: 'POST',
  base: 'go',
  name: 'loginCode',
  auth: false,
  payload: z.object({ email, shop_url: shopUrl, lang }),
  answer: z.object({ expires_in: z.number().int() }),
});

export const login = defineCall({
  method: 'POST',
  base: 'go',
  name: 'login',
  auth: false,
  payload: z.object({
    email: z.string().trim().min(1).max(254),
    order_number: z.string().trim().max(64).default(''),
    code: z.string().trim().max(12).default(''),
    shop_url: shopUrl,
    origin: z.string().max(2048).default(''),
  }),
  answer: z.object({
    token: z.string(),
    expires_at: z.number().int(),
    email: z.string(),
    order_id: int.nullable(),
  }),
});

export const logout = defineCall({
  method: 'POST',
  base: 'go',
  name: 'logout',
  auth: true,
  payload: empty,
  answer: ok,
});

export const getConfig = defineCall({
  method: 'POST',
  base: 'go',
  name: 'getConfig',
  auth: false,
  payload: z.object({ shop_url: shopUrl, code: lang, sign: z.string().max(128) }),
  answer: storeConfig,
});

export const pageSetting = defineCall({
  method: 'POST',
  base: 'go',
  name: 'pageSetting',
  auth: false,
  payload: z.object({ shop_url: shopUrl, lang }),
  answer: z.object({ style: storeStyle, text: storeText }),
});

export const config = defineCall({
  method: 'POST',
  base: 'go',
  name: 'config',
  auth: true,
  payload: empty,
  answer: z.object({
    shop_url: z.string(),
    email: z.string(),
    order_id: int.nullable(),
    return_window_days: returnWindowDays,
    expires_at: z.number().int(),
    /** A gift recipient's session (ADR 044): `email` is the recipient's, where the return's credit goes. */
    gift: z.boolean().default(false),
  }),
});
