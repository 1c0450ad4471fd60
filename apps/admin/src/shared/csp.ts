// Imported first by main.tsx, and built into zod's own chunk (vite.config.ts) so that it runs before any schema is
// made: zod validates without compiling code, which the console's CSP would refuse.
import { z } from 'zod';

z.config({ jitless: true });
