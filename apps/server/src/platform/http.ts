import { randomBytes } from 'node:crypto';
import { AmountPrecisionError, AmountRangeError, SpotPreviewError } from '@openbourse/core';
import { DEFAULT_LANGUAGE, type Language } from '@openbourse/i18n';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { failure } from './envelope.ts';
import { AppError } from './errors.ts';
import { hasMessage, type MessageKey, type MessageParams, resolveLanguage, translate } from './i18n.ts';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Language;
  }
}

/** How much a request may carry: any body, and an uploaded file (multipart). */
export interface RequestLimits {
  bodyBytes: number;
  uploadBytes: number;
}

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message: string;
  params: { origin?: string; maximum?: number | bigint; minimum?: number | bigint; expected?: string };
}

/** A refusal as the user reads it: the envelope type and a message key in the shared catalogue. */
interface Refusal {
  type: string;
  key: MessageKey;
  params?: MessageParams;
}

function requestLanguage(request: FastifyRequest): Language {
  // A URL Fastify could not route has no parsed query: its language is read from the raw query string.
  const query = request.query ?? Object.fromEntries(new URLSearchParams(request.url.split('?')[1] ?? ''));
  return resolveLanguage(query, request.body, request.headers['accept-language']);
}

function fieldLabel(language: Language, field: string): string {
  return hasMessage(`fields.${field}`) ? translate(language, `fields.${field}`) : field;
}

function sourceOf(request: FastifyRequest, context: string | undefined): unknown {
  return context === 'querystring' ? request.query : context === 'params' ? request.params : request.body;
}

/** Turns the first zod issue into one sentence in the caller's language, naming the field. */
function validationMessage(language: Language, issue: ValidationIssue, source: unknown): string {
  const field = issue.instancePath.split('/').filter(Boolean)[0] ?? '';
  // The body or query as a whole is not an object (a JSON array, a bare string): no field to name.
  if (!field) return translate(language, 'errors.parameterError');
  const label = fieldLabel(language, field);
  const value = source && typeof source === 'object' ? (source as Record<string, unknown>)[field] : undefined;
  const params = { field: label, max: Number(issue.params.maximum ?? 0), min: Number(issue.params.minimum ?? 0) };
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
    return translate(language, 'validation.required', params);
  }
  if (hasMessage(issue.message)) return translate(language, issue.message, params);
  const isText = issue.params.origin === 'string';
  switch (issue.keyword) {
    case 'too_big':
      return translate(language, isText ? 'validation.tooLong' : 'validation.outOfRange', params);
    case 'too_small':
      return translate(language, isText ? 'validation.tooShort' : 'validation.outOfRange', params);
    case 'invalid_type':
      return translate(language, issue.params.expected === 'int' ? 'validation.mustBeInteger' : 'validation.invalid', params);
    default:
      return translate(language, 'validation.invalid', params);
  }
}

/**
 * The errors packages/core raises for values it cannot represent, by class.
 * Input reaches them through arithmetic (a market buy of an enormous
 * quantity overflows its notional), so they mean "this amount is not
 * possible", never a fault of the server.
 */
function domainRefusal(error: unknown): MessageKey | undefined {
  if (error instanceof AmountRangeError) return 'errors.amountTooLarge';
  if (error instanceof AmountPrecisionError) return 'validation.amount';
  if (error instanceof SpotPreviewError) {
    if (error.reason === 'notional_overflow') return 'errors.amountTooLarge';
    return error.reason === 'invalid_price' ? 'validation.price' : 'validation.quantity';
  }
  return undefined;
}

const MEGABYTE = 1024 * 1024;

/**
 * Fastify's and its plugins' refusals of a request as it arrived, by code.
 * Malformed JSON, multipart cut short and the like are the caller's fault
 * and read as a parameter error; any other 4xx does too (see refusalOf).
 */
function requestRefusal(code: string, limits: RequestLimits): Refusal | undefined {
  switch (code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { type: 'error', key: 'errors.requestTooLarge', params: { megabytes: limits.bodyBytes / MEGABYTE } };
    case 'FST_REQ_FILE_TOO_LARGE':
      return { type: 'error', key: 'errors.fileTooLarge', params: { megabytes: limits.uploadBytes / MEGABYTE } };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return { type: 'error', key: 'errors.unsupportedContentType' };
    default:
      return undefined;
  }
}

/** What an error means to the caller, or undefined when it is a fault of the server. */
function refusalOf(error: FastifyError, limits: RequestLimits): Refusal | undefined {
  if (error instanceof AppError) return { type: error.envelopeType, key: error.key, params: error.params };
  const domain = domainRefusal(error);
  if (domain) return { type: 'error', key: domain };
  const request = typeof error.code === 'string' ? requestRefusal(error.code, limits) : undefined;
  if (request) return request;
  if (error.statusCode === 429) return { type: 'error', key: 'errors.tooManyRequests' };
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) return { type: 'error', key: 'errors.parameterError' };
  return undefined;
}

/**
 * The one place every failure becomes an envelope with HTTP 200: business
 * errors, invalid fields, core's range and precision errors, refused bodies
 * (too large, malformed, wrong content type). Anything else is a fault of
 * the server: it is logged with the request id, and the caller reads that id
 * in the message to quote to support; no stack trace or path leaves.
 */
function answerError(limits: RequestLimits) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const language = requestLanguage(request);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0] as unknown as ValidationIssue;
      reply.code(200).send(failure('error', validationMessage(language, issue, sourceOf(request, error.validationContext))));
      return;
    }
    const refusal = refusalOf(error, limits);
    if (refusal) {
      reply.code(200).send(failure(refusal.type, translate(language, refusal.key, refusal.params)));
      return;
    }
    request.log.error({ err: error }, 'unexpected error');
    reply.code(200).send(failure('error', translate(language, 'errors.unexpected', { requestId: String(request.id) })));
  };
}

/**
 * Request ids short enough to read out to support: a random prefix per
 * process (so ids stay unique across restarts) and a counter.
 */
function requestIds(): () => string {
  const processPrefix = randomBytes(3).toString('hex');
  let counter = 0;
  return () => {
    counter += 1;
    return `${processPrefix}-${counter.toString(36)}`;
  };
}

/** Server options that belong to envelope handling; pass them to Fastify() with the same limits as installEnvelopeHandling. */
export function envelopeServerOptions(limits: RequestLimits): Pick<FastifyServerOptions, 'bodyLimit' | 'genReqId' | 'frameworkErrors'> {
  return {
    bodyLimit: limits.bodyBytes,
    genReqId: requestIds(),
    // A URL Fastify cannot even route (a broken percent-escape) is bad input like any other.
    frameworkErrors: answerError(limits),
  };
}

/** Maps every failure onto the envelope (see answerError) and answers unknown routes with a 404 envelope. */
export function installEnvelopeHandling(app: FastifyInstance, limits: RequestLimits): void {
  app.decorateRequest('lang', DEFAULT_LANGUAGE);
  app.addHook('preHandler', async (request) => {
    request.lang = requestLanguage(request);
  });
  // Only forms, JSON and multipart are read; a text/plain body would reach the schemas as a bare string.
  app.removeContentTypeParser('text/plain');
  app.setErrorHandler(answerError(limits));
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send(failure('error', translate(requestLanguage(request), 'errors.routeNotFound')));
  });
}
