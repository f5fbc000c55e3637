import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';

// Minimal registration so that route schemas are collected; the served
// documents and the interactive page are added in their own change.
export async function registerDocs(app: FastifyInstance, flavour: 'openapi' | 'swagger') {
  if (flavour === 'openapi') {
    await app.register(swagger, { openapi: { openapi: '3.1.0', info: { title: 'sample-utility-service', version: '1.0.0' } } });
    app.get('/openapi.json', { schema: { hide: true } as object }, async () => app.swagger());
  } else {
    await app.register(swagger, { swagger: { info: { title: 'sample-utility-service', version: '1.0.0' } } });
  }
}
