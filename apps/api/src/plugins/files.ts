import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type FileStorage, openFileStorage } from '../lib/files/storage';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where stored files live: DATA_DIR/files, or the S3 bucket of S3_URL. */
    files: FileStorage;
  }
}

/** Opens the file storage the configuration names, before the database: seeding stores files too. */
export const filesPlugin = fp(async (app: FastifyInstance) => {
  const storage = await openFileStorage(app.config);
  app.decorate('files', storage);
  app.log.info({ location: storage.location }, 'stored files are kept here');
  app.addHook('onClose', async () => storage.close());
});
