import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

export interface MultipartForm {
  /** Text fields by name; the first value of a repeated name wins. */
  fields: Map<string, string>;
  /** Files by field name, read into memory (the multipart plugin's size limit applies); the first file of a repeated name wins. */
  files: Map<string, Buffer>;
}

/** The multipart plugin's own refusals (file too large, too many parts, not multipart) carry an HTTP status and are answered as they are. */
function isPluginRefusal(error: unknown): boolean {
  return error instanceof Error && typeof (error as { statusCode?: unknown }).statusCode === 'number';
}

/**
 * Reads a whole multipart request. The parser (busboy) reports a boundary
 * missing from the header or never found in the body, and a body cut short,
 * as plain errors, partly while a file is being read: they are all the
 * caller's malformed request, so they become a parameter error here, where
 * the whole read happens, instead of escaping as a fault of the server.
 */
export async function readMultipartForm(request: FastifyRequest): Promise<MultipartForm> {
  const form: MultipartForm = { fields: new Map(), files: new Map() };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (form.files.has(part.fieldname)) part.file.resume();
        else form.files.set(part.fieldname, await part.toBuffer());
      } else if (typeof part.value === 'string' && !form.fields.has(part.fieldname)) {
        form.fields.set(part.fieldname, part.value);
      }
    }
  } catch (error) {
    if (isPluginRefusal(error)) throw error;
    throw new AppError('errors.parameterError');
  }
  return form;
}
