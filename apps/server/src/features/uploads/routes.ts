import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import multipart from '@fastify/multipart';
import { fileTypeFromBuffer } from 'file-type';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uploads } from '../../db/schema.ts';
import { currentUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import type { ApiScope, Feature, FeatureDeps } from '../../platform/feature.ts';
import { readMultipartForm } from '../../platform/multipart.ts';
import { MAX_UPLOAD_BYTES, UPLOADS_URL_PREFIX, uploadsRoot } from '../../platform/uploaded-files.ts';
import { sha256 } from '../../platform/tokens.ts';

/** Only raster images: the type is read from the bytes, never from the name or the client's Content-Type. */
const ALLOWED_TYPES = new Map([
  ['image/jpeg', 'jpg'],
  ['image/png', 'png'],
  ['image/gif', 'gif'],
  ['image/webp', 'webp'],
]);

const uploadDir = z.string().regex(/^[a-z][a-z0-9_]{0,19}$/);

const uploadForm = z.object({
  file: z.string().meta({ format: 'binary' }).describe('The image'),
  upload_dir: uploadDir.optional().describe('Folder of the file, default "image"'),
});

export const uploadsFeature: Feature = async (api, deps) => {
  // The multipart parser in a scope of its own: it hooks every route of its scope (a listener on each response, a clean-up after it), and only this one reads multipart.
  await api.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 1024 } });
    registerUploadRoute(scope.withTypeProvider<ZodTypeProvider>(), deps);
  });
};

function registerUploadRoute(api: ApiScope, { ctx, guards }: FeatureDeps): void {
  api.post(
    '/user/upload',
    {
      schema: {
        tags: ['user'],
        summary: 'Upload an image (multipart: file, upload_dir default "image"); JPG, PNG, GIF or WEBP sniffed from the bytes, at most 5 MB; `message` is the file URL',
        consumes: ['multipart/form-data'],
        body: uploadForm,
      },
      // The body schema describes the form in the OpenAPI document; the parts are read and checked by the handler, as a stream.
      validatorCompiler: () => () => true,
      preHandler: guards.requireUser,
    },
    async (request) => {
      const user = currentUser(request);
      const form = await readMultipartForm(request);
      const file = form.files.get('file');
      const directory = form.fields.get('upload_dir') || 'image';
      if (!uploadDir.safeParse(directory).success) throw new AppError('validation.invalid', { field: { key: 'fields.upload_dir' } });
      if (!file || file.length === 0) throw new AppError('errors.fileMissing');
      const detected = await fileTypeFromBuffer(file);
      const extension = detected ? ALLOWED_TYPES.get(detected.mime) : undefined;
      if (!detected || !extension) throw new AppError('errors.fileTypeNotAllowed');

      const fileName = `${randomBytes(16).toString('hex')}.${extension}`;
      const folder = join(uploadsRoot(ctx.config), directory);
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, fileName), file, { flag: 'wx' });
      ctx.db
        .insert(uploads)
        .values({ userId: user.id, directory, fileName, mime: detected.mime, size: file.length, sha256: sha256(file), createdAt: ctx.now() })
        .run();
      return ok(`${UPLOADS_URL_PREFIX}${directory}/${fileName}`);
    },
  );
}
