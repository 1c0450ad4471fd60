import { afterAll } from 'vitest';
import { closeSchemaPool } from './schema-pool.js';

// Registered for every test file of the node project (vitest.config.ts setupFiles).
afterAll(closeSchemaPool);
