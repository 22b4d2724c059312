// Every error leaves as one body: {success: false, error, detail}, with an x-request-id. Nothing
// else reaches a client, not even the answers the framework and Node's HTTP parser make themselves.
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, type ErrorCode, errorBody } from '../domain/errors.ts';

/** The router's limit on one path parameter (Fastify's default maxParamLength). */
export const MAX_PARAM_LENGTH = 100;

/** Route config naming the media types a route takes, for its 415 (default: application/json). */
export interface MediaTypesConfig {
  mediaTypes?: string;
}

function readableSize(bytes: number): string {
  return bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0
    ? `${bytes / (1024 * 1024)} MiB`
    : `${Math.round(bytes / 1024)} KiB`;
}

function unsupportedMediaType(request: FastifyRequest): ApiError {
  const accepted =
    (request.routeOptions.config as MediaTypesConfig | undefined)?.mediaTypes ?? 'application/json';
  const sent = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() || 'none';
  if (sent === 'image/svg+xml')
    return new ApiError('unsupported_media_type', `SVG (image/svg+xml) is not accepted: send ${accepted}`);
  return new ApiError(
    'unsupported_media_type',
    `content-type ${sent} is not accepted here: send ${accepted}`,
  );
}

function fromFastifyError(error: FastifyError, request: FastifyRequest): ApiError | undefined {
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
      return new ApiError(
        'payload_too_large',
        `the request body is larger than ${readableSize(request.routeOptions.bodyLimit)}`,
      );
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return unsupportedMediaType(request);
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
  if (status === 413)
    return new ApiError(
      'payload_too_large',
      `the request body is larger than ${readableSize(request.routeOptions.bodyLimit)}`,
    );
  if (status === 415) return unsupportedMediaType(request);
  if (status >= 400 && status < 500) return new ApiError('invalid_request', error.message);
  return undefined;
}

/** Refusals a client or an operator's wallet causes: logged at warn, one line, no stack. */
const EXPECTED_ABOVE_499: ReadonlySet<ErrorCode> = new Set([
  'wallet_rejected',
  'wallet_unavailable',
  'service_unavailable',
  'server_misconfigured',
]);

function send(request: FastifyRequest, reply: FastifyReply, error: ApiError) {
  return reply
    .header('x-request-id', request.id)
    .code(error.status)
    .type('application/json; charset=utf-8')
    .send(errorBody(error));
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const apiError = error instanceof ApiError ? error : fromFastifyError(error, request);
    if (!apiError || (apiError.status >= 500 && !EXPECTED_ABOVE_499.has(apiError.code))) {
      request.log.error({ err: error }, 'request failed');
    } else if (apiError.status >= 500) {
      request.log.warn({ error: apiError.code, detail: apiError.detail }, 'request refused');
    }
    return send(request, reply, apiError ?? new ApiError('internal', 'internal error'));
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] as string;
    const answered = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].filter(
      (method) => method !== request.method && app.findRoute({ method, url: path }) !== null,
    );
    const methods = answered.length > 0 ? `; this path answers ${answered.join(', ')}` : '';
    return send(request, reply, new ApiError('not_found', `no route ${request.method} ${path}${methods}`));
  });
}

/**
 * The router's own refusals (a path parameter over MAX_PARAM_LENGTH, a path that is not valid
 * percent-encoding), which no hook sees: the same body and request id as every other answer.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const apiError =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? new ApiError('invalid_request', `a path segment is longer than ${MAX_PARAM_LENGTH} characters`)
      : error.code === 'FST_ERR_BAD_URL'
        ? new ApiError('invalid_request', 'the path is not valid percent-encoding')
        : undefined;
  if (!apiError) request.log.error({ err: error }, 'request failed in the router');
  return send(request, reply, apiError ?? new ApiError('internal', 'internal error'));
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers over 16 KiB, a broken
 * request line): answered on the socket with the contract body and a fresh request id.
 */
export function clientErrorHandler(nextRequestId: () => string) {
  return (error: Error & { code?: string }, socket: Socket) => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const detail =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? 'the request line and headers are larger than 16 KiB'
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? 'the request was not received in time'
          : 'the request is not valid HTTP/1.1';
    const body = JSON.stringify(errorBody(new ApiError('invalid_request', detail)));
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 400 Bad Request\r\ncontent-type: application/json; charset=utf-8\r\n` +
          `content-length: ${Buffer.byteLength(body)}\r\nx-request-id: ${nextRequestId()}\r\n` +
          `connection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy(error);
  };
}
