import type { FastifyInstance } from 'fastify';
import type { AnyResource } from './types';

// Background jobs (exports) find a declaration again by name. Kept per app (keyed by its database
// handle, shared by every encapsulation context) so that several apps in one process — tests — never
// see each other's declarations.
const registries = new WeakMap<object, Map<string, AnyResource>>();

function registryOf(app: FastifyInstance) {
  let registry = registries.get(app.database);
  if (!registry) {
    registry = new Map();
    registries.set(app.database, registry);
  }
  return registry;
}

export function rememberResource(app: FastifyInstance, resource: AnyResource) {
  const registry = registryOf(app);
  if (registry.has(resource.name)) throw new Error(`two resources are named '${resource.name}'`);
  registry.set(resource.name, resource);
}

export function resourceNamed(app: FastifyInstance, name: string): AnyResource | undefined {
  return registryOf(app).get(name);
}
