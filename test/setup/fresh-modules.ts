// Set-up of every unit and integration file (vitest.config.ts). Those tiers' workers keep their
// thread or process from file to file (isolate: false), and vitest then keeps the modules a file
// imported for the next one. Mocks are undone after each file, but a module that imported a mock keeps it: a file that
// mocks 'electron' would otherwise get main/app's modules bound to the previous file's double.
// So each file imports the project's modules afresh, as in a worker of its own; the packages
// Node loaded natively (sharp, fastify, undici) stay loaded, which is where the time goes.
import { vi } from 'vitest';

vi.resetModules();
