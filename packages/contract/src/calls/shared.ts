import { z } from 'zod';
import { id } from '../envelope.js';

export const empty = z.looseObject({});
export const ok = z.null();
export const lang = z.string().min(2).max(10).default('en');
export const orderRef = z.object({ order_id: id });
