// Imported first by main.tsx: zod validates without compiling code, which the console's CSP would refuse.
import { z } from 'zod';

z.config({ jitless: true });
