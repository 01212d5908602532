import { DEFAULT_LANGUAGE, type Language } from '@openbourse/i18n';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { failure } from './envelope.ts';
import { AppError } from './errors.ts';
import { hasMessage, resolveLanguage, translate } from './i18n.ts';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Language;
  }
}

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message: string;
  params: { origin?: string; maximum?: number | bigint; minimum?: number | bigint; expected?: string };
}

function requestLanguage(request: FastifyRequest): Language {
  return resolveLanguage(request.query, request.body, request.headers['accept-language']);
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
  const label = fieldLabel(language, field);
  const value = source && typeof source === 'object' ? (source as Record<string, unknown>)[field] : undefined;
  const params = { field: label, max: Number(issue.params.maximum ?? 0), min: Number(issue.params.minimum ?? 0) };
  if (field && (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))) {
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

const FILE_TOO_LARGE_CODES = new Set(['FST_REQ_FILE_TOO_LARGE', 'FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']);

/**
 * One place maps every failure onto the envelope: business errors and bad
 * input answer HTTP 200 with a localized message; only genuine faults are 500.
 */
export function installEnvelopeHandling(app: FastifyInstance, maxUploadMegabytes: number): void {
  app.decorateRequest('lang', DEFAULT_LANGUAGE);
  app.addHook('preHandler', async (request) => {
    request.lang = requestLanguage(request);
  });

  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const language = requestLanguage(request);
    if (error instanceof AppError) {
      return reply.code(200).send(failure(error.envelopeType, translate(language, error.key, error.params)));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0] as unknown as ValidationIssue;
      return reply.code(200).send(failure('error', validationMessage(language, issue, sourceOf(request, error.validationContext))));
    }
    if (FILE_TOO_LARGE_CODES.has(error.code) || error.statusCode === 413) {
      return reply.code(200).send(failure('error', translate(language, 'errors.fileTooLarge', { megabytes: maxUploadMegabytes })));
    }
    if (error.statusCode === 429) {
      return reply.code(200).send(failure('error', translate(language, 'errors.tooManyRequests')));
    }
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(200).send(failure('error', translate(language, 'errors.parameterError')));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(failure('error', translate(language, 'errors.serverBusy')));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send(failure('error', translate(requestLanguage(request), 'errors.routeNotFound')));
  });
}
