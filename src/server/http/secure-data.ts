import type { FastifyInstance } from 'fastify';
import { infra } from '../../core/infra';
import { SecureEnvelope, securePaths } from '../../core/api/game';
import { SecureDataError } from '../../core/secure-data';
import { parseJsonText } from './json-body';
import { routePath } from './route-path';
import { encodeSecureDataNative, inflateSecureDataNative } from './secure-data-codec';
import { texts } from '../../core/texts';
import { HttpError } from './errors';

const secure = new Set<string>(securePaths);

/**
 * spec §7 secure paths: the request body arrives as {secureData} and is unwrapped before
 * validation; a successful JSON response leaves wrapped the same way (server-direction key).
 */
export function registerSecureData(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (request.method !== 'POST' || !secure.has(routePath(request))) return;
    const envelope = SecureEnvelope.safeParse(request.body);
    if (!envelope.success) throw new HttpError(400, `${texts.secureDataMalformed}: expected {secureData}`);
    let json: string;
    try {
      json = inflateSecureDataNative(envelope.data.secureData, 'client', infra.secureDataMaxInflatedBytes);
    } catch (error) {
      if (error instanceof SecureDataError) throw new HttpError(400, `${texts.secureDataMalformed}: ${error.message}`);
      throw error;
    }
    // The same parser as a plain body: duplicate and prototype keys are refused inside the envelope too.
    request.body = parseJsonText(json, 'secureData payload');
  });
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (request.method !== 'POST' || !secure.has(routePath(request))) return payload;
    if (reply.statusCode >= 300) return payload;
    return { secureData: encodeSecureDataNative(payload, 'server') };
  });
}
