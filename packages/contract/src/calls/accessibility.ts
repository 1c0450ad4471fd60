import { z } from 'zod';
import { accessibilityStatement as statement } from '../accessibility.js';
import { defineCall } from '../call.js';
import { shopUrl } from '../envelope.js';
import { lang } from './shared.js';

// The shop's accessibility statement (issue 35, ADR 043): public, like the shop's configuration.

export const accessibilityStatement = defineCall({
  method: 'GET',
  base: 'go',
  name: 'accessibilityStatement',
  auth: false,
  payload: z.object({ shop_url: shopUrl, lang }),
  answer: statement,
});
