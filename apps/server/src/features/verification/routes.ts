import { ID_TYPES, realNameRule } from '@openbourse/core';
import { z } from 'zod';
import { currentUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import type { Feature } from '../../platform/feature.ts';
import { language, oneOf, optionalText } from '../../platform/fields.ts';
import { translate } from '../../platform/i18n.ts';
import { submitVerification, verificationDetails } from './service.ts';

const submissionBody = z.object({
  real_type: oneOf([1, 2]),
  id_type: z.preprocess((value) => (value === '' ? undefined : value), oneOf([ID_TYPES.idCard, ID_TYPES.passport, ID_TYPES.drivingLicence]).optional()),
  name: z.preprocess((value) => (value === '' ? undefined : value), realNameRule.optional()),
  card_id: optionalText(30),
  front_pic: optionalText(200),
  reverse_pic: optionalText(200),
  lang: language(),
});

export const verificationFeature: Feature = (api, { ctx, guards }) => {
  api.get(
    '/real/state',
    { schema: { tags: ['verification'], summary: 'Verification level and state (0 none, 1 in review, 2 verified, 3 failed) with each level\'s latest request', querystring: z.object({ lang: language() }) }, preHandler: guards.requireUser },
    async (request) => ok(verificationDetails(ctx.db, currentUser(request).id, request.lang)),
  );

  api.post(
    '/user/real',
    {
      schema: {
        tags: ['verification'],
        summary: 'Submit identity verification: real_type 1 (id_type 1 ID card, 2 passport, 3 driving licence; name; card_id; front_pic) or 2 (front_pic, reverse_pic)',
        body: submissionBody,
      },
      preHandler: guards.requireUser,
    },
    async (request) => {
      const { body } = request;
      submitVerification(ctx, currentUser(request).id, {
        realType: body.real_type as 1 | 2,
        idType: body.id_type as 1 | 2 | 3 | undefined,
        name: body.name,
        cardId: body.card_id,
        frontPic: body.front_pic,
        reversePic: body.reverse_pic,
      });
      return ok(translate(request.lang, 'success.verificationSubmitted'));
    },
  );
};
