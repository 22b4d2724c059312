// Every error leaves as one body: {success: false, error, detail}. Nothing else reaches a client.
import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiError, errorBody } from '../domain/errors.ts';

function fromFastifyError(error: FastifyError): ApiError | undefined {
  if (error.validation && error.validation.length > 0) {
    const [first] = error.validation;
    const context = error.validationContext ?? 'request';
    const where = first?.instancePath ? first.instancePath.slice(1).replaceAll('/', '.') : '';
    const missing = (first?.params as { missingProperty?: string } | undefined)?.missingProperty;
    const field = missing ?? (where || context);
    const message = missing ? 'is required' : (first?.message ?? 'is invalid');
    return new ApiError('invalid_request', `${field} ${message}`.trim());
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError('payload_too_large', 'the request body is too large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError('unsupported_media_type', 'send the body as application/json');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError('invalid_request', 'the JSON body is empty');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiError('invalid_request', 'the body is not valid JSON');
    default:
      break;
  }
  if (error instanceof SyntaxError || (error as { type?: string }).type === 'entity.parse.failed') {
    return new ApiError('invalid_request', 'the body is not valid JSON');
  }
  const status = error.statusCode ?? 500;
  if (status === 413) return new ApiError('payload_too_large', 'the request body is too large');
  if (status === 415) return new ApiError('unsupported_media_type', error.message);
  if (status >= 400 && status < 500) return new ApiError('invalid_request', error.message);
  return undefined;
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const apiError = error instanceof ApiError ? error : fromFastifyError(error);
    if (!apiError || apiError.status >= 500) {
      request.log.error({ err: error }, 'request failed');
    }
    const final = apiError ?? new ApiError('internal', 'internal error');
    return reply.code(final.status).type('application/json; charset=utf-8').send(errorBody(final));
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const error = new ApiError('not_found', `no route ${request.method} ${path}`);
    return reply.code(404).send(errorBody(error));
  });
}
