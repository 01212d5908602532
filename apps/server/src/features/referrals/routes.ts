import QRCode from 'qrcode';
import { z } from 'zod';
import { currentUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import type { Feature } from '../../platform/feature.ts';
import { language, pagination } from '../../platform/fields.ts';
import { createReferralService } from './service.ts';

const tags = ['invitations'];

/**
 * Invitations: the user's invite code (every user has one from registration;
 * `extension_code` at registration makes the inviter permanent), invitees and
 * the rebates they earned. Rebates are posted by `platform/rebates.ts` where
 * fees are charged.
 */
export const referralsFeature: Feature = (api, { ctx, guards }) => {
  const service = createReferralService(ctx);

  api.get(
    '/user/invite',
    { schema: { tags, summary: 'Your invite code and link (with its QR code as a PNG data URL), how many users you invited and the rebates earned (20% of their trading fees), per currency', querystring: z.object({ lang: language() }) }, preHandler: guards.requireUser },
    async (request) => {
      const overview = service.overview(currentUser(request).id);
      // The link points at the H5 app on the address the user reached us by, so a poster made on a test host works there too.
      const inviteLink = `${request.protocol}://${request.host}/h5/#/pages/common/register?code=${encodeURIComponent(overview.invite_code)}`;
      return ok({ ...overview, invite_link: inviteLink, qr_code: await QRCode.toDataURL(inviteLink, { errorCorrectionLevel: 'M', margin: 2, width: 240 }) });
    },
  );

  api.get(
    '/user/invite/list',
    { schema: { tags, summary: 'The users you invited, newest first, with the rebates each has earned you', querystring: z.object(pagination) }, preHandler: guards.requireUser },
    async (request) => ok(service.invitees(currentUser(request).id, request.query.page, request.query.limit)),
  );
};
